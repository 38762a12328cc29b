/**
 * The pure part of a Server-Sent Events subscription: how long to wait before opening a stream again
 * that the browser gave up on, and reading an event's JSON. The hook is useEventStream.
 */

/** First wait after a stream closed for good; doubled on each further failure. */
export const FIRST_RETRY_MS = 1_000;
/** The longest wait between two attempts. */
export const MAX_RETRY_MS = 30_000;

/**
 * The wait before attempt `attempt` (0 for the first retry): 1 s, 2 s, 4 s… up to 30 s. The
 * browser retries a dropped connection by itself; this is for a stream it closed (an HTTP error, a
 * wrong content type), which it never reopens.
 */
export function retryDelay(attempt: number): number {
  const n = Math.max(0, Math.floor(attempt));
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(n, 16));
}

/** An event's data as JSON, or undefined when it is not JSON (a keep-alive, a broken line). */
export function parseEventData(data: unknown): unknown {
  if (typeof data !== 'string' || data.trim() === '') return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/** What the page says about its live connection. */
export type StreamState = 'connecting' | 'open' | 'retrying';

export const STREAM_STATE_TEXT: Readonly<Record<StreamState, string>> = {
  connecting: '正在连接实时推送…',
  open: '实时推送已连接',
  retrying: '实时推送已断开，正在重连…',
};
