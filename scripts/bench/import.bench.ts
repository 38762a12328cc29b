/**
 * Import throughput (rows/s) of a directory of national hourly station files, as
 * `lantian import DIR` runs it: read, parse, QC, upsert, and (or not) refresh the city rows after
 * each file. 48 hourly CSV files are written to a temp dir from the shared 2018 hour with its
 * timepoint shifted (../shared, GUIDE §6), or from ~1,500 made-up stations when it is absent.
 * SQLite always; PostgreSQL too when BENCH_DATABASE_URL is set (a fresh schema, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listCities } from '@lantian/areas';
import { formatChinaDateTime, formatPrimaryPollutants, realtimeAqi } from '@lantian/domain';
import pg from 'pg';
import type { DatabaseConfig } from '../../apps/server/src/config';
import { CNEMC_CSV_COLUMNS, Importer } from '../../apps/server/src/modules/ingest';
import { SHARED_CNEMC_HOUR, sharedFile } from '../../apps/server/src/modules/ingest/shared-data';
import { openDatabase } from '../../apps/server/src/platform/db/database';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate';
import type { BenchResult } from './index';

const HOURS = 48;

type Row = Record<string, string>;

/** One hour of stations as CSV fields: the shared hour, else made-up stations in every city. */
function baseHour(): { rows: Row[]; source: string } {
  const file = sharedFile(SHARED_CNEMC_HOUR);
  if (file !== null) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      features: { geometry: { coordinates: number[] } | null; properties: Row }[];
    };
    return {
      source: 'shared 2018-02-20T07',
      rows: json.features.map((f) => ({
        ...f.properties,
        longitude: String(f.geometry?.coordinates[0] ?? ''),
        latitude: String(f.geometry?.coordinates[1] ?? ''),
      })),
    };
  }
  const cities = listCities();
  const rows = Array.from({ length: 1_500 }, (_, i): Row => {
    const city = cities[i % cities.length];
    const v = {
      pm2_5: 20 + (i % 80),
      pm10: 40 + (i % 120),
      so2: 3 + (i % 9),
      no2: 10 + (i % 50),
      co: 0.6,
      o3: 30 + (i % 90),
    };
    const aqi = realtimeAqi(v);
    return {
      stationcode: `${9000 + i}B`,
      positionname: `合成站${i}`,
      area: city?.name ?? '北京市',
      longitude: String(city?.longitude ?? 116),
      latitude: String(city?.latitude ?? 40),
      aqi: String(aqi.aqi),
      primarypollutant: formatPrimaryPollutants(aqi.primaryPollutants),
      pm2_5: String(v.pm2_5),
      pm2_5_24h: String(v.pm2_5),
      pm10: String(v.pm10),
      pm10_24h: String(v.pm10),
      so2: String(v.so2),
      so2_24h: String(v.so2),
      no2: String(v.no2),
      no2_24h: String(v.no2),
      co: '0.6',
      co_24h: '0.6',
      o3: String(v.o3 + 20),
      o3_24h: String(v.o3),
      o3_8h: String(v.o3),
      o3_8h_24h: String(v.o3),
    };
  });
  return { source: 'synthetic', rows };
}

function writeHours(dir: string): { rows: number; source: string } {
  const base = baseHour();
  const start = Date.UTC(2018, 1, 20, 7 - 8) / 1000;
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  for (let h = 0; h < HOURS; h++) {
    const timepoint = formatChinaDateTime(start + h * 3600);
    const lines = base.rows.map((r) =>
      CNEMC_CSV_COLUMNS.map((c) => quote(c === 'timepoint' ? timepoint : (r[c] ?? ''))).join(','),
    );
    writeFileSync(
      path.join(dir, `hour-${String(h).padStart(3, '0')}.csv`),
      `${CNEMC_CSV_COLUMNS.join(',')}\n${lines.join('\n')}\n`,
    );
  }
  return { rows: base.rows.length * HOURS, source: base.source };
}

async function freshDatabase(
  kind: 'sqlite' | 'postgres',
  dir: string,
): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const file = path.join(dir, `bench-${randomBytes(4).toString('hex')}.db`);
    return { config: { kind: 'sqlite', path: file }, drop: async () => rmSync(file, { force: true }) };
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

async function importDir(config: DatabaseConfig, dir: string, aggregate: boolean, times: number) {
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const files = readdirSync(dir)
      .filter((f) => f.startsWith('hour-'))
      .sort();
    const seconds: number[] = [];
    let last = { inserted: 0, unchanged: 0 };
    for (let n = 0; n < times; n++) {
      const importer = new Importer(database, { aggregate });
      const started = performance.now();
      for (const f of files) await importer.importFile({ name: f, bytes: readFileSync(path.join(dir, f)) });
      seconds.push((performance.now() - started) / 1000);
      const s = importer.summary();
      if (s.rejected.count > 0 || s.failed.length > 0)
        throw new Error(`bench import rejected rows: ${JSON.stringify(s.rejected.first[0])}`);
      last = { inserted: s.inserted, unchanged: s.unchanged };
    }
    return { seconds, last };
  } finally {
    await database.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lantian-bench-import-'));
  const results: BenchResult[] = [];
  try {
    const { rows, source } = writeHours(dir);
    const kinds: ('sqlite' | 'postgres')[] = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
    for (const kind of kinds) {
      for (const aggregate of [true, false]) {
        const db = await freshDatabase(kind, dir);
        try {
          // The first pass inserts everything; the second finds every row unchanged (a re-import).
          const { seconds } = await importDir(db.config, dir, aggregate, 2);
          const label = `${kind} ${HOURS} files${aggregate ? ' + city rows' : ', no city rows'}`;
          results.push({
            name: `${label}: first import`,
            value: Math.round(rows / (seconds[0] ?? 1)),
            unit: 'rows/s',
            note: `${rows} rows from ${source}, ${(seconds[0] ?? 0).toFixed(1)} s`,
          });
          results.push({
            name: `${label}: re-import (unchanged)`,
            value: Math.round(rows / (seconds[1] ?? 1)),
            unit: 'rows/s',
            note: `${(seconds[1] ?? 0).toFixed(1)} s`,
          });
        } finally {
          await db.drop();
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
