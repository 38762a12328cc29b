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
}
