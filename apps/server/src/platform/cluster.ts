import cluster, { type Worker } from 'node:cluster';
import type { BaseLogger } from 'pino';

/**
 * Several server processes on one machine (SERVER_PROCESSES): one Node process serves from one core,
 * so a machine with N cores runs N processes sharing the HTTP port (and the HJ 212 port) through
 * node:cluster, as N machines would share a balancer — each a whole instance, sharing the database
 * and Redis (docs/PERFORMANCE.md, "Scale").
 *
 * The primary serves nothing itself: it starts the first process and waits until that one's one-time
 * start-up work is done (migrations, the first-start operator, the demo seed), then starts the others,
 * so that two processes never seed an empty database at once. A process that dies is started again
 * (after a pause that grows while they keep dying); SIGTERM or SIGINT stop every process gracefully
 * (each finishes its in-flight requests) before the primary exits.
 */

export interface ClusterOptions {
  processes: number;
  /** Resolves once the first process has finished its one-time start-up work. */
  firstReady: () => Promise<void>;
  /** Environment of the processes started after the first (e.g. one demo device network, not N). */
  laterEnv: Record<string, string>;
  shutdownTimeoutMs: number;
  log: BaseLogger;
  exit?: (code: number) => void;
}

/** The message a server process sends its primary once it listens. */
const LISTENING = 'lantian:listening';

/** In a server process: tells the primary (if any) that this process listens. */
export function tellPrimaryListening(): void {
  if (cluster.isWorker) process.send?.(LISTENING);
}

function listening(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (message !== LISTENING) return;
      worker.off('exit', onExit);
      resolve();
    };
    const onExit = (code: number | null) => {
      worker.off('message', onMessage);
      reject(new Error(`server process ${worker.process.pid} exited with ${code} before it listened`));
    };
    worker.on('message', onMessage);
    worker.once('exit', onExit);
  });
}

export async function runClusterPrimary(options: ClusterOptions): Promise<void> {
  const { log } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  let firstDone = false;
  const recentDeaths: number[] = [];

  const fork = (later: boolean): Worker => cluster.fork(later ? options.laterEnv : {});

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'a server process died; starting another');
    const now = Date.now();
    recentDeaths.push(now);
    while ((recentDeaths[0] ?? now) < now - 60_000) recentDeaths.shift();
    // A process that dies at once again and again (a bad setting, a full disk) is not restarted in a tight loop.
    const pauseMs = Math.min(30_000, 250 * 2 ** Math.min(7, recentDeaths.length - 1));
    setTimeout(() => {
      if (!stopping) fork(firstDone);
    }, pauseMs).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping every server process');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    const timer = setTimeout(() => {
      log.error('server processes did not stop in time; killing them');
      for (const w of workers) w.process.kill('SIGKILL');
      exit(1);
    }, options.shutdownTimeoutMs + 2_000);
    timer.unref();
    let left = workers.length;
    if (left === 0) exit(0);
    for (const w of workers) {
      w.once('exit', () => {
        left -= 1;
        if (left === 0) {
          clearTimeout(timer);
          log.info('every server process stopped');
          exit(0);
        }
      });
      w.process.kill('SIGTERM');
    }
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  const first = fork(false);
  await listening(first);
  await options.firstReady();
  firstDone = true;
  const rest = Array.from({ length: options.processes - 1 }, () => fork(true));
  await Promise.all(rest.map(listening));
  log.info({ processes: options.processes }, `${options.processes} server processes are serving`);
}
