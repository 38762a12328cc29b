/**
 * The application the API benchmarks and the profiler load: buildApp over a SQLite file holding the
 * demo country (every city, HISTORY_DAYS days), with Beijing's history stretched so that its series
 * calls answer what they would in production — 31 days of hours, 366 days of days — as production
 * runs it (NODE_ENV=production, warn-level logs), with request budgets raised out of the way (a
 * benchmark sends hundreds of thousands of calls from one address).
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
import { MemoryState, openSharedState, type SharedState } from '../../apps/server/src/platform/state';

export const HISTORY_DAYS = 3;
export const SERIES_CITY = '110000';
/** The signing key of the bench's app (the public site's default). */
export const BENCH_API_KEY = 'lantian-public-web-v1';

export interface BenchDatabase {
  file: string;
  /** The newest seeded hour (epoch seconds). */
  lastHour: number;
  remove(): void;
}

/**
 * Beijing's seeded hours and days repeated back in time (the values repeat; the sizes and the
 * queries are real), so a 30-day hourly series and a year of days read what production would.
 */
async function stretchHistory(air: AirStore, to: number): Promise<void> {
  const span = HISTORY_DAYS * SECONDS_PER_DAY;
  const hours = await air.cityHours.ofCity(SERIES_CITY, to - span + 1, to);
  const hourRows = [];
  for (let shift = span; shift <= 31 * SECONDS_PER_DAY; shift += span) {
    for (const r of hours) hourRows.push({ ...r, time: r.time - shift });
  }
  await air.cityHours.upsert(hourRows);
  const days = await air.cityDays.ofCity(SERIES_CITY, to - span, to);
  const dayRows = [];
  for (let shift = span; shift <= 366 * SECONDS_PER_DAY; shift += span) {
    for (const d of days) dayRows.push({ ...d, day: d.day - shift });
  }
  await air.cityDays.upsert(dayRows);
}

/** A fresh SQLite file with the bench's data (the demo seed takes most of a minute). */
export async function prepareBenchDatabase(): Promise<BenchDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lantian-bench-api-'));
  const file = path.join(dir, 'bench.db');
  const database = openAppDatabase({ kind: 'sqlite', path: file });
  try {
    await migrateAppDatabase(database);
    const seed = await seedDemoData(database, { days: HISTORY_DAYS, now: systemClock(), sqlitePath: file });
    await stretchHistory(new AirStore(database), seed.to);
    return { file, lastHour: seed.to, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await database.close();
  }
}

export interface BenchApp {
  app: App;
  state: SharedState;
  close(): Promise<void>;
}

/** The app over a prepared bench database; `redisUrl` shares state as several instances would. */
export async function openBenchApp(options: {
  file: string;
  signature: boolean;
  redisUrl?: string;
  env?: Record<string, string>;
}): Promise<BenchApp> {
  const dir = path.dirname(options.file);
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${options.file}`,
      PUBLIC_API_SIGNATURE: options.signature ? 'on' : 'off',
      PUBLIC_API_KEY: BENCH_API_KEY,
      RATE_LIMIT_PUBLIC_MAX: '10000000',
      HJ212_PORT: 'off',
      WEB_DIST_DIR: path.join(dir, 'no-web'),
      CONSOLE_DIST_DIR: path.join(dir, 'no-console'),
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      ...options.env,
    },
    dir,
  );
  const database = openAppDatabase(config.database);
  const state: SharedState = options.redisUrl ? openSharedState(options.redisUrl, {}) : new MemoryState();
  const app = await buildApp({ config, database, state });
  return {
    app,
    state,
    close: async () => {
      await app.server.close();
      await database.close();
      await state.close();
    },
  };
}

/** Listens on loopback (port 0: any free one); answers the origin. */
export async function listen(server: App['server'], port = 0): Promise<string> {
  await server.listen({ host: '127.0.0.1', port });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}
