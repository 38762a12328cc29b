import { signParams } from '@lantian/contracts/signature';
import { runtimeConfig } from '../runtime-config';

/**
 * The one way the public site talks to the server (spec §7 "Common rules"): every call is signed
 * (nonce, timestamp, sign headers), POST bodies are form-encoded, the default timeout is 20 s, and
 * the envelope is unwrapped — `data` on success, an {@link ApiError} otherwise. Failures are also
 * announced to whoever listens (the shell shows the spec's '服务器请求失败' toast for 3 s).
 */

export type Params = Record<string, string | number | undefined>;

export class ApiError extends Error {
  constructor(
    message: string,
    /** The envelope's code; 0 when the server was not reached or answered no envelope. */
    readonly code: number,
    /** HTTP status; 0 for network errors and timeouts. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const DEFAULT_TIMEOUT_MS = 20_000;

type FailureListener = (error: ApiError, path: string) => void;
const failureListeners = new Set<FailureListener>();

/** Subscribes to every failed call; returns the unsubscribe function. */
export function onApiFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

/** Spec §7: optional parameters are sent only when given. */
function present(params: Params): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out[k] = String(v);
  return out;
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Do not announce a failure (callers that handle it themselves, such as the silent IP lookup). */
  quiet?: boolean;
}

/** Calls `path` (e.g. `/api/getCityCurrentData`) and resolves with the envelope's `data`. */
export async function callApi<T>(path: string, params: Params = {}, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? 'POST';
  const body = present(params);
  try {
    const headers: Record<string, string> = await signParams(body, runtimeConfig.apiKey);
    const encoded = new URLSearchParams(body).toString();
    let url = path;
    let init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (method === 'GET') {
      if (encoded !== '') url = `${path}?${encoded}`;
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      init = { ...init, body: encoded };
    }
    const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = options.signal === undefined ? timeout : AbortSignal.any([timeout, options.signal]);
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal });
    } catch (err) {
      if (options.signal?.aborted) throw err;
      throw new ApiError(err instanceof Error && err.name === 'TimeoutError' ? '请求超时' : '网络连接失败', 0, 0);
    }
    let envelope: { code?: unknown; msg?: unknown; data?: unknown };
    try {
      envelope = (await response.json()) as typeof envelope;
    } catch (err) {
      // A caller that gave up (navigated away) is not a server failure: no toast for it.
      if (options.signal?.aborted) throw err;
      throw new ApiError(`服务器返回了无法识别的内容（HTTP ${response.status}）`, 0, response.status);
    }
    // Spec §7: success is code 0, '0', 200 or '200'.
    const code = envelope.code;
    if (response.ok && (code === 0 || code === '0' || code === 200 || code === '200')) return envelope.data as T;
    throw new ApiError(
      typeof envelope.msg === 'string' ? envelope.msg : `请求失败（HTTP ${response.status}）`,
      typeof code === 'number' ? code : Number(code) || 0,
      response.status,
    );
  } catch (err) {
    if (err instanceof ApiError && options.quiet !== true) for (const l of failureListeners) l(err, path);
    throw err;
  }
}
