/**
 * A server for the API benchmark, in a process of its own (so that its CPU time can be read apart
 * from the load generator's): the bench app over a prepared database, or a bare Fastify route
 * answering a constant (the ceiling), or — with BENCH_WORKERS=N — N app processes sharing one port
 * through node:cluster. Tells its parent `{ origin, pids }` over IPC once listening.
 *
 * Environment: BENCH_KIND=app|bare, BENCH_DB (the prepared SQLite file), BENCH_SIGNATURE=on|off,
 * BENCH_WORKERS (default 1), BENCH_REDIS_URL (shared state, as several instances need).
 */
import cluster from 'node:cluster';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import Fastify from 'fastify';
import { listen, openBenchApp } from './bench-app';

const kind = process.env.BENCH_KIND ?? 'app';
const workers = Number(process.env.BENCH_WORKERS ?? 1);

function tell(message: unknown) {
  if (process.send === undefined) throw new Error('api-server.ts runs as a child of the API bench');
  process.send(message);
}

async function serve(): Promise<string> {
  if (kind === 'bare') {
    const bare = Fastify({ logger: false });
    bare.get('/', async () => ({ code: 0, msg: '成功', data: 1 }));
    return listen(bare);
  }
  const file = process.env.BENCH_DB;
  if (file === undefined) throw new Error('BENCH_DB is not set');
  const bench = await openBenchApp({
    file,
    signature: process.env.BENCH_SIGNATURE !== 'off',
    ...(process.env.BENCH_REDIS_URL ? { redisUrl: process.env.BENCH_REDIS_URL } : {}),
  });
  // The same constant inside the app: what its global hooks (headers, ids, budgets, form parsing) cost.
  bench.app.server.post('/api/benchConstant', { config: { access: 'public', signed: true, api: true } }, async () => ({
    code: 0,
    msg: '成功',
    data: 1,
  }));
  // Workers of a cluster ask for port 0 and share the one the primary picks.
  return listen(bench.app.server, Number(process.env.BENCH_PORT ?? 0));
}

/** `{ profile: 'start' }` and `{ profile: 'stop', file }` from the parent: a CPU profile of a run only (profile.ts). */
function answerProfileRequests(): void {
  const session = new Session();
  session.connect();
  process.on('message', (message: { profile?: 'start' | 'stop'; file?: string }) => {
    const run = async () => {
      if (message.profile === 'start') {
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 100 });
        await session.post('Profiler.start');
        tell({ profiling: true });
      } else if (message.profile === 'stop' && message.file !== undefined) {
        const { profile } = await session.post('Profiler.stop');
        writeFileSync(message.file, JSON.stringify(profile));
        tell({ profiled: message.file });
      }
    };
    run().catch((error: unknown) => console.error(error));
  });
}

if (workers > 1 && cluster.isPrimary) {
  const pids: number[] = [];
  let origin = '';
  for (let i = 0; i < workers; i++) {
    const worker = cluster.fork();
    worker.on('message', (message: { origin: string }) => {
      origin = message.origin;
      if (worker.process.pid !== undefined) pids.push(worker.process.pid);
      if (pids.length === workers) tell({ origin, pids });
    });
  }
  process.on('disconnect', () => process.exit(0));
} else {
  serve().then(
    (origin) => {
      if (cluster.isWorker) process.send?.({ origin });
      else tell({ origin, pids: [process.pid] });
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
  if (!cluster.isWorker) {
    process.on('disconnect', () => process.exit(0));
    answerProfileRequests();
  }
}
