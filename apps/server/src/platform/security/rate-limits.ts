import { rateLimited } from '../errors';
import type { SharedState } from '../state';

/** A fixed-window counter in the shared state, so every instance counts together. */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
  /** The refusal, given the seconds until the window ends. */
  message: (retryAfterSeconds: number) => string;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** "2 分钟" / "45 秒": waits as people read them. */
export function humanWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 120) return `${s} 秒`;
  if (s < 2 * 3600) return `${Math.ceil(s / 60)} 分钟`;
  return `${Math.ceil(s / 3600)} 小时`;
}

export class RateLimiter {
  constructor(private readonly state: SharedState) {}

  /**
   * Refuses (429 + Retry-After) when a counter has already reached its max; counts nothing. Not a
   * cap by itself: parallel requests may all pass it before any of them counts. Where the cap must
   * hold under races (login tries), count first with hit().
   */
  async check(limits: readonly Limit[]): Promise<void> {
    for (const limit of limits) {
      const count = Number((await this.state.get(limit.key)) ?? 0);
      if (count >= limit.max) await this.refuse(limit);
    }
  }

  /** Counts one against every limit; refuses when this one went over any of them. */
  async hit(limits: readonly Limit[]): Promise<void> {
    const counts = await Promise.all(limits.map((l) => this.state.increment(l.key, l.windowMs)));
    counts.forEach(({ count, resetInMs }, i) => {
      const limit = limits[i];
      if (limit !== undefined && count > limit.max) {
        throw rateLimited(resetInMs / 1000, limit.message(resetInMs / 1000));
      }
    });
  }

  /** Counts one in a fixed window and answers the new count (a threshold the caller judges, not a cap). */
  async count(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    return this.state.increment(key, windowMs);
  }

  async reset(key: string): Promise<void> {
    await this.state.delete(key);
  }

  /**
   * A cool-down: true when none was running, and starts one; otherwise refuses with the time left.
   */
  async coolDown(key: string, ms: number, message: (retryAfterSeconds: number) => string): Promise<void> {
    if (await this.state.setIfAbsent(key, '1', ms)) return;
    const left = (await this.state.ttl(key)) ?? ms;
    throw rateLimited(left / 1000, message(left / 1000));
  }

  /** Refuses when a cool-down is running, without starting one. */
  async checkCoolDown(key: string, message: (retryAfterSeconds: number) => string): Promise<void> {
    const left = await this.state.ttl(key);
    if (left !== null && left > 0) throw rateLimited(left / 1000, message(left / 1000));
  }

  private async refuse(limit: Limit): Promise<never> {
    const left = (await this.state.ttl(limit.key)) ?? limit.windowMs;
    const seconds = Number.isFinite(left) ? left / 1000 : limit.windowMs / 1000;
    throw rateLimited(seconds, limit.message(seconds));
  }
}
