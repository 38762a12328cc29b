import { civilFromDays, daysFromCivil, daysInMonth } from '@lantian/domain';

/**
 * Downloads of the public daily archive (IMPORT_ARCHIVE_URL): one file per China calendar day, named
 * by a URL template. A day the archive does not have (404/410) is "missing", not an error; network
 * errors, timeouts, 429 and 5xx are retried with exponential backoff; anything else fails that file.
 */

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export function formatDate(d: CalendarDate): string {
  return `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
}

/** Strict `YYYY-MM-DD`, or null. */
export function parseDate(text: string): CalendarDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (m === null) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Every day from `from` to `to`, both included (empty when `to` is before `from`). */
export function datesBetween(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const first = daysFromCivil(from.year, from.month, from.day);
  const last = daysFromCivil(to.year, to.month, to.day);
  const out: CalendarDate[] = [];
  for (let d = first; d <= last; d++) out.push(civilFromDays(d));
  return out;
}

/** The URL of one day: {yyyymmdd}, {yyyy}, {mm}, {dd} replaced (validated by config.ts). */
export function archiveUrl(template: string, d: CalendarDate): string {
  const values: Record<string, string> = {
    yyyymmdd: `${pad(d.year, 4)}${pad(d.month, 2)}${pad(d.day, 2)}`,
    yyyy: pad(d.year, 4),
    mm: pad(d.month, 2),
    dd: pad(d.day, 2),
  };
  return template.replace(/\{(yyyymmdd|yyyy|mm|dd)\}/g, (whole, key: string) => values[key] ?? whole);
}

export interface DownloadOptions {
  /** Per attempt, headers and body together. */
  timeoutMs?: number;
  /** Further attempts after the first. */
  retries?: number;
  /** Wait before the first retry; doubled for each further one. */
  backoffMs?: number;
  /**
   * Larger bodies are refused, counted while they arrive (the download stops at the limit, nothing
   * beyond it is held): a daily file is a few MB, so this only stops a wrong URL or a hostile server.
   */
  maxBytes?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export type Download =
  | { status: 'ok'; url: string; bytes: Uint8Array; attempts: number }
  | { status: 'missing'; url: string; httpStatus: number; attempts: number };

export class DownloadError extends Error {
  constructor(
    readonly url: string,
    readonly problem: string,
    readonly attempts: number,
  ) {
    super(`下载失败 / download failed (${attempts} 次尝试 / attempts): ${url}: ${problem}`);
    this.name = 'DownloadError';
  }
}

export const DOWNLOAD_DEFAULTS = {
  timeoutMs: 20_000,
  retries: 3,
  backoffMs: 1_000,
  maxBytes: 64 * 1024 * 1024,
} as const;

/** Thrown inside an attempt when trying again may help. */
class Retryable extends Error {}

function describe(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return '超时 / timed out';
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return `${err.message}${cause}`;
  }
  return String(err);
}

type Attempt = { missing: number } | { bytes: Uint8Array };

async function attempt(url: string, options: Required<DownloadOptions>): Promise<Attempt> {
  let response: Response;
  try {
    response = await options.fetch(url, { signal: AbortSignal.timeout(options.timeoutMs), redirect: 'follow' });
  } catch (err) {
    throw new Retryable(describe(err));
  }
  if (response.status === 404 || response.status === 410) {
    await response.body?.cancel();
    return { missing: response.status };
  }
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel();
    throw new Retryable(`HTTP ${response.status}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new DownloadError(url, `HTTP ${response.status}`, 1);
  }
  const tooLarge = (bytes: number | string) => new DownloadError(url, `文件过大 / too large: ${bytes} bytes`, 1);
  // A declared length over the limit is refused before any of the body is read; a server that
  // declares less (or nothing) and sends more is cut off by the count below.
  const length = Number(response.headers.get('content-length') ?? '0');
  if (length > options.maxBytes) {
    await response.body?.cancel();
    throw tooLarge(length);
  }
  try {
    return { bytes: await readLimited(response, options.maxBytes, tooLarge) };
  } catch (err) {
    if (err instanceof DownloadError) throw err;
    // The connection broke or timed out while the body was arriving.
    throw new Retryable(describe(err));
  }
}

/** The body, read chunk by chunk and abandoned (the connection closed) as soon as it passes `maxBytes`. */
async function readLimited(
  response: Response,
  maxBytes: number,
  tooLarge: (bytes: string) => DownloadError,
): Promise<Uint8Array> {
  if (response.body === null) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`> ${maxBytes}`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Downloads one URL with retries; a 404/410 is `missing`, other failures throw a DownloadError. */
export async function download(url: string, options: DownloadOptions = {}): Promise<Download> {
  const o: Required<DownloadOptions> = {
    ...DOWNLOAD_DEFAULTS,
    fetch: globalThis.fetch,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    ...options,
  };
  let last = '';
  for (let n = 1; n <= o.retries + 1; n++) {
    try {
      const result = await attempt(url, o);
      return 'missing' in result
        ? { status: 'missing', url, httpStatus: result.missing, attempts: n }
        : { status: 'ok', url, bytes: result.bytes, attempts: n };
    } catch (err) {
      if (err instanceof DownloadError) throw new DownloadError(url, err.problem, n);
      if (!(err instanceof Retryable)) throw err;
      last = err.message;
      if (n <= o.retries) await o.sleep(o.backoffMs * 2 ** (n - 1));
    }
  }
  throw new DownloadError(url, last, o.retries + 1);
}
