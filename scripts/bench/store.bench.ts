/**
 * The store at the size it will have: (a) seeding 60 days of demo data into a fresh SQLite file, as
 * a first `npm start` does; (b) the queries pages will make, on a year of hourly data for every demo
 * station — kept in data/bench/store-1y.db, generated on the first run (a few minutes) and reused —
 * and on PostgreSQL too when BENCH_DATABASE_URL names a database set aside for benchmarks (its demo
 * rows are replaced by the year; nothing else in it is touched).
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chinaDayStart, chinaParts, dayOfHourEnding, SECONDS_PER_DAY } from '@lantian/domain';
import { type AppDatabase, migrateAppDatabase, openAppDatabase } from '../../apps/server/src/database';
import { AirStore } from '../../apps/server/src/modules/data/air';
import { demoCities, seedDemoData } from '../../apps/server/src/modules/data/demo';
import { StationsRepository } from '../../apps/server/src/modules/data/stations';
import { DEMO_SEED_META, SystemRepository } from '../../apps/server/src/modules/data/system';
import { systemClock } from '../../apps/server/src/platform/clock';
import type { DatabaseConfig } from '../../apps/server/src/platform/config';
import type { BenchResult } from './index';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const benchDir = path.join(root, 'data', 'bench');
const YEAR_DAYS = 365;

/** Deterministic pseudo-random picks (no Math.random: runs compare like with like). */
function picker(seed: number) {
  let state = seed;
  return <T>(list: readonly T[]): T => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const item = list[state % list.length];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
}

/** Median and p99 of an async call, in milliseconds. */
async function latency(label: string, name: string, fn: (i: number) => Promise<unknown>, samples = 200) {
  for (let i = 0; i < 20; i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return [
    { name: `${name} p50`, value: at(0.5), unit: 'ms', note: label },
    { name: `${name} p99`, value: at(0.99), unit: 'ms', note: label },
  ] satisfies BenchResult[];
}

function sqliteFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

async function seedFresh60(): Promise<BenchResult[]> {
  mkdirSync(benchDir, { recursive: true });
  const file = path.join(benchDir, 'seed-60d.db');
  sqliteFiles(file);
  const database = openAppDatabase({ kind: 'sqlite', path: file });
  try {
    await migrateAppDatabase(database);
    const started = performance.now();
    const report = await seedDemoData(database, {
      days: 60,
      now: systemClock(),
      sqlitePath: file,
    });
    const seconds = (performance.now() - started) / 1000;
    const rows = report.stationHours + report.cityHours + report.weatherHours + report.cityDays;
    return [
      {
        name: 'seed 60 days of demo data (SQLite, fresh file)',
        value: seconds,
        unit: 's',
        note: `${report.stations} stations, ${report.stationHours} station hours, ${rows} hourly+daily rows`,
      },
    ];
  } finally {
    await database.close();
    sqliteFiles(file);
  }
}

/** The year of data in `database`, generated unless a complete one is there already. */
async function ensureYear(database: AppDatabase, sqlitePath: string | undefined, label: string): Promise<void> {
  await migrateAppDatabase(database);
  const stations = await new StationsRepository(database).all('demo');
  const air = new AirStore(database);
  const first = stations[0];
  const complete = (await new SystemRepository(database).getMeta(DEMO_SEED_META)) === 'complete';
  if (first !== undefined && complete) {
    const oldest = await air.stationHours.series(first.code, 0, Number.MAX_SAFE_INTEGER - 1).then((r) => r[0]?.time);
    const latest = await air.stationHours.latestTimeOf(first.code);
    if (oldest !== undefined && latest !== undefined && latest - oldest >= (YEAR_DAYS - 1) * SECONDS_PER_DAY) return;
  }
  console.error(`store bench: generating a year of demo data on ${label} (once; a few minutes)…`);
  const report = await seedDemoData(database, {
    days: YEAR_DAYS,
    now: systemClock(),
    ...(sqlitePath === undefined ? {} : { sqlitePath }),
  });
  console.error(`store bench: ${report.stationHours} station hours in ${report.seconds} s`);
}

async function queries(config: DatabaseConfig, label: string): Promise<BenchResult[]> {
  const sqlitePath = config.kind === 'sqlite' ? config.path : undefined;
  const database = openAppDatabase(config);
  try {
    await ensureYear(database, sqlitePath, label);
    const air = new AirStore(database);
    const latest = await air.cityHours.latestTime();
    if (latest === undefined) throw new Error('no city hours after seeding');
    const cities = demoCities().map((c) => c.profile.code);
    const lastDay = dayOfHourEnding(latest) - 1;
    const days = Array.from({ length: 300 }, (_, k) => chinaDayStart(lastDay - k));
    const months = [...new Set(days.map((d) => chinaParts(d).year * 100 + chinaParts(d).month))].slice(1);
    const pick = picker(7);
    const byAqi = (a: { aqi: number | null }, b: { aqi: number | null }) => (a.aqi ?? 1e9) - (b.aqi ?? 1e9);
    const byIndex = (a: { composite_index: number | null }, b: { composite_index: number | null }) =>
      (a.composite_index ?? 1e9) - (b.composite_index ?? 1e9);
    return [
      ...(await latency(label, 'latest hour, all stations of a city', () =>
        air.stationHours.at(latest, [pick(cities)]),
      )),
      ...(await latency(label, '30 days of hours of a city', () =>
        air.cityHours.ofCity(pick(cities), latest - 30 * SECONDS_PER_DAY, latest),
      )),
      ...(await latency(label, 'a year of days of a city', () =>
        air.cityDays.ofCity(pick(cities), chinaDayStart(lastDay - YEAR_DAYS + 1), chinaDayStart(lastDay)),
      )),
      ...(await latency(label, 'national ranking of a day (by AQI)', async () =>
        (await air.cityDays.at(pick(days))).sort(byAqi),
      )),
      ...(await latency(label, 'national ranking of a month (composite index)', async () =>
        (await air.cityMonths.at(pick(months))).sort(byIndex),
      )),
    ];
  } finally {
    await database.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const results = await seedFresh60();
  mkdirSync(benchDir, { recursive: true });
  results.push(...(await queries({ kind: 'sqlite', path: path.join(benchDir, 'store-1y.db') }, 'SQLite, 1 year')));
  const postgres = process.env.BENCH_DATABASE_URL;
  if (postgres !== undefined && postgres !== '') {
    results.push(...(await queries({ kind: 'postgres', url: postgres }, 'PostgreSQL, 1 year')));
  }
  return results;
}
