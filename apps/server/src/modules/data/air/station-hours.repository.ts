import { type Selectable, sql } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { UPSERT_CHUNK } from '../../../platform/db/upsert';
import type { DataSource, StationsTables } from '../stations';
import type { AirTables, StationHourlyTable } from './air.tables';
import { ALARM_COLUMNS, type AlarmThresholds, alarmConditions, type StationAlarmHour } from './alarm-thresholds';
import { maxValue } from './level-counts';
import {
  type StationHourInput,
  type UpsertCounts,
  upsertStationHoursPostgres,
  upsertStationHoursSqlite,
} from './station-hours.upsert';

export type { StationHourInput, UpsertCounts } from './station-hours.upsert';

export type StationHour = Selectable<StationHourlyTable>;

/** The columns of a station hour a history table shows (see {@link StationHoursRepository.valuesOf}). */
const STATION_HOUR_VALUE_COLUMNS = [
  'time',
  'aqi',
  'pm2_5',
  'pm10',
  'so2',
  'no2',
  'co',
  'o3',
  'o3_8h',
] as const satisfies readonly (keyof StationHourlyTable)[];
export type StationHourValues = Pick<StationHour, (typeof STATION_HOUR_VALUE_COLUMNS)[number]>;

/** The columns a station's daily profile may be made of (the 1-hour values and the AQI). */
export type StationProfileColumn = 'aqi' | 'pm2_5' | 'pm10' | 'o3' | 'o3_8h' | 'no2' | 'so2' | 'co';

/** A station's hour together with what city values need to know about the station. */
export interface StationHourWithStation extends StationHour {
  city_code: string;
  is_reference: number;
  station_name: string;
}

/** The hourly values a station's daily value is computed from. */
export type StationDayInput = Pick<
  StationHour,
  'station_code' | 'time' | 'pm2_5' | 'pm10' | 'so2' | 'no2' | 'co' | 'o3' | 'source'
>;

const key = (station: string, time: number) => `${station}@${time}`;

/**
 * station_hourly: the stations' hours as published. Indexes and the queries they serve:
 * - PK (station_code, time): one station's series and latest hour; the upsert's existence check.
 * - station_hourly_time (time, station_code): every station at one hour (national map, city values)
 *   and ranges across stations (daily values, alarms).
 */
export class StationHoursRepository {
  constructor(private readonly database: Database<AirTables & StationsTables>) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Writes station hours in one transaction. A row that is new is inserted; a row that differs from
   * the stored one replaces it and is marked revised; an identical row changes nothing, so that
   * re-importing a file is a no-op. Within `rows` the later copy of a (station, hour) wins.
   */
  async upsert(rows: readonly StationHourInput[], nowSeconds: number): Promise<UpsertCounts> {
    const latest = new Map<string, StationHourInput>();
    for (const row of rows) latest.set(key(row.station_code, row.time), row);
    const unique = [...latest.values()];
    if (unique.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
    const native = this.database.native;
    if (native.kind === 'postgres') return upsertStationHoursPostgres(native.pool, unique, nowSeconds);
    // The statements run synchronously on the connection of this transaction (BEGIN IMMEDIATE).
    return this.db.transaction().execute(async () => upsertStationHoursSqlite(native.sqlite, unique, nowSeconds));
  }

  /** The newest hour of any station (of one source). */
  async latestTime(source?: DataSource): Promise<number | undefined> {
    let query = this.db.selectFrom('station_hourly').select((eb) => eb.fn.max('time').as('t'));
    if (source !== undefined) query = query.where('source', '=', source);
    return maxValue((await query.executeTakeFirst())?.t);
  }

  /**
   * One station's latest hour: a descent of the primary key (station_code, time), so it stays
   * instant on a table of millions of rows, unlike max(time) filtered by source.
   */
  async latestTimeOf(stationCode: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('station_hourly')
      .select('time')
      .where('station_code', '=', stationCode)
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.time);
  }

  /** Every station's row at one hour, with the station's city and reference flag. */
  async at(time: number, cityCodes?: readonly string[]): Promise<StationHourWithStation[]> {
    let query = this.db
      .selectFrom('station_hourly as h')
      .innerJoin('stations as s', 's.code', 'h.station_code')
      .selectAll('h')
      .select(['s.city_code', 's.is_reference', 's.name as station_name'])
      .where('h.time', '=', time);
    if (cityCodes !== undefined) query = query.where('s.city_code', 'in', [...cityCodes]);
    return query.orderBy('h.station_code').execute();
  }

  /** How many station rows each of the given hours has (hours without any are left out). */
  async countsAt(times: readonly number[]): Promise<Map<number, number>> {
    if (times.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('station_hourly')
      .select(['time', (eb) => eb.fn.countAll<number>().as('n')])
      .where('time', 'in', [...times])
      .groupBy('time')
      .execute();
    return new Map(rows.map((r) => [Number(r.time), Number(r.n)]));
  }

  /**
   * Per hour of `times` that has rows: how many, and how many of them are demo rows (the image
   * analysis lists its frames with this, and labels the demo ones).
   */
  async sourceCountsAt(times: readonly number[]): Promise<Map<number, { rows: number; demo: number }>> {
    if (times.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('station_hourly')
      .select(['time', 'source', (eb) => eb.fn.countAll<number>().as('n')])
      .where('time', 'in', [...times])
      .groupBy(['time', 'source'])
      .execute();
    const out = new Map<number, { rows: number; demo: number }>();
    for (const r of rows) {
      const entry = out.get(Number(r.time)) ?? { rows: 0, demo: 0 };
      entry.rows += Number(r.n);
      if (r.source === 'demo') entry.demo += Number(r.n);
      out.set(Number(r.time), entry);
    }
    return out;
  }

  /** Every station's rows at several hours, by hour then station (as {@link at} orders one hour). */
  async atTimes(times: readonly number[]): Promise<StationHourWithStation[]> {
    if (times.length === 0) return [];
    return this.db
      .selectFrom('station_hourly as h')
      .innerJoin('stations as s', 's.code', 'h.station_code')
      .selectAll('h')
      .select(['s.city_code', 's.is_reference', 's.name as station_name'])
      .where('h.time', 'in', [...times])
      .orderBy('h.time')
      .orderBy('h.station_code')
      .execute();
  }

  /** One station's hours in [from, to]. */
  async series(stationCode: string, from: number, to: number): Promise<StationHour[]> {
    return this.db
      .selectFrom('station_hourly')
      .selectAll()
      .where('station_code', '=', stationCode)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('time')
      .execute();
  }

  /**
   * One station's hours in [from, to] with only the time and the values a history table shows: a
   * year of hours (8,760 rows) is read for each station of an export, and narrow rows make a third
   * of the garbage of whole ones.
   */
  async valuesOf(stationCode: string, from: number, to: number): Promise<StationHourValues[]> {
    return this.db
      .selectFrom('station_hourly')
      .select(STATION_HOUR_VALUE_COLUMNS)
      .where('station_code', '=', stationCode)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('time')
      .execute();
  }

  /**
   * Each given station's latest hour, in one query. The max(time) is correlated with the station
   * (not with the hour rows), so per station it is one descent of the PK (station_code, time) and the
   * row is then fetched by (station_code, time): a few index probes, however long the history.
   */
  async latestOf(stationCodes: readonly string[]): Promise<StationHour[]> {
    const out: StationHour[] = [];
    for (let i = 0; i < stationCodes.length; i += UPSERT_CHUNK) {
      const codes = stationCodes.slice(i, i + UPSERT_CHUNK);
      const rows = await this.db
        .selectFrom('stations as s')
        .innerJoin('station_hourly as h', (join) =>
          join.onRef('h.station_code', '=', 's.code').on('h.time', '=', (eb) =>
            eb
              .selectFrom('station_hourly as l')
              .select((l) => l.fn.max('l.time').as('t'))
              .whereRef('l.station_code', '=', 's.code'),
          ),
        )
        .selectAll('h')
        .where('s.code', 'in', codes)
        .orderBy('h.station_code')
        .execute();
      out.push(...rows);
    }
    return out;
  }

  /**
   * Each station's newest row after `since` (the current-hour snapshot), with its city and name: the
   * grouped max(time) runs inside station_hourly_time, and the join reads each row by its PK. The
   * bound keeps the scan to recent hours however long the history grows.
   */
  async latestPerStation(since: number): Promise<StationHourWithStation[]> {
    return this.db
      .selectFrom('station_hourly as h')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('station_hourly')
            .select(['station_code', (m) => m.fn.max('time').as('latest')])
            .where('time', '>', since)
            .groupBy('station_code')
            .as('m'),
        (join) => join.onRef('m.station_code', '=', 'h.station_code').onRef('m.latest', '=', 'h.time'),
      )
      .innerJoin('stations as s', 's.code', 'h.station_code')
      .selectAll('h')
      .select(['s.city_code', 's.is_reference', 's.name as station_name'])
      .orderBy('h.station_code')
      .execute();
  }

  /**
   * Every station's hourly concentrations in (from, to], for daily values computed on the fly (a day
   * of the national map: ~24 × 2,000 rows). Only the columns a daily value needs, in the order of
   * station_hourly_time (time, station_code) so that no sort is needed.
   */
  async dayInputs(from: number, to: number): Promise<StationDayInput[]> {
    return this.db
      .selectFrom('station_hourly')
      .select(['station_code', 'time', 'pm2_5', 'pm10', 'so2', 'no2', 'co', 'o3', 'source'])
      .where('time', '>', from)
      .where('time', '<=', to)
      .orderBy('time')
      .orderBy('station_code')
      .execute();
  }

  /**
   * One page of every station hour of a city in [from, to], newest hour first, then by station: the
   * city's stations (stations_city) each read through the PK (station_code, time).
   */
  async pageOfCity(
    cityCode: string,
    from: number,
    to: number,
    page: { offset: number; limit: number },
  ): Promise<(StationHourWithStation & { county_code: string | null })[]> {
    return this.db
      .selectFrom('station_hourly as h')
      .innerJoin('stations as s', 's.code', 'h.station_code')
      .selectAll('h')
      .select(['s.city_code', 's.county_code', 's.is_reference', 's.name as station_name'])
      .where('s.city_code', '=', cityCode)
      .where('h.time', '>=', from)
      .where('h.time', '<=', to)
      .orderBy('h.time', 'desc')
      .orderBy('h.station_code')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /**
   * One page of the station hours in [from, to] of the stations inside every one of `scopes` (a
   * station is inside an area when its city or its county is: a district's stations by their county),
   * newest hour first, then by station; one station only when `stationCode` is given. With the count.
   */
  async pageInScopes(
    scopes: readonly AreaScope[],
    from: number,
    to: number,
    page: { offset: number; limit: number },
    stationCode?: string,
  ): Promise<{ list: (StationHourWithStation & { county_code: string | null })[]; total: number }> {
    let base = this.db
      .selectFrom('station_hourly as h')
      .innerJoin('stations as s', 's.code', 'h.station_code')
      .where('h.time', '>=', from)
      .where('h.time', '<=', to);
    for (const scope of scopes) {
      base = base.where((eb) => eb.or([inAreaScope('s.city_code', scope), inAreaScope('s.county_code', scope)]));
    }
    if (stationCode !== undefined) base = base.where('h.station_code', '=', stationCode);
    const [list, count] = await Promise.all([
      base
        .selectAll('h')
        .select(['s.city_code', 's.county_code', 's.is_reference', 's.name as station_name'])
        .orderBy('h.time', 'desc')
        .orderBy('h.station_code')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(count.n) };
  }

  /** The rows of the given stations in [from, to], by station then time (the trend charts). */
  async seriesOf(stationCodes: readonly string[], from: number, to: number): Promise<StationHour[]> {
    if (stationCodes.length === 0) return [];
    return this.db
      .selectFrom('station_hourly')
      .selectAll()
      .where('station_code', 'in', [...stationCodes])
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('station_code')
      .orderBy('time')
      .execute();
  }

  /** How many station hours {@link pageOfCity} pages through. */
  async countOfCity(cityCode: string, from: number, to: number): Promise<number> {
    const row = await this.db
      .selectFrom('station_hourly as h')
      .innerJoin('stations as s', 's.code', 'h.station_code')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.city_code', '=', cityCode)
      .where('h.time', '>=', from)
      .where('h.time', '<=', to)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Per station and hour of the China day (0 … 23, by the hour's END: 0 is the hour ending 24:00),
   * the mean and count of one column over (from, to]: the daily profiles the station clusters are
   * made of. One grouped pass over station_hourly_time (time, station_code); the averaging runs in
   * the database, so a month of every station (~1.5 M rows) comes back as ~50 k rows.
   */
  async hourOfDayMeans(
    column: StationProfileColumn,
    from: number,
    to: number,
  ): Promise<{ station_code: string; hour: number; mean: number; count: number }[]> {
    const hourOfDay = sql<number>`((${sql.ref('time')} + 28800) / 3600) % 24`;
    const rows = await this.db
      .selectFrom('station_hourly')
      .select([
        'station_code',
        hourOfDay.as('hour'),
        (eb) => eb.fn.avg<number | string | null>(column).as('mean'),
        (eb) => eb.fn.count<number | string>(column).as('n'),
      ])
      .where('time', '>', from)
      .where('time', '<=', to)
      .groupBy(['station_code', hourOfDay])
      .execute();
    return rows
      .filter((r) => r.mean !== null)
      .map((r) => ({ station_code: r.station_code, hour: Number(r.hour), mean: Number(r.mean), count: Number(r.n) }));
  }

  /**
   * Station hours in [from, to] where any watched column is above its threshold, with the station's
   * name and city; `areaCode` keeps the stations of one city or county. station_hourly_time serves
   * the range.
   */
  async aboveThresholds(
    from: number,
    to: number,
    thresholds: AlarmThresholds,
    areaCode?: string,
  ): Promise<StationAlarmHour[]> {
    const watched = alarmConditions(thresholds);
    if (watched.length === 0) return [];
    let query = this.db
      .selectFrom('station_hourly as h')
      .innerJoin('stations as s', 's.code', 'h.station_code')
      .select(['h.station_code', 'h.time', 'h.source', 's.name as station_name', 's.city_code', ...ALARM_COLUMNS])
      .where('h.time', '>=', from)
      .where('h.time', '<=', to)
      .where((eb) => eb.or(watched.map(([column, limit]) => eb(column, '>', limit))));
    if (areaCode !== undefined) {
      query = query.where((eb) => eb.or([eb('s.city_code', '=', areaCode), eb('s.county_code', '=', areaCode)]));
    }
    return query.orderBy('h.station_code').orderBy('h.time').execute();
  }
}
