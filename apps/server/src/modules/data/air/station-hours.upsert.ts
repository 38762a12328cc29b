import type SqliteDatabase from 'better-sqlite3';
import type { PostgresPool } from 'kysely';
import { copyRows } from '../../../platform/db/pg-copy';
import { HOURLY_COLUMNS, type StationHourlyTable } from './air.tables';

/**
 * The bulk write path of StationHoursRepository.upsert, one per dialect. Both do what the
 * repository promises — insert new hours, replace changed ones marking them revised, leave identical
 * ones alone, and count each — without Kysely's query building, which cost more than the writes
 * (docs/PERFORMANCE.md, "Import"): prepared statements on SQLite, COPY and two set-based statements on
 * PostgreSQL.
 */

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export type StationHourInput = Omit<StationHourlyTable, 'revised' | 'updated_at'>;

/** The columns whose change makes a new revision of an hour (with `source`). */
export const STATION_HOUR_VALUES = [
  'aqi',
  'level',
  'primary_pollutant',
  ...HOURLY_COLUMNS,
  'qc_flags',
] as const satisfies readonly (keyof StationHourInput)[];

/** What an upsert may replace: every value, and where it came from. */
const REPLACED = [...STATION_HOUR_VALUES, 'source'] as const;
/** Every column of station_hourly, as the bulk paths write it (also the bench's raw insert). */
export const STATION_HOUR_COLUMNS = ['station_code', 'time', ...REPLACED, 'revised', 'updated_at'] as const;

/** Whether an incoming row would change the stored one (a re-import of the same values changes nothing). */
export function differs(stored: StationHourInput, row: StationHourInput): boolean {
  return STATION_HOUR_VALUES.some((c) => stored[c] !== row[c]) || stored.source !== row.source;
}

interface SqliteStatements {
  find: SqliteDatabase.Statement<[string, number], StationHourInput>;
  insert: SqliteDatabase.Statement<unknown[]>;
  revise: SqliteDatabase.Statement<unknown[]>;
}

const prepared = new WeakMap<SqliteDatabase.Database, SqliteStatements>();

function statementsOf(sqlite: SqliteDatabase.Database): SqliteStatements {
  let statements = prepared.get(sqlite);
  if (statements === undefined) {
    statements = {
      find: sqlite.prepare('select * from station_hourly where station_code = ? and time = ?'),
      insert: sqlite.prepare(
        `insert into station_hourly (${STATION_HOUR_COLUMNS.join(', ')}) values (${STATION_HOUR_COLUMNS.map(() => '?').join(', ')})`,
      ),
      revise: sqlite.prepare(
        `update station_hourly set ${REPLACED.map((c) => `${c} = ?`).join(', ')}, revised = 1, updated_at = ?
         where station_code = ? and time = ?`,
      ),
    };
    prepared.set(sqlite, statements);
  }
  return statements;
}

/**
 * SQLite: run inside a transaction the caller opened on the same connection (Kysely's holds the
 * write lock from BEGIN IMMEDIATE), so no other writer can insert between the look-up and the write.
 */
export function upsertStationHoursSqlite(
  sqlite: SqliteDatabase.Database,
  rows: readonly StationHourInput[],
  nowSeconds: number,
): UpsertCounts {
  const { find, insert, revise } = statementsOf(sqlite);
  const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  for (const row of rows) {
    const before = find.get(row.station_code, row.time);
    if (before === undefined) {
      insert.run(row.station_code, row.time, ...REPLACED.map((c) => row[c]), 0, nowSeconds);
      counts.inserted++;
    } else if (differs(before, row)) {
      revise.run(...REPLACED.map((c) => row[c]), nowSeconds, row.station_code, row.time);
      counts.updated++;
    } else {
      counts.unchanged++;
    }
  }
  return counts;
}

const distinct = (left: string, right: string) =>
  `(${REPLACED.map((c) => `${left}.${c}`).join(', ')}) is distinct from (${REPLACED.map((c) => `${right}.${c}`).join(', ')})`;
const REVISE_SET = `${REPLACED.map((c) => `${c} = i.${c}`).join(', ')}, revised = 1, updated_at = $1`;
const SAME_KEY = 'h.station_code = i.station_code and h.time = i.time';

/**
 * One statement for the whole batch: each incoming row is looked up once (the left join) and sorted
 * into new, changed and identical; the changed are revised, the new inserted. All of it sees one
 * snapshot, so a row another import inserted since (PostgreSQL runs transactions side by side) is
 * neither inserted (the conflict is skipped) nor counted; those few are settled after it, the later
 * writer winning as on SQLite.
 */
const APPLY = `
  with sorted as materialized (
    select i.*, h.station_code is null as fresh, h.station_code is not null and ${distinct('h', 'i')} as changed
    from station_hourly_incoming i left join station_hourly h on ${SAME_KEY}
  ), revised as (
    update station_hourly h set ${REVISE_SET}
    from sorted i
    where i.changed and ${SAME_KEY}
    returning 1
  ), inserted as (
    insert into station_hourly (${STATION_HOUR_COLUMNS.join(', ')})
    select ${STATION_HOUR_COLUMNS.map((c) => `i.${c}`).join(', ')} from sorted i
    where i.fresh
    on conflict (station_code, time) do nothing
    returning 1
  )
  select
    (select count(*) from revised) as updated,
    (select count(*) from inserted) as inserted,
    (select count(*) from sorted where not fresh and not changed) as unchanged`;

/** Rows lost to a concurrent insert: revised where they differ (identical ones stay as they are). */
const SETTLE = `
  update station_hourly h set ${REVISE_SET}
  from station_hourly_incoming i
  where ${SAME_KEY} and ${distinct('h', 'i')}`;

const CREATE_INCOMING =
  'create temp table if not exists station_hourly_incoming (like station_hourly including defaults) on commit delete rows';

/** The pooled connections (their client facades are stable, postgres-pool.ts) that hold the temp table. */
const withIncoming = new WeakSet<object>();

/** PostgreSQL: COPY into a session temp table, then the set-based statements, in one transaction. */
export async function upsertStationHoursPostgres(
  pool: PostgresPool,
  rows: readonly StationHourInput[],
  nowSeconds: number,
): Promise<UpsertCounts> {
  const client = await pool.connect();
  try {
    // One round trip (no parameters: the simple protocol runs both). The temp table is kept for the
    // session and emptied at each commit: created once per pooled connection.
    const creating = !withIncoming.has(client);
    await client.query(creating ? `begin; ${CREATE_INCOMING}` : 'begin', []);
    try {
      await copyRows(
        client,
        'station_hourly_incoming',
        STATION_HOUR_COLUMNS,
        rows.map((r) => ({ ...r, revised: 0, updated_at: nowSeconds })),
      );
      const applied = await client.query<{ updated: number; inserted: number; unchanged: number }>(APPLY, [nowSeconds]);
      const first = applied.rows[0];
      const counts: UpsertCounts = {
        inserted: Number(first?.inserted ?? 0),
        updated: Number(first?.updated ?? 0),
        unchanged: Number(first?.unchanged ?? 0),
      };
      const lost = rows.length - counts.inserted - counts.updated - counts.unchanged;
      if (lost > 0) {
        counts.updated += Number((await client.query(SETTLE, [nowSeconds])).rowCount ?? 0);
        counts.unchanged = rows.length - counts.inserted - counts.updated;
      }
      await client.query('commit', []);
      // Only now: a rolled-back transaction takes the table it created with it.
      if (creating) withIncoming.add(client);
      return counts;
    } catch (err) {
      await client.query('rollback', []);
      throw err;
    }
  } finally {
    client.release();
  }
}
