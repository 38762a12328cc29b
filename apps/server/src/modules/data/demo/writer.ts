import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { SECONDS_PER_HOUR } from '@lantian/domain';
import { sql } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { CityDailyTable, CityHourlyTable, StationHourlyTable } from '../air';
import type { WeatherHourlyTable } from '../weather';
import type { DemoTables } from './demo.tables';
import { type CityBlock, HOURLY_COLUMNS } from './generator';

/**
 * Where the seeder's rows go. A chunk is a few days of every city; the seeder generates the next
 * chunk while the previous one is being written.
 *
 * On SQLite the writes dominate: about 7 µs a row for ~3 million rows, in the one thread that also
 * generates them. So SQLite files get a worker thread with its own connection that inserts chunk
 * after chunk with prepared statements, while the main thread generates the next chunk and keeps
 * serving requests; values cross as typed arrays (moved, not copied). PostgreSQL gets whole columns
 * per statement (unnest). In-memory SQLite, which no second connection can see, goes through
 * `database.bulkInsert`.
 */

export interface SeedChunk {
  /** Every city's block for the chunk's hours, in city-code order. */
  blocks: readonly CityBlock[];
  cityHours: readonly CityHourlyTable[];
  weather: readonly WeatherHourlyTable[];
  cityDays: readonly CityDailyTable[];
  now: number;
}

export interface WrittenCounts {
  stationHours: number;
  cityHours: number;
  weatherHours: number;
  cityDays: number;
}

export interface SeedWriter {
  /** Resolves once the chunk is committed. */
  write(chunk: SeedChunk): Promise<WrittenCounts>;
  close(): Promise<void>;
}

/**
 * The chunk's station hours in time order (hour, then station code). Every index of the table then
 * grows at its end or, for the primary key, at the end of each station's range: inserting a new
 * chunk touches a few thousand pages once instead of splitting pages all over the indexes.
 */
function forEachStationHour(chunk: SeedChunk, visit: (block: CityBlock, s: number, k: number) => void): number {
  const hours = chunk.blocks[0]?.hours ?? 0;
  let n = 0;
  for (let h = 0; h < hours; h++) {
    for (const block of chunk.blocks) {
      for (let s = 0; s < block.stations.length; s++) {
        visit(block, s, s * block.hours + h);
        n++;
      }
    }
  }
  return n;
}

const byTimeThenCity = <T extends { time: number; city_code: string }>(a: T, b: T) =>
  a.time - b.time || (a.city_code < b.city_code ? -1 : a.city_code > b.city_code ? 1 : 0);

/** Writes through `database.bulkInsert` (any dialect). */
export function databaseWriter(database: Database<DemoTables>): SeedWriter {
  return {
    async write(chunk) {
      const rows: StationHourlyTable[] = [];
      forEachStationHour(chunk, (block, s, k) => {
        const at = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? null : v);
        const c = block.station.columns;
        rows.push({
          station_code: block.stations[s]?.code ?? '',
          time: block.start + (k - s * block.hours) * SECONDS_PER_HOUR,
          aqi: at(block.station.aqi[k]),
          level: block.station.level[k] ?? 0,
          primary_pollutant: block.station.primary[k] ?? null,
          pm2_5: at(c.pm2_5[k]),
          pm2_5_24h: at(c.pm2_5_24h[k]),
          pm10: at(c.pm10[k]),
          pm10_24h: at(c.pm10_24h[k]),
          so2: at(c.so2[k]),
          so2_24h: at(c.so2_24h[k]),
          no2: at(c.no2[k]),
          no2_24h: at(c.no2_24h[k]),
          co: at(c.co[k]),
          co_24h: at(c.co_24h[k]),
          o3: at(c.o3[k]),
          o3_1h_max: at(c.o3_1h_max[k]),
          o3_8h: at(c.o3_8h[k]),
          o3_8h_max: at(c.o3_8h_max[k]),
          source: 'demo',
          qc_flags: 0,
          revised: 0,
          updated_at: chunk.now,
        });
      });
      return {
        stationHours: await database.bulkInsert('station_hourly', rows),
        cityHours: await database.bulkInsert('city_hourly', [...chunk.cityHours].sort(byTimeThenCity)),
        weatherHours: await database.bulkInsert('weather_hourly', [...chunk.weather].sort(byTimeThenCity)),
        cityDays: await database.bulkInsert('city_daily', chunk.cityDays),
      };
    },
    async close() {},
  };
}

/**
 * A table's rows as columns: numbers in a Float64Array (NaN = null); texts as indexes into a
 * dictionary (-1 = null), since a few hundred distinct codes repeated 300,000 times cost far more to
 * copy between threads as strings; or one constant for every row.
 */
type ColumnData =
  | { name: string; kind: 'number'; values: Float64Array }
  | { name: string; kind: 'text'; dictionary: string[]; indexes: Int32Array }
  | { name: string; kind: 'constant'; value: string | number | null };

function textColumn(name: string, values: readonly (string | null)[]): ColumnData {
  const dictionary: string[] = [];
  const positions = new Map<string, number>();
  const indexes = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      indexes[i] = -1;
      continue;
    }
    let position = positions.get(v);
    if (position === undefined) {
      position = dictionary.length;
      dictionary.push(v);
      positions.set(v, position);
    }
    indexes[i] = position;
  }
  return { name, kind: 'text', dictionary, indexes };
}

interface ColumnarTable {
  table: string;
  length: number;
  columns: ColumnData[];
}

function stationColumns(chunk: SeedChunk): ColumnarTable {
  const length = chunk.blocks.reduce((n, b) => n + b.stations.length * b.hours, 0);
  const numbers = (name: string) => ({ name, kind: 'number' as const, values: new Float64Array(length) });
  const time = numbers('time');
  const aqi = numbers('aqi');
  const level = numbers('level');
  const values = HOURLY_COLUMNS.map((c) => numbers(c));
  const codes: (string | null)[] = new Array<string | null>(length);
  const primary: (string | null)[] = new Array<string | null>(length);
  let i = 0;
  forEachStationHour(chunk, (block, s, k) => {
    codes[i] = block.stations[s]?.code ?? null;
    time.values[i] = block.start + (k - s * block.hours) * SECONDS_PER_HOUR;
    aqi.values[i] = block.station.aqi[k] ?? Number.NaN;
    level.values[i] = block.station.level[k] ?? 0;
    primary[i] = block.station.primary[k] ?? null;
    for (let c = 0; c < HOURLY_COLUMNS.length; c++) {
      const key = HOURLY_COLUMNS[c];
      const target = values[c];
      if (key !== undefined && target !== undefined) target.values[i] = block.station.columns[key][k] ?? Number.NaN;
    }
    i++;
  });
  return {
    table: 'station_hourly',
    length,
    columns: [
      textColumn('station_code', codes),
      time,
      aqi,
      level,
      textColumn('primary_pollutant', primary),
      ...values,
      { name: 'source', kind: 'constant', value: 'demo' },
      { name: 'qc_flags', kind: 'constant', value: 0 },
      { name: 'revised', kind: 'constant', value: 0 },
      { name: 'updated_at', kind: 'constant', value: chunk.now },
    ],
  };
}

/**
 * Rows of one shape as columns: a column whose rows all hold one value becomes a constant; otherwise
 * its kind follows its first non-null value.
 */
function rowsToColumns(table: string, rows: readonly object[]): ColumnarTable {
  const first = rows[0];
  const names = first === undefined ? [] : Object.keys(first);
  const matrix = rows.map((r) => Object.values(r));
  const columns = names.map((name, c): ColumnData => {
    const head = matrix[0]?.[c];
    if (
      (typeof head === 'number' || typeof head === 'string' || head === null) &&
      matrix.every((row) => row[c] === head)
    ) {
      return { name, kind: 'constant', value: head };
    }
    const sample = matrix.find((values) => values[c] !== null && values[c] !== undefined)?.[c];
    if (typeof sample === 'number') {
      const values = new Float64Array(rows.length);
      matrix.forEach((row, i) => {
        const v = row[c];
        values[i] = typeof v === 'number' ? v : Number.NaN;
      });
      return { name, kind: 'number', values };
    }
    return textColumn(
      name,
      matrix.map((row) => (typeof row[c] === 'string' ? String(row[c]) : null)),
    );
  });
  return { table, length: rows.length, columns };
}

/** The tables of a chunk, in the order they are written. */
function chunkTables(chunk: SeedChunk): ColumnarTable[] {
  return [
    stationColumns(chunk),
    rowsToColumns('city_hourly', [...chunk.cityHours].sort(byTimeThenCity)),
    rowsToColumns('weather_hourly', [...chunk.weather].sort(byTimeThenCity)),
    rowsToColumns('city_daily', chunk.cityDays),
  ].filter((t) => t.length > 0);
}

function countsOf(tables: readonly ColumnarTable[], counts: readonly number[]): WrittenCounts {
  const written = (table: string) => counts[tables.findIndex((t) => t.table === table)] ?? 0;
  return {
    stationHours: written('station_hourly'),
    cityHours: written('city_hourly'),
    weatherHours: written('weather_hourly'),
    cityDays: written('city_daily'),
  };
}

/** Rows per statement on PostgreSQL: one array parameter per column, whatever the row count. */
const PG_ROWS = 20_000;

function pgArray(column: ColumnData, from: number, to: number): { values: (number | string | null)[]; type: string } {
  const values: (number | string | null)[] = [];
  if (column.kind === 'number') {
    for (let i = from; i < to; i++) {
      const v = column.values[i] ?? Number.NaN;
      values.push(Number.isNaN(v) ? null : v);
    }
    return { values, type: 'float8[]' };
  }
  if (column.kind === 'text') {
    for (let i = from; i < to; i++) values.push(column.dictionary[column.indexes[i] ?? -1] ?? null);
    return { values, type: 'text[]' };
  }
  for (let i = from; i < to; i++) values.push(column.value);
  return { values, type: typeof column.value === 'number' ? 'float8[]' : 'text[]' };
}

/**
 * Writes to PostgreSQL with INSERT … SELECT FROM unnest(column arrays): a statement carries a column
 * per parameter, so 20,000 rows cost 23 parameters instead of 460,000, and the server builds the rows.
 * PostgreSQL casts the arrays' values to the columns' types on assignment.
 */
export function postgresWriter(database: Database<DemoTables>): SeedWriter {
  return {
    async write(chunk) {
      const tables = chunkTables(chunk);
      await database.db.transaction().execute(async (trx) => {
        for (const t of tables) {
          // A column that is null in every row is left to its default (NULL): an array of nulls has
          // no type PostgreSQL could cast to the column's.
          const columns = t.columns.filter((c) => !(c.kind === 'constant' && c.value === null));
          for (let from = 0; from < t.length; from += PG_ROWS) {
            const to = Math.min(t.length, from + PG_ROWS);
            const arrays = columns.map((c) => pgArray(c, from, to));
            await sql`insert into ${sql.table(t.table)} (${sql.join(columns.map((c) => sql.ref(c.name)))})
              select * from unnest(${sql.join(arrays.map((a) => sql`${a.values}::${sql.raw(a.type)}`))})`.execute(trx);
          }
        }
      });
      return countsOf(
        tables,
        tables.map((t) => t.length),
      );
    },
    async close() {},
  };
}

/**
 * The worker: plain JavaScript, since it is evaluated as is (the server bundle has no separate
 * worker file); it needs nothing but better-sqlite3, whose path the main thread resolves.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.driver);
const db = new Sqlite(workerData.path);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 15000');
// Every station's primary-key leaf is touched each hour of a chunk: keep them all in memory.
db.pragma('cache_size = -131072');
// No checkpoint after every chunk (each would copy the chunk into the database file and sync it):
// one at the end instead.
db.pragma('wal_autocheckpoint = 0');
const statements = new Map();
// Constant columns go into the statement as literals: fewer values to bind on every row.
function literal(value) {
  if (value === null) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return "'" + String(value).replace(/'/g, "''") + "'";
}
function statement(table, columns) {
  const key = table + '|' + columns.map((c) => c.name + (c.kind === 'constant' ? '=' + literal(c.value) : '')).join(',');
  let st = statements.get(key);
  if (st === undefined) {
    const names = columns.map((c) => '"' + c.name + '"').join(', ');
    const values = columns.map((c) => (c.kind === 'constant' ? literal(c.value) : '?')).join(', ');
    st = db.prepare('insert into "' + table + '" (' + names + ') values (' + values + ')');
    statements.set(key, st);
  }
  return st;
}
const insertAll = db.transaction((tables) => {
  const counts = [];
  for (const t of tables) {
    const st = statement(t.table, t.columns);
    const bound = t.columns.filter((c) => c.kind !== 'constant');
    const params = new Array(bound.length);
    for (let i = 0; i < t.length; i++) {
      for (let c = 0; c < bound.length; c++) {
        const col = bound[c];
        if (col.kind === 'number') {
          const v = col.values[i];
          params[c] = v !== v ? null : v;
        } else {
          const k = col.indexes[i];
          params[c] = k < 0 ? null : col.dictionary[k];
        }
      }
      st.run(params);
    }
    counts.push(t.length);
  }
  return counts;
});
parentPort.on('message', (message) => {
  if (message.type === 'close') {
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    parentPort.postMessage({ id: message.id, counts: [] });
    return;
  }
  try {
    parentPort.postMessage({ id: message.id, counts: insertAll(message.tables) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Reply {
  id: number;
  counts?: number[];
  error?: string;
}

function parseReply(message: unknown): Reply | undefined {
  if (typeof message !== 'object' || message === null || !('id' in message) || typeof message.id !== 'number') {
    return undefined;
  }
  const counts =
    'counts' in message && Array.isArray(message.counts)
      ? message.counts.filter((n): n is number => typeof n === 'number')
      : undefined;
  const error = 'error' in message && typeof message.error === 'string' ? message.error : undefined;
  return { id: message.id, ...(counts === undefined ? {} : { counts }), ...(error === undefined ? {} : { error }) };
}

/** Writes through a worker thread with its own connection to the SQLite file at `path`. */
export function sqliteWorkerWriter(path: string): SeedWriter {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driver } });
  const waiting = new Map<number, { resolve: (counts: number[]) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let failure: Error | undefined;
  const failAll = (error: Error) => {
    failure ??= error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  worker.on('message', (message: unknown) => {
    const reply = parseReply(message);
    if (reply === undefined) return;
    const w = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error !== undefined) w?.reject(new Error(`demo data writer: ${reply.error}`));
    else w?.resolve(reply.counts ?? []);
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`demo data writer stopped (exit code ${code})`)));

  const send = (message: { type: 'write' | 'close'; tables?: ColumnarTable[] }, transfer: ArrayBuffer[]) =>
    new Promise<number[]>((resolve, reject) => {
      if (failure !== undefined) {
        reject(failure);
        return;
      }
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...message, id }, transfer);
    });

  return {
    async write(chunk) {
      const tables = chunkTables(chunk);
      const transfer = tables.flatMap((t) =>
        t.columns.flatMap((c) => {
          const array = c.kind === 'number' ? c.values : c.kind === 'text' ? c.indexes : undefined;
          return array !== undefined && array.buffer instanceof ArrayBuffer ? [array.buffer] : [];
        }),
      );
      return countsOf(tables, await send({ type: 'write', tables }, transfer));
    },
    async close() {
      if (failure === undefined) {
        try {
          await send({ type: 'close' }, []);
        } catch {
          // The worker is going away either way; what it wrote is committed.
        }
      }
      await worker.terminate();
    },
  };
}
