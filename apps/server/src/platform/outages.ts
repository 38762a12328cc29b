/**
 * One log line when a dependency (the database, Redis) goes down and one when it is back, however
 * many requests fail in between: during an outage every request fails the same way, and a line per
 * request would bury the cause and fill the disk. Requests answer 503 meanwhile (http/unavailable.ts).
 */

/** The part of a pino logger an outage needs (Fastify's logger satisfies it). */
export interface OutageLogger {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export type Dependency = 'database' | 'sharedState';

/** What the log may show of an error: its code and message, never a connection string. */
export function describeFault(err: unknown): { code?: string; message: string } {
  if (typeof err !== 'object' || err === null) return { message: String(err) };
  const { code, message } = err as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message !== '' ? message : (err.constructor?.name ?? 'error');
  return typeof code === 'string' ? { code, message: text } : { message: text };
}

export class Outage {
  private log: OutageLogger | undefined;
  private downSince: number | undefined;
  private failures = 0;

  constructor(
    readonly dependency: Dependency,
    private readonly now: () => number = Date.now,
  ) {}

  /** Where the two lines go; the store is opened before the HTTP server (and its logger) exists. */
  reportTo(log: OutageLogger): void {
    this.log = log;
  }

  get isDown(): boolean {
    return this.downSince !== undefined;
  }

  /** A failure that means the dependency cannot be reached; logged only when it starts an outage. */
  down(err: unknown): void {
    this.failures++;
    if (this.downSince !== undefined) return;
    this.downSince = this.now();
    this.log?.error({ dependency: this.dependency, fault: describeFault(err) }, `${this.dependency} unavailable`);
  }

  /** A success: ends the outage, if there was one, with its length and the failures it cost. */
  up(): void {
    if (this.downSince === undefined) return;
    const downMs = this.now() - this.downSince;
    const failures = this.failures;
    this.downSince = undefined;
    this.failures = 0;
    this.log?.info({ dependency: this.dependency, downMs, failures }, `${this.dependency} available again`);
  }
}
