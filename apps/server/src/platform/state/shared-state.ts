/**
 * State that every server instance must see alike: rate-limit counters, captchas, SMS codes,
 * request nonces, and "new data" notifications. In-process by default; Redis when REDIS_URL is set,
 * so that API servers stay stateless and scale horizontally.
 *
 * Times are in milliseconds. Keys are plain strings; callers namespace them (`captcha:…`, `nonce:…`).
 */
export interface SharedState {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  /** Stores a value; with `ttlMs` it disappears after that long. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Stores only when the key is absent; true when this call stored it (first use of a nonce). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Reads and deletes in one step, so a single-use secret can be used once even under races. */
  take(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
  /**
   * Fixed-window counter: adds one and returns the new count and the time left in the window.
   * The window starts with the first increment and lasts `windowMs`.
   */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Time left before the key expires; null when absent, Infinity when it never expires. */
  ttl(key: string): Promise<number | null>;
  publish(channel: string, message: string): Promise<void>;
  /** Calls `handler` for every message published on `channel` by any instance; returns an unsubscribe. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The shared state cannot be reached (Redis down, restarting, too slow to answer within
 * REDIS_COMMAND_TIMEOUT_MS). Thrown by every operation but `publish` (best effort, see RedisState);
 * the error handler answers it 503 with Retry-After (http/unavailable.ts). What each feature does
 * about it is listed in docs/RELIABILITY.md: nonces, rate limits, captchas and codes fail closed.
 */
export class StateUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StateUnavailableError';
  }
}
