import type { RedisTimeouts } from '../config';
import { MemoryState } from './memory-state';
import { RedisState } from './redis-state';
import type { SharedState } from './shared-state';

export { MemoryState } from './memory-state';
export { RedisState } from './redis-state';
export { type SharedState, StateUnavailableError } from './shared-state';

/** The timeouts are asked for, not defaulted, so that every process (server and CLI) honours the configured ones. */
export function openSharedState(redisUrl: string | undefined, timeouts: Partial<RedisTimeouts>): SharedState {
  return redisUrl === undefined ? new MemoryState() : new RedisState(redisUrl, { timeouts });
}

/**
 * Start-up's check that the shared state answers: PING, again and again while Redis is still
 * starting (an orchestrator may start both at once), for at most `timeoutMs`. Then it gives up with
 * one readable line rather than claim to be ready and answer every request 503.
 */
export async function pingAtStartup(state: SharedState, timeoutMs: number, pauseMs = 250): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await state.ping();
      return;
    } catch (err) {
      if (Date.now() + pauseMs > deadline) {
        const reason =
          err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
        throw new Error(
          `共享状态（Redis）在 ${Math.round(timeoutMs / 1000)} 秒内没有应答 / Redis did not answer within ${timeoutMs} ms (REDIS_STARTUP_TIMEOUT_MS): ${reason}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
