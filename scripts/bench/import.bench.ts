/**
 * Import throughput (station-rows/s) of hourly national station files, as `lantian import DIR` runs
 * them: parse, QC, upsert, and aggregate into city hours, days, months and years. Each hour is one
 * file in the release's CSV form, made from the shared 2018 hour with its timepoint shifted (../shared,
 * GUIDE §6), or from ~1,500 made-up stations when it is absent.
 *
 * BENCH_IMPORT_HOURS picks the number of hourly files (default 168, a week; 8760 is the year the goal
 * is stated for, ~13 M rows). The files are made in memory one at a time, outside the timed part, so
 * that a year needs neither 2 GB of temp files nor their disk reads in the figure.
 *
 * Besides the import, the bench times the raw insert of the same rows into the same table on the same
 * kind of database (prepared INSERTs in transactions of the importer's batch size on SQLite, COPY on
 * PostgreSQL): import ÷ raw says how much the importer adds to the cheapest possible write.
 * Peak RSS is the process's maxRSS after the import (the bench runs the import first, so it is the
 * import's peak; PostgreSQL's own memory is not in it).
 *
 * SQLite always; PostgreSQL too when BENCH_DATABASE_URL is set (a fresh schema, dropped afterwards);
 * BENCH_IMPORT_ONLY=sqlite or postgres runs just one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatChinaDateTime } from '@lantian/domain';
import pg from 'pg';
import { migrateAppDatabase, openAppDatabase } from '../../apps/server/src/database';
import { Importer } from '../../apps/server/src/modules/data/ingest';
import type { DatabaseConfig } from '../../apps/server/src/platform/config';
import type { BenchResult } from './index';
import { rawInsertHours } from './raw-insert';
import { baseHour, releaseCsv } from './release-hour';

const HOURS = Math.max(1, Number(process.env.BENCH_IMPORT_HOURS ?? 168));
/** Re-importing a whole year unchanged would double a long run for a figure the goal does not name. */
const REIMPORT_UP_TO_HOURS = 1_000;
/** BENCH_IMPORT_ONLY=sqlite|postgres runs one dialect: peak RSS is then that dialect's alone. */
const ONLY = process.env.BENCH_IMPORT_ONLY;
const GOALS = { sqlite: 100_000, postgres: 60_000 } as const;
const RATIO_GOAL = 0.25;
const RSS_GOAL_MB = 500;
const START = Date.UTC(2018, 0, 1, 1 - 8) / 1000;

/** User + system CPU seconds of this process (SQLite works inside it; PostgreSQL's own CPU is not in it). */
function cpuOf(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

/** The hour files, one at a time: the CSV text is built once and only its timepoint changes. */
function* hourFiles(): Generator<{ name: string; bytes: Uint8Array }> {
  const base = baseHour();
  const marker = '@@TIMEPOINT@@';
  const template = releaseCsv(base.rows, marker);
  for (let h = 0; h < HOURS; h++) {
    const text = template.replaceAll(marker, formatChinaDateTime(START + h * 3600));
    yield { name: `hour-${String(h).padStart(4, '0')}.csv`, bytes: Buffer.from(text, 'utf8') };
  }
}

async function freshDatabase(
  kind: 'sqlite' | 'postgres',
  dir: string,
): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const file = path.join(dir, `bench-${randomBytes(4).toString('hex')}.db`);
    const drop = async () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    };
    return { config: { kind: 'sqlite', path: file }, drop };
  }
  const url = process.env.BENCH_DATABASE_URL ?? '';
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const withPath = new URL(url);
  withPath.searchParams.set('options', `-c search_path=${schema}`);
  return {
    config: { kind: 'postgres', url: withPath.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

/** Imports every hour file with one importer, as the CLI does; only the importer's work is timed. */
async function importAll(config: DatabaseConfig, passes: number) {
  const database = openAppDatabase(config);
  try {
    await migrateAppDatabase(database);
    const seconds: number[] = [];
    const cpuSeconds: number[] = [];
    let rows = 0;
    for (let n = 0; n < passes; n++) {
      const importer = new Importer(database);
      let spent = 0;
      let cpu = 0;
      for (const file of hourFiles()) {
        const started = performance.now();
        const cpuStarted = process.cpuUsage();
        await importer.importFile(file);
        spent += performance.now() - started;
        cpu += cpuOf(process.cpuUsage(cpuStarted));
      }
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      await importer.finish();
      spent += performance.now() - started;
      cpu += cpuOf(process.cpuUsage(cpuStarted));
      seconds.push(spent / 1000);
      cpuSeconds.push(cpu);
      const s = importer.summary();
      if (s.rejected.count > 0 || s.failed.length > 0)
        throw new Error(`bench import rejected rows: ${JSON.stringify(s.rejected.first[0] ?? s.failed[0])}`);
      rows = s.inserted + s.updated + s.unchanged;
    }
    return { seconds, cpuSeconds, rows };
  } finally {
    await database.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lantian-bench-import-'));
  const results: BenchResult[] = [];
  const source = baseHour().source;
  try {
    const kinds = (process.env.BENCH_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)).filter(
      (k) => ONLY === undefined || ONLY === k,
    );
    for (const kind of kinds) {
      const label = `${kind} ${HOURS} hourly files`;
      const goal = GOALS[kind];
      const db = await freshDatabase(kind, dir);
      let importRate = 0;
      try {
        const passes = HOURS <= REIMPORT_UP_TO_HOURS ? 2 : 1;
        const { seconds, cpuSeconds, rows } = await importAll(db.config, passes);
        const rssMb = Math.round(process.resourceUsage().maxRSS / 1024);
        importRate = Math.round(rows / (seconds[0] ?? 1));
        results.push({
          name: `${label}: import + city rows`,
          value: importRate,
          unit: 'rows/s',
          note: `goal ≥ ${goal}; ${rows} rows from ${source}, ${(seconds[0] ?? 0).toFixed(1)} s, ${(cpuSeconds[0] ?? 0).toFixed(1)} s CPU in the bench process`,
        });
        results.push({
          name: `${label}: peak RSS`,
          value: rssMb,
          unit: 'MB',
          note: `goal ≤ ${RSS_GOAL_MB}; maxRSS of the bench process after the ${kind} import`,
        });
        if (passes > 1) {
          results.push({
            name: `${label}: re-import (unchanged)`,
            value: Math.round(rows / (seconds[1] ?? 1)),
            unit: 'rows/s',
            note: `no goal; ${(seconds[1] ?? 0).toFixed(1)} s`,
          });
        }
      } finally {
        await db.drop();
      }
      const rawDb = await freshDatabase(kind, dir);
      try {
        const raw = await rawInsertHours(rawDb.config, hourFiles());
        const rawRate = Math.round(raw.rows / raw.seconds);
        results.push({
          name: `${label}: raw insert`,
          value: rawRate,
          unit: 'rows/s',
          note: `no goal; ${kind === 'sqlite' ? 'prepared INSERTs' : 'COPY'}, ${raw.rows} rows, ${raw.seconds.toFixed(1)} s`,
        });
        results.push({
          name: `${label}: import ÷ raw`,
          value: Math.round((importRate / rawRate) * 1000) / 1000,
          unit: 'ratio',
          note: `goal ≥ ${RATIO_GOAL}`,
        });
      } finally {
        await rawDb.drop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
