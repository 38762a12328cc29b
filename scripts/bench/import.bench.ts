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
import { formatChinaDateTime } from '@lantian/domain';
import pg from 'pg';
import { migrateAppDatabase, openAppDatabase } from '../../apps/server/src/database';
import { Importer } from '../../apps/server/src/modules/data/ingest';
import type { DatabaseConfig } from '../../apps/server/src/platform/config';
import type { BenchResult } from './index';
import { baseHour, releaseCsv } from './release-hour';

const HOURS = 48;

function writeHours(dir: string): { rows: number; source: string } {
  const base = baseHour();
  const start = Date.UTC(2018, 1, 20, 7 - 8) / 1000;
  for (let h = 0; h < HOURS; h++) {
    writeFileSync(
      path.join(dir, `hour-${String(h).padStart(3, '0')}.csv`),
      releaseCsv(base.rows, formatChinaDateTime(start + h * 3600)),
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
  const database = openAppDatabase(config);
  try {
    await migrateAppDatabase(database);
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
