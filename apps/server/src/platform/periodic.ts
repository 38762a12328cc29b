/**
 * A module's background jobs (sweeps, retention, flushes): each runs every so often until the module
 * closes. A run that fails is logged and the next one tries again; the timers never keep the process
 * alive on their own (shutdown is the lifecycle's business, not theirs).
 */

/** The part of a pino logger a failed run needs (Fastify's logger satisfies it). */
export interface JobLogger {
  error(obj: object, msg: string): void;
}

export class PeriodicJobs {
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly log: JobLogger) {}

  /** Runs `job` every `ms`; a failure is logged as `failure` with the error. */
  every(ms: number, failure: string, job: () => Promise<unknown>): void {
    const timer = setInterval(() => {
      job().catch((err: unknown) => this.log.error({ err }, failure));
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** Stops every job (a run under way finishes by itself). */
  stop(): void {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
  }
}
