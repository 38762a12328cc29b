import type { Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { UPSERT_CHUNK, upsertReplacing } from '../../../platform/db/upsert';
import type { AirTables, CityHourlyTable } from './air.tables';
import { ALARM_COLUMNS, type AlarmThresholds, alarmConditions, type CityAlarmHour } from './alarm-thresholds';
import { type LevelCountRow, levelCountRow, maxValue } from './level-counts';

export type CityHour = Selectable<CityHourlyTable>;

/** The columns of a city hour that a series shows (see {@link CityHoursRepository.seriesOf}). */
const CITY_HOUR_SERIES_COLUMNS = [
  'time',
  'aqi',
  'level',
  'primary_pollutant',
  'pm2_5',
  'pm10',
  'so2',
  'no2',
  'co',
  'o3',
  'o3_8h',
  'station_count',
  'source',
] as const satisfies readonly (keyof CityHourlyTable)[];
export type CityHourSeriesRow = Pick<CityHour, (typeof CITY_HOUR_SERIES_COLUMNS)[number]>;

/**
 * city_hourly: the cities' hours, computed from their stations. Indexes and the queries they serve:
 * - PK (city_code, time): a city's 24 h / 30 days of hours and its latest hour.
 * - city_hourly_time (time, city_code): all cities at one hour (ranking, snapshot), max(time), and
 *   ranges across cities (timelines, alarms).
 */
export class CityHoursRepository {
  constructor(private readonly database: Database<AirTables>) {}

  private get db() {
    return this.database.db;
  }

  async upsert(rows: readonly CityHourlyTable[]): Promise<void> {
    await upsertReplacing(this.db, 'city_hourly', ['city_code', 'time'], rows);
  }

  /**
   * Writes city hours (replacing, as {@link upsert}) and marks their China days stale, in one
   * transaction: a crash never leaves an hour written without its day marked for recomputation.
   */
  async upsertMarkingDays(rows: readonly CityHourlyTable[], days: readonly number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.database.upsertMany(trx, 'city_hourly', rows, { conflict: ['city_code', 'time'] });
      for (let i = 0; i < days.length; i += UPSERT_CHUNK) {
        await trx
          .insertInto('city_day_pending')
          .values(days.slice(i, i + UPSERT_CHUNK).map((day) => ({ day })))
          .onConflict((oc) => oc.column('day').doNothing())
          .execute();
      }
    });
  }

  /** The newest hour of any city. */
  async latestTime(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('city_hourly')
      .select((eb) => eb.fn.max('time').as('t'))
      .executeTakeFirst();
    return maxValue(row?.t);
  }

  /** A city's latest hour at or before `atOrBefore`: a descent of the PK (city_code, time). */
  async latestTimeOf(cityCode: string, atOrBefore: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('city_hourly')
      .select('time')
      .where('city_code', '=', cityCode)
      .where('time', '<=', atOrBefore)
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.time);
  }

  /** A city's latest hour row: a descent of the PK (city_code, time). */
  async latestOf(cityCode: string): Promise<CityHour | undefined> {
    return this.db
      .selectFrom('city_hourly')
      .selectAll()
      .where('city_code', '=', cityCode)
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** A city's hours in [from, to], every column. */
  async ofCity(cityCode: string, from: number, to: number): Promise<CityHour[]> {
    return this.db
      .selectFrom('city_hourly')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('time')
      .execute();
  }

  /**
   * A city's hours in [from, to] with only the columns a series shows (PK range): a month of hours
   * reads in half the time of all 30 columns, and series are the heaviest public calls.
   */
  async seriesOf(cityCode: string, from: number, to: number): Promise<CityHourSeriesRow[]> {
    return this.db
      .selectFrom('city_hourly')
      .select(CITY_HOUR_SERIES_COLUMNS)
      .where('city_code', '=', cityCode)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('time')
      .execute();
  }

  /** Every city's hours in (from, to], for daily values. */
  async between(from: number, to: number, cityCodes?: readonly string[]): Promise<CityHour[]> {
    let query = this.db.selectFrom('city_hourly').selectAll().where('time', '>', from).where('time', '<=', to);
    if (cityCodes !== undefined) query = query.where('city_code', 'in', [...cityCodes]);
    return query.orderBy('city_code').orderBy('time').execute();
  }

  /**
   * The rows of one hour of the cities inside every one of `scopes` (the operator's area and the
   * area asked for): the platform's area-scoped reads, filtered in SQL.
   */
  async atInScopes(time: number, scopes: readonly AreaScope[]): Promise<CityHour[]> {
    let query = this.db.selectFrom('city_hourly').selectAll().where('time', '=', time);
    for (const scope of scopes) query = query.where(inAreaScope('city_code', scope));
    return query.orderBy('city_code').execute();
  }

  /** The newest hour with a city row inside every one of `scopes`, not after `notAfter`. */
  async latestTimeInScopes(scopes: readonly AreaScope[], notAfter: number): Promise<number | undefined> {
    let query = this.db
      .selectFrom('city_hourly')
      .select((eb) => eb.fn.max('time').as('t'))
      .where('time', '<=', notAfter);
    for (const scope of scopes) query = query.where(inAreaScope('city_code', scope));
    return maxValue((await query.executeTakeFirst())?.t);
  }

  /** One page of a city's hours in [from, to], newest first, and how many there are. */
  async pageOfCity(
    cityCode: string,
    from: number,
    to: number,
    page: { offset: number; limit: number },
  ): Promise<{ list: CityHour[]; total: number }> {
    const base = this.db
      .selectFrom('city_hourly')
      .where('city_code', '=', cityCode)
      .where('time', '>=', from)
      .where('time', '<=', to);
    const [list, count] = await Promise.all([
      base.selectAll().orderBy('time', 'desc').limit(page.limit).offset(page.offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(count.n) };
  }

  /** Every city's row at one hour. */
  async at(time: number): Promise<CityHour[]> {
    return this.db.selectFrom('city_hourly').selectAll().where('time', '=', time).orderBy('city_code').execute();
  }

  /**
   * Each city's newest row after `since`, in one query: the grouped max(time) runs inside
   * city_hourly_time (time, city_code), which covers it, and the join reads each row by its PK.
   * The bound keeps the scan to recent hours however long the history grows.
   */
  async latestPerCity(since: number): Promise<CityHour[]> {
    return this.db
      .selectFrom('city_hourly as h')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('city_hourly')
            .select(['city_code', (m) => m.fn.max('time').as('latest')])
            .where('time', '>', since)
            .groupBy('city_code')
            .as('m'),
        (join) => join.onRef('m.city_code', '=', 'h.city_code').onRef('m.latest', '=', 'h.time'),
      )
      .selectAll('h')
      .orderBy('h.city_code')
      .execute();
  }

  /**
   * Each city's latest hour in [from, to] (cities that reported recently but maybe not at the ranked
   * hour). Grouped inside city_hourly_time (time, city_code), which covers the query.
   */
  async lastTimePerCity(from: number, to: number): Promise<{ city_code: string; time: number }[]> {
    const rows = await this.db
      .selectFrom('city_hourly')
      .select(['city_code', (eb) => eb.fn.max('time').as('time')])
      .where('time', '>=', from)
      .where('time', '<=', to)
      .groupBy('city_code')
      .execute();
    return rows.map((r) => ({ city_code: r.city_code, time: Number(r.time) }));
  }

  /** Per hour in [from, to] and level: cities, and the sum and count of their AQI (national timeline). */
  async levelCounts(from: number, to: number): Promise<LevelCountRow[]> {
    const rows = await this.db
      .selectFrom('city_hourly')
      .select([
        'time',
        'level',
        (eb) => eb.fn.countAll<number>().as('cities'),
        (eb) => eb.fn.count<number>('aqi').as('aqi_count'),
        (eb) => eb.fn.sum<number | null>('aqi').as('aqi_sum'),
      ])
      .where('time', '>=', from)
      .where('time', '<=', to)
      .groupBy(['time', 'level'])
      .execute();
    return rows.map(levelCountRow);
  }

  /**
   * City hours in [from, to] where any watched column is above its threshold (public alarms). The
   * filter runs here so that a week of every city's hours comes back as the polluted ones only;
   * city_hourly_time (time, city_code) serves the national range, the PK (city_code, time) one city.
   */
  async aboveThresholds(
    from: number,
    to: number,
    thresholds: AlarmThresholds,
    cityCode?: string,
  ): Promise<CityAlarmHour[]> {
    const watched = alarmConditions(thresholds);
    if (watched.length === 0) return [];
    let query = this.db
      .selectFrom('city_hourly')
      .select(['city_code', 'time', 'source', ...ALARM_COLUMNS])
      .where('time', '>=', from)
      .where('time', '<=', to)
      .where((eb) => eb.or(watched.map(([column, limit]) => eb(column, '>', limit))));
    if (cityCode !== undefined) query = query.where('city_code', '=', cityCode);
    return query.orderBy('city_code').orderBy('time').execute();
  }
}
