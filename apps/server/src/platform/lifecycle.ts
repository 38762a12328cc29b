import type { FastifyBaseLogger } from 'fastify';

export interface Closable {
  close(): Promise<void>;
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, let in-flight requests finish, close the
 * database and shared state, exit 0. If that takes longer than `timeoutMs`, exit 1 anyway so an
 * orchestrator is never left waiting on a stuck request.
 */
export function installGracefulShutdown(
  steps: Closable[],
  options: { timeoutMs: number; log: FastifyBaseLogger; exit?: (code: number) => void },
) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    options.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      options.log.error({ timeoutMs: options.timeoutMs }, 'shutdown timed out, exiting anyway');
      exit(1);
    }, options.timeoutMs);
    timer.unref();
    try {
      for (const step of steps) await step.close();
      clearTimeout(timer);
      options.log.info('shutdown complete');
      exit(0);
    } catch (err) {
      options.log.error({ err }, 'shutdown failed');
      exit(1);
    }
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
