import { ErrorCode, errorEnvelope } from '@lantian/contracts';
import { ApiError } from './errors';

/**
 * The one way the console talks to the server. Platform calls ride on the operator's session cookie
 * (same origin), so there is no signing here (the public site's nonce/timestamp/sign is for anonymous
 * calls). The `{ code, msg, data }` envelope is unwrapped and the answer checked against the call's
 * schema from @lantian/contracts: a section gets typed `data` or an {@link ApiError}, never a guess.
 */

export type Params = Record<string, string | number | boolean | null | undefined>;

/**
 * What the client needs of a contract's response schema (`healthResponse`, `readyResponse`…): zod's
 * `safeParse`, described structurally so the console does not depend on zod itself.
 */
export interface ResponseSchema<T extends { data: unknown }> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface CallOptions {
  /** TanStack Query's signal: an abandoned query cancels its request. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Spec §7 "Common rules": the default timeout of a platform call. */
export const DEFAULT_TIMEOUT_MS = 20_000;

/** GET `path` with `params` in the query string; resolves with the envelope's checked `data`. */
export function apiGet<T extends { data: unknown }>(
  path: string,
  params: Params,
  schema: ResponseSchema<T>,
  options: CallOptions = {},
): Promise<T['data']> {
  const query = encodeParams(params);
  return call(query === '' ? path : `${path}?${query}`, { method: 'GET', headers: {} }, schema, options);
}

/** POST `params` form-encoded (spec §7: platform writes are form posts); resolves like {@link apiGet}. */
export function apiPost<T extends { data: unknown }>(
  path: string,
  params: Params,
  schema: ResponseSchema<T>,
  options: CallOptions = {},
): Promise<T['data']> {
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  return call(path, { method: 'POST', headers, body: encodeParams(params) }, schema, options);
}

/**
 * POST `body` as JSON: the platform's own writes (administration screens) take JSON, because their
 * bodies carry lists (role ids, permission codes) that a form post cannot say without conventions.
 */
export function apiPostJson<T extends { data: unknown }>(
  path: string,
  body: unknown,
  schema: ResponseSchema<T>,
  options: CallOptions = {},
): Promise<T['data']> {
  const headers = { 'content-type': 'application/json' };
  return call(path, { method: 'POST', headers, body: JSON.stringify(body) }, schema, options);
}

type SessionListener = (error: ApiError) => void;
const sessionListeners = new Set<SessionListener>();

/**
 * Called with every answer that says the operator's session is gone (401) or that the password must
 * be changed first (40322), whichever call it came from: the session gate listens and shows the
 * sign-in page or the password form, so no section has to handle it. Returns the unsubscribe.
 */
export function onSessionProblem(listener: SessionListener): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** Whether an error means "sign in again" or "change your password first". */
export function isSessionProblem(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.code === ErrorCode.PASSWORD_CHANGE_REQUIRED);
}

/** Spec §7: optional parameters are sent only when given. */
export function encodeParams(params: Params): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') out.append(key, String(value));
  }
  return out.toString();
}

async function call<T extends { data: unknown }>(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  schema: ResponseSchema<T>,
  options: CallOptions,
): Promise<T['data']> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal === undefined ? timeout : AbortSignal.any([timeout, options.signal]);
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...init.headers },
      signal,
    });
  } catch (err) {
    // The caller gave up (the query was cancelled): not a failure to report.
    if (options.signal?.aborted) throw err;
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    throw new ApiError(timedOut ? '请求超时，请稍后重试' : '无法连接服务器，请检查网络', 0, 0, undefined, {
      cause: err,
    });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (err) {
    if (options.signal?.aborted) throw err;
    body = undefined;
  }
  try {
    return readAnswer(response.status, body, schema);
  } catch (err) {
    if (isSessionProblem(err)) for (const listener of sessionListeners) listener(err);
    throw err;
  }
}

/** Turns an HTTP status and a parsed body into the envelope's `data`, or throws the matching ApiError. */
export function readAnswer<T extends { data: unknown }>(
  status: number,
  body: unknown,
  schema: ResponseSchema<T>,
): T['data'] {
  const ok = status >= 200 && status < 300;
  // Success and failure share the envelope's outline; anything else (a proxy's HTML page) has none.
  const envelope = errorEnvelope.safeParse(body);
  if (!envelope.success) {
    throw new ApiError(ok ? '服务器返回了无法识别的内容' : `请求失败（HTTP ${status}）`, 0, status);
  }
  const { code, msg, data } = envelope.data;
  if (!ok || code !== 0) throw new ApiError(msg || `请求失败（HTTP ${status}）`, code, status, data);
  const answer = schema.safeParse(body);
  if (!answer.success) {
    throw new ApiError('服务器返回的数据与约定不符，请刷新页面或联系管理员', 0, status, undefined, {
      cause: answer.error,
    });
  }
  return answer.data.data;
}
