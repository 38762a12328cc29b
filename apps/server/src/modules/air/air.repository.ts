import type { Selectable } from 'kysely';
import type { Database } from '../../platform/db/database';
import { UPSERT_CHUNK, upsertReplacing } from '../../platform/db/upsert';
import type { DataSource } from '../stations/stations.tables';
import type {
  AqForecastTable,
  CityDailyTable,
  CityHourlyTable,
  CityMonthlyTable,
  CityYearlyTable,
  StationHourlyTable,
} from './air.tables';

export type StationHour = Selectable<StationHourlyTable>;
export type StationHourInput = Omit<StationHourlyTable, 'revised' | 'updated_at'>;
export type CityHour = Selectable<CityHourlyTable>;
export type CityDay = Selectable<CityDailyTable>;
export type CityMonth = Selectable<CityMonthlyTable>;
export type CityYear = Selectable<CityYearlyTable>;
export type AqForecast = Selectable<AqForecastTable>;

/** The columns of a city hour that a series shows (see {@link AirRepository.cityHourSeries}). */
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

/** A station's hour together with what city values need to know about the station. */
export interface StationHourWithStation extends StationHour {
  city_code: string;
  is_reference: number;
  station_name: string;
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** The columns whose change makes a new revision of an hour. */
const STATION_HOUR_VALUES = [
  'aqi',
  'level',
  'primary_pollutant',
  'pm2_5',
  'pm2_5_24h',
  'pm10',
  'pm10_24h',
  'so2',
  'so2_24h',
  'no2',
  'no2_24h',
  'co',
  'co_24h',
  'o3',
  'o3_1h_max',
  'o3_8h',
  'o3_8h_max',
  'qc_flags',
] as const satisfies readonly (keyof StationHourInput)[];

const key = (station: string, time: number) => `${station}@${time}`;

/**
 * Hourly and aggregated air quality. The indexes and the queries they serve:
 * - station_hourly PK (station_code, time): one station's series; the upsert's existence check.
 * - station_hourly_time (time, station_code): every station at one hour (national map, city values).
 * - city_hourly PK (city_code, time): a city's 24 h / 30 days of hours.
 * - city_hourly_time (time, city_code): all cities at one hour (ranking, snapshot) and max(time).
 * - city_daily PK / city_daily_day (day, city_code): a city's year of days; the day's national ranking.
 * - city_monthly / city_yearly PK and (month|year, city_code): calendars and period rankings.
 */
export class AirRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Writes station hours in one transaction. A row that is new is inserted; a row that differs from
   * the stored one replaces it and is marked revised; an identical row changes nothing, so that
   * re-importing a file is a no-op. Within `rows` the later copy of a (station, hour) wins.
   */
  async upsertStationHours(rows: readonly StationHourInput[], nowSeconds: number): Promise<UpsertCounts> {
    const latest = new Map<string, StationHourInput>();
    for (const row of rows) latest.set(key(row.station_code, row.time), row);
    const unique = [...latest.values()];
    const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
    if (unique.length === 0) return counts;

    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < unique.length; i += UPSERT_CHUNK) {
        const chunk = unique.slice(i, i + UPSERT_CHUNK);
        const stations = [...new Set(chunk.map((r) => r.station_code))];
        const times = [...new Set(chunk.map((r) => r.time))];
        const existing = await trx
          .selectFrom('station_hourly')
          .selectAll()
          .where('station_code', 'in', stations)
          .where('time', 'in', times)
          .execute();
        const stored = new Map(existing.map((r) => [key(r.station_code, r.time), r]));
        const fresh: StationHourlyTable[] = [];
        for (const row of chunk) {
          const before = stored.get(key(row.station_code, row.time));
          if (before === undefined) {
            fresh.push({ ...row, revised: 0, updated_at: nowSeconds });
          } else if (STATION_HOUR_VALUES.some((c) => before[c] !== row[c]) || before.source !== row.source) {
            await trx
              .updateTable('station_hourly')
              .set({ ...row, revised: 1, updated_at: nowSeconds })
              .where('station_code', '=', row.station_code)
              .where('time', '=', row.time)
              .execute();
            counts.updated++;
          } else {
            counts.unchanged++;
          }
        }
        if (fresh.length > 0) await trx.insertInto('station_hourly').values(fresh).execute();
        counts.inserted += fresh.length;
      }
    });
    return counts;
  }

  async latestStationTime(source?: DataSource): Promise<number | undefined> {
    let query = this.db.selectFrom('station_hourly').select((eb) => eb.fn.max('time').as('t'));
    if (source !== undefined) query = query.where('source', '=', source);
    const row = await query.executeTakeFirst();
    return row?.t === null || row?.t === undefined ? undefined : Number(row.t);
  }

  /**
   * One station's latest hour: a descent of the primary key (station_code, time), so it stays
   * instant on a table of millions of rows, unlike max(time) filtered by source.
   */
  async latestTimeOfStation(stationCode: string): Promise<number | undefined> {
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
  async stationHoursAt(time: number, cityCodes?: readonly string[]): Promise<StationHourWithStation[]> {
    let query = this.db
      .selectFrom('station_hourly as h')
      .innerJoin('stations as s', 's.code', 'h.station_code')
      .selectAll('h')
      .select(['s.city_code', 's.is_reference', 's.name as station_name'])
      .where('h.time', '=', time);
    if (cityCodes !== undefined) query = query.where('s.city_code', 'in', [...cityCodes]);
    return query.orderBy('h.station_code').execute();
  }

  async stationSeries(stationCode: string, from: number, to: number): Promise<StationHour[]> {
    return this.db
      .selectFrom('station_hourly')
      .selectAll()
      .where('station_code', '=', stationCode)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('time')
      .execute();
  }

  async upsertCityHours(rows: readonly CityHourlyTable[]): Promise<void> {
    await upsertReplacing(this.db, 'city_hourly', ['city_code', 'time'], rows);
  }

  async latestCityTime(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('city_hourly')
      .select((eb) => eb.fn.max('time').as('t'))
      .executeTakeFirst();
    return row?.t === null || row?.t === undefined ? undefined : Number(row.t);
  }

  async cityHours(cityCode: string, from: number, to: number): Promise<CityHour[]> {
    return this.db
      .selectFrom('city_hourly')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('time')
      .execute();
  }

  /** Every city's hours in (from, to], for daily values. */
  async cityHoursBetween(from: number, to: number, cityCodes?: readonly string[]): Promise<CityHour[]> {
    let query = this.db.selectFrom('city_hourly').selectAll().where('time', '>', from).where('time', '<=', to);
    if (cityCodes !== undefined) query = query.where('city_code', 'in', [...cityCodes]);
    return query.orderBy('city_code').orderBy('time').execute();
  }

  async cityHoursAt(time: number): Promise<CityHour[]> {
    return this.db.selectFrom('city_hourly').selectAll().where('time', '=', time).orderBy('city_code').execute();
  }

  async upsertCityDays(rows: readonly CityDailyTable[]): Promise<void> {
    await upsertReplacing(this.db, 'city_daily', ['city_code', 'day'], rows);
  }

  async cityDays(cityCode: string, fromDay: number, toDay: number): Promise<CityDay[]> {
    return this.db
      .selectFrom('city_daily')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .orderBy('day')
      .execute();
  }

  async cityDaysAt(day: number): Promise<CityDay[]> {
    return this.db.selectFrom('city_daily').selectAll().where('day', '=', day).orderBy('city_code').execute();
  }

  /** Every city's days in a range, for month and year aggregates. */
  async cityDaysBetween(fromDay: number, toDay: number, cityCodes?: readonly string[]): Promise<CityDay[]> {
    let query = this.db.selectFrom('city_daily').selectAll().where('day', '>=', fromDay).where('day', '<=', toDay);
    if (cityCodes !== undefined) query = query.where('city_code', 'in', [...cityCodes]);
    return query.orderBy('city_code').orderBy('day').execute();
  }

  async upsertCityMonths(rows: readonly CityMonthlyTable[]): Promise<void> {
    await upsertReplacing(this.db, 'city_monthly', ['city_code', 'month'], rows);
  }

  async upsertCityYears(rows: readonly CityYearlyTable[]): Promise<void> {
    await upsertReplacing(this.db, 'city_yearly', ['city_code', 'year'], rows);
  }

  async cityMonthsAt(month: number): Promise<CityMonth[]> {
    return this.db.selectFrom('city_monthly').selectAll().where('month', '=', month).orderBy('city_code').execute();
  }

  async cityMonths(cityCode: string, fromMonth: number, toMonth: number): Promise<CityMonth[]> {
    return this.db
      .selectFrom('city_monthly')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('month', '>=', fromMonth)
      .where('month', '<=', toMonth)
      .orderBy('month')
      .execute();
  }

  async cityYearsAt(year: number): Promise<CityYear[]> {
    return this.db.selectFrom('city_yearly').selectAll().where('year', '=', year).orderBy('city_code').execute();
  }

  async upsertAqForecasts(rows: readonly AqForecastTable[]): Promise<void> {
    await upsertReplacing(this.db, 'aq_forecast', ['city_code', 'day'], rows);
  }

  async aqForecasts(cityCode: string, fromDay: number): Promise<AqForecast[]> {
    return this.db
      .selectFrom('aq_forecast')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('day', '>=', fromDay)
      .orderBy('day')
      .execute();
  }

  /** Deletes every row of one source (DEMO_DATA=off removes the demo this way). */
  async deleteBySource(source: DataSource): Promise<number> {
    let total = 0;
    await this.db.transaction().execute(async (trx) => {
      for (const table of [
        'station_hourly',
        'city_hourly',
        'city_daily',
        'city_monthly',
        'city_yearly',
        'aq_forecast',
      ] as const) {
        const result = await trx.deleteFrom(table).where('source', '=', source).executeTakeFirst();
        total += Number(result.numDeletedRows);
      }
    });
    return total;
  }

  /** A city's latest hour at or before `atOrBefore`: a descent of the PK (city_code, time). */
  async latestCityHourTime(cityCode: string, atOrBefore: number): Promise<number | undefined> {
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

  /**
   * One page of every station hour of a city in [from, to], newest hour first, then by station: the
   * city's stations (stations_city) each read through the PK (station_code, time).
   */
  async cityStationHoursPage(
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

  async countCityStationHours(cityCode: string, from: number, to: number): Promise<number> {
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
   * City hours in [from, to] where any watched column is above its threshold (public alarms). The
   * filter runs here so that a week of every city's hours comes back as the polluted ones only;
   * city_hourly_time (time, city_code) serves the national range, the PK (city_code, time) one city.
   */
  async cityAlarmHours(
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

  /**
   * Station hours in [from, to] where any watched column is above its threshold, with the station's
   * name and city; `areaCode` keeps the stations of one city or county. station_hourly_time serves
   * the range.
   */
  async stationAlarmHours(
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
  // Rankings, timelines, sites and the map (issue 5).

  /** The latest day (00:00 China time) with city days, not after `notAfter`: the max of city_daily_day. */
  async latestCityDay(notAfter: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('city_daily')
      .select((eb) => eb.fn.max('day').as('d'))
      .where('day', '<=', notAfter)
      .executeTakeFirst();
    return row?.d === null || row?.d === undefined ? undefined : Number(row.d);
  }

  /** The latest month (YYYYMM) with city months, not after `notAfter`: the max of city_monthly_month. */
  async latestCityMonth(notAfter: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('city_monthly')
      .select((eb) => eb.fn.max('month').as('m'))
      .where('month', '<=', notAfter)
      .executeTakeFirst();
    return row?.m === null || row?.m === undefined ? undefined : Number(row.m);
  }

  /** The latest year with city years, not after `notAfter`: the max of city_yearly_year. */
  async latestCityYear(notAfter: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('city_yearly')
      .select((eb) => eb.fn.max('year').as('y'))
      .where('year', '<=', notAfter)
      .executeTakeFirst();
    return row?.y === null || row?.y === undefined ? undefined : Number(row.y);
  }

  /**
   * Each city's latest hour in [from, to] (cities that reported recently but maybe not at the ranked
   * hour). Grouped inside city_hourly_time (time, city_code), which covers the query.
   */
  async cityLastHoursBetween(from: number, to: number): Promise<{ city_code: string; time: number }[]> {
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
  async cityHourLevelCounts(from: number, to: number): Promise<LevelCountRow[]> {
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

  /** As {@link cityHourLevelCounts} for the days (00:00 China time) in [fromDay, toDay]. */
  async cityDayLevelCounts(fromDay: number, toDay: number): Promise<LevelCountRow[]> {
    const rows = await this.db
      .selectFrom('city_daily')
      .select([
        'day as time',
        'level',
        (eb) => eb.fn.countAll<number>().as('cities'),
        (eb) => eb.fn.count<number>('aqi').as('aqi_count'),
        (eb) => eb.fn.sum<number | null>('aqi').as('aqi_sum'),
      ])
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .groupBy(['day', 'level'])
      .execute();
    return rows.map(levelCountRow);
  }

  /** A city's latest hour row: a descent of the PK (city_code, time). */
  async latestCityHour(cityCode: string): Promise<CityHour | undefined> {
    return this.db
      .selectFrom('city_hourly')
      .selectAll()
      .where('city_code', '=', cityCode)
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async cityYear(cityCode: string, year: number): Promise<CityYear | undefined> {
    return this.db
      .selectFrom('city_yearly')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('year', '=', year)
      .executeTakeFirst();
  }

  /**
   * Each registered station's latest hour, in one query. The max(time) is correlated with the station
   * (not with the hour rows), so per station it is one descent of the PK (station_code, time) and the
   * row is then fetched by (station_code, time): a few index probes, however long the history.
   */
  async latestStationHours(stationCodes: readonly string[]): Promise<StationHour[]> {
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
   * Every station's hourly concentrations in (from, to], for daily values computed on the fly (a day
   * of the national map: ~24 × 2,000 rows). Only the columns a daily value needs, in the order of
   * station_hourly_time (time, station_code) so that no sort is needed.
   */
  async stationDayInputs(from: number, to: number): Promise<StationDayInput[]> {
    return this.db
      .selectFrom('station_hourly')
      .select(['station_code', 'time', 'pm2_5', 'pm10', 'so2', 'no2', 'co', 'o3', 'source'])
      .where('time', '>', from)
      .where('time', '<=', to)
      .orderBy('time')
      .orderBy('station_code')
      .execute();
  }

  // The current-hour snapshot and city series (city-air, issue 5).

  /**
   * Each city's newest row after `since`, in one query: the grouped max(time) runs inside
   * city_hourly_time (time, city_code), which covers it, and the join reads each row by its PK.
   * The bound keeps the scan to recent hours however long the history grows.
   */
  async latestHourPerCity(since: number): Promise<CityHour[]> {
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

  /** As {@link latestHourPerCity} for stations (station_hourly_time), with each station's city and name. */
  async latestHourPerStation(since: number): Promise<StationHourWithStation[]> {
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

  /** Every year of one city: the PK (city_code, year). */
  async cityYearsOf(cityCode: string): Promise<CityYear[]> {
    return this.db.selectFrom('city_yearly').selectAll().where('city_code', '=', cityCode).orderBy('year').execute();
  }

  /**
   * A city's hours in [from, to] with only the columns a series shows (PK range): a month of hours
   * reads in half the time of all 30 columns, and series are the heaviest public calls.
   */
  async cityHourSeries(cityCode: string, from: number, to: number): Promise<CityHourSeriesRow[]> {
    return this.db
      .selectFrom('city_hourly')
      .select(CITY_HOUR_SERIES_COLUMNS)
      .where('city_code', '=', cityCode)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('time')
      .execute();
  }
}

/** The values a public alarm can watch: the AQI and the hourly pollutants. */
const ALARM_COLUMNS = ['aqi', 'pm2_5', 'pm10', 'so2', 'no2', 'co', 'o3', 'o3_8h'] as const;
export type AlarmColumn = (typeof ALARM_COLUMNS)[number];
/** Upper bounds per column: a row is returned when any given column is above its bound. */
export type AlarmThresholds = Partial<Readonly<Record<AlarmColumn, number>>>;

interface AlarmHourValues extends Record<AlarmColumn, number | null> {
  time: number;
  source: DataSource;
}
export interface CityAlarmHour extends AlarmHourValues {
  city_code: string;
}
export interface StationAlarmHour extends AlarmHourValues {
  station_code: string;
  station_name: string;
  city_code: string;
}

function alarmConditions(thresholds: AlarmThresholds): (readonly [AlarmColumn, number])[] {
  return ALARM_COLUMNS.flatMap((column) => {
    const limit = thresholds[column];
    return limit === undefined ? [] : [[column, limit] as const];
  });
}

/** The hourly values a station's daily value is computed from. */
export type StationDayInput = Pick<
  StationHour,
  'station_code' | 'time' | 'pm2_5' | 'pm10' | 'so2' | 'no2' | 'co' | 'o3' | 'source'
>;

/** Cities of one level at one hour or day, with the sum and count of their AQI. */
export interface LevelCountRow {
  time: number;
  level: number;
  cities: number;
  aqiCount: number;
  aqiSum: number | null;
}

function levelCountRow(r: {
  time: number;
  level: number;
  cities: number;
  aqi_count: number;
  aqi_sum: number | null;
}): LevelCountRow {
  // PostgreSQL answers count() and sum() as bigint/numeric; the pool parses them to numbers.
  return {
    time: Number(r.time),
    level: Number(r.level),
    cities: Number(r.cities),
    aqiCount: Number(r.aqi_count),
    aqiSum: r.aqi_sum === null ? null : Number(r.aqi_sum),
  };
}
