import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../../../platform/db/schema';

/**
 * A city's history read in one sweep. A city's 30 days of hours or a year of days are the heaviest
 * history calls, and city rows arrive in time order, one hour (or day) of every city at a time: in a
 * rowid table one city's 720 hours lie on 720 different pages, each fetched through the primary-key
 * index. On SQLite the two tables become WITHOUT ROWID tables clustered on (city_code, time|day), so
 * that a city's rows lie together (30 days of hours: several times faster, docs/PERFORMANCE.md). On
 * PostgreSQL a covering index serves the series' columns from the index alone.
 */

const TABLES = [
  { table: 'city_hourly', secondary: 'create index city_hourly_time on city_hourly (time, city_code)' },
  { table: 'city_daily', secondary: 'create index city_daily_day on city_daily (day, city_code)' },
] as const;

/** The columns of a city hour a series shows (CityHoursRepository.seriesOf). */
const HOUR_SERIES_COLUMNS =
  'aqi, level, primary_pollutant, pm2_5, pm10, so2, no2, co, o3, o3_8h, station_count, source';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
async function rebuild(db: Kysely<any>, table: string, secondary: string, withoutRowid: boolean): Promise<void> {
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const create = found.rows[0]?.sql;
  if (create === undefined) throw new Error(`no table ${table} to rebuild`);
  // The table's own definition (columns, types, key) under a new name, with or without rowids.
  const body = create.replace(/^create table\s+("?)([\w]+)\1/i, '').replace(/\)\s*without rowid\s*$/i, ')');
  await sql.raw(`create table "${table}_rebuilt" ${body}${withoutRowid ? ' without rowid' : ''}`).execute(db);
  await sql.raw(`insert into "${table}_rebuilt" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${table}_rebuilt" rename to "${table}"`).execute(db);
  await sql.raw(secondary).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see rebuild()
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(`create index city_hourly_series on city_hourly (city_code, time) include (${HOUR_SERIES_COLUMNS})`)
      .execute(db);
    return;
  }
  for (const { table, secondary } of TABLES) await rebuild(db, table, secondary, true);
}

// biome-ignore lint/suspicious/noExplicitAny: see rebuild()
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop index city_hourly_series').execute(db);
    return;
  }
  for (const { table, secondary } of TABLES) await rebuild(db, table, secondary, false);
}
