/**
 * The application the API benchmarks and the profiler load: buildApp over a temporary SQLite
 * database holding the demo country (every city, HISTORY_DAYS days; Beijing's hours stretched back
 * 31 days so a 30-day series answers the 720 rows it would in production), as production runs it
 * (NODE_ENV=production, warn-level logs), with request budgets raised out of the way (a benchmark
 * sends hundreds of thousands of calls from one address).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SECONDS_PER_DAY } from '@lantian/domain';
import { type App, buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrateAppDatabase, openAppDatabase } from '../../apps/server/src/database';
import { AirStore } from '../../apps/server/src/modules/data/air';
import { seedDemoData } from '../../apps/server/src/modules/data/demo';
import { systemClock } from '../../apps/server/src/platform/clock';
import { MemoryState } from '../../apps/server/src/platform/state';

export const HISTORY_DAYS = 3;
export const SERIES_CITY = '110000';
/** The signing key of the bench's app (the public site's default). */
export const BENCH_API_KEY = 'lantian-public-web-v1';

export interface BenchApp {
  app: App;
  state: MemoryState;
  /** The newest seeded hour (epoch seconds). */
  lastHour: number;
  close(): Promise<void>;
}

async function stretchHistory(air: AirStore, to: number): Promise<void> {
  const span = HISTORY_DAYS * SECONDS_PER_DAY;
  const seeded = await air.cityHours.ofCity(SERIES_CITY, to - span + 1, to);
  const rows = [];
  for (let shift = span; shift <= 31 * SECONDS_PER_DAY; shift += span) {
    for (const r of seeded) rows.push({ ...r, time: r.time - shift });
  }
  await air.cityHours.upsert(rows);
}

export async function openBenchApp(options: { signature: boolean; env?: Record<string, string> }): Promise<BenchApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lantian-bench-api-'));
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`,
      PUBLIC_API_SIGNATURE: options.signature ? 'on' : 'off',
      PUBLIC_API_KEY: BENCH_API_KEY,
      RATE_LIMIT_PUBLIC_MAX: '10000000',
      HJ212_PORT: 'off',
      WEB_DIST_DIR: path.join(dir, 'no-web'),
      CONSOLE_DIST_DIR: path.join(dir, 'no-console'),
      ...options.env,
    },
    dir,
  );
  const database = openAppDatabase(config.database);
  const state = new MemoryState();
  await migrateAppDatabase(database);
  const seed = await seedDemoData(database, { days: HISTORY_DAYS, now: systemClock() });
  await stretchHistory(new AirStore(database), seed.to);
  const app = await buildApp({ config, database, state });
  return {
    app,
    state,
    lastHour: seed.to,
    close: async () => {
      await app.server.close();
      await database.close();
      await state.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Listens on an ephemeral loopback port; answers the origin. */
export async function listen(server: App['server']): Promise<string> {
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}
