import { databaseFaultOf } from './faults';

/**
 * Retrying work that lost a race for the database, not work that failed: SQLite's write lock still
 * held by another process after `busy_timeout` (an import beside the server, or two imports), and
 * PostgreSQL's serialization failures and deadlocks. Anything else is rethrown at once.
 *
 * Only for work that is safe to run again from the start: one transaction that either committed
 * or left nothing behind, with idempotent writes (the importer's batches).
 */

/** SQLite's lock still held, or a PostgreSQL serialization failure, deadlock or lock timeout (db/faults.ts). */
export function isLockContention(err: unknown): boolean {
  return databaseFaultOf(err) === 'busy';
}

export interface RetryOptions {
  /** Tries in all, the first included. */
  attempts?: number;
  /** The first pause; doubled each time, with jitter so that two waiting writers do not collide again. */
  baseDelayMs?: number;
  onRetry?: (err: unknown, attempt: number) => void;
}

export async function retryOnContention<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 6;
  const base = options.baseDelayMs ?? 100;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isLockContention(err)) throw err;
      options.onRetry?.(err, attempt);
      const delay = base * 2 ** (attempt - 1) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
