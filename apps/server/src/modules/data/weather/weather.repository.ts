import type { Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { upsertReplacing } from '../../../platform/db/upsert';
import type { DataSource } from '../stations';
import type {
  WeatherForecastDailyTable,
  WeatherForecastHourlyTable,
  WeatherHourlyTable,
  WeatherTables,
} from './weather.tables';

export type WeatherHour = Selectable<WeatherHourlyTable>;
export type WeatherForecastHour = Selectable<WeatherForecastHourlyTable>;
export type WeatherForecastDay = Selectable<WeatherForecastDailyTable>;

/**
 * City weather: observations and the latest forecasts (a new issue replaces the old one per hour or
 * day). Indexes: each PK (city_code, time|day) serves a city's series; weather_hourly_time
 * (time, city_code) serves the nationwide weather layers at one hour.
 */
export class WeatherRepository {
  constructor(private readonly database: Database<WeatherTables>) {}

  private get db() {
    return this.database.db;
  }

  async upsertObservations(rows: readonly WeatherHourlyTable[]): Promise<void> {
    await upsertReplacing(this.db, 'weather_hourly', ['city_code', 'time'], rows);
  }

  async observations(cityCode: string, from: number, to: number): Promise<WeatherHour[]> {
    return this.db
      .selectFrom('weather_hourly')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('time')
      .execute();
  }

  async observationsAt(time: number): Promise<WeatherHour[]> {
    return this.db.selectFrom('weather_hourly').selectAll().where('time', '=', time).orderBy('city_code').execute();
  }

  async latestObservationTime(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('weather_hourly')
      .select((eb) => eb.fn.max('time').as('t'))
      .executeTakeFirst();
    return row?.t === null || row?.t === undefined ? undefined : Number(row.t);
  }

  async upsertHourlyForecasts(rows: readonly WeatherForecastHourlyTable[]): Promise<void> {
    await upsertReplacing(this.db, 'weather_forecast_hourly', ['city_code', 'time'], rows);
  }

  async hourlyForecasts(cityCode: string, from: number, to: number): Promise<WeatherForecastHour[]> {
    return this.db
      .selectFrom('weather_forecast_hourly')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('time')
      .execute();
  }

  async upsertDailyForecasts(rows: readonly WeatherForecastDailyTable[]): Promise<void> {
    await upsertReplacing(this.db, 'weather_forecast_daily', ['city_code', 'day'], rows);
  }

  async dailyForecasts(cityCode: string, fromDay: number): Promise<WeatherForecastDay[]> {
    return this.db
      .selectFrom('weather_forecast_daily')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('day', '>=', fromDay)
      .orderBy('day')
      .execute();
  }

  /** The daily forecasts for [fromDay, toDay] of the cities inside every one of `scopes`, filtered in SQL. */
  async dailyForecastsInScopes(
    fromDay: number,
    toDay: number,
    scopes: readonly AreaScope[],
  ): Promise<WeatherForecastDay[]> {
    let query = this.db
      .selectFrom('weather_forecast_daily')
      .selectAll()
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay);
    for (const scope of scopes) query = query.where(inAreaScope('city_code', scope));
    return query.orderBy('city_code').orderBy('day').execute();
  }

  /** Deletes every row of one source. */
  async deleteBySource(source: DataSource): Promise<number> {
    let total = 0;
    await this.db.transaction().execute(async (trx) => {
      for (const table of ['weather_hourly', 'weather_forecast_hourly', 'weather_forecast_daily'] as const) {
        const result = await trx.deleteFrom(table).where('source', '=', source).executeTakeFirst();
        total += Number(result.numDeletedRows);
      }
    });
    return total;
  }

  /** A city's latest observation at or before `atOrBefore`: a descent of the PK (city_code, time). */
  async latestObservation(cityCode: string, atOrBefore: number): Promise<WeatherHour | undefined> {
    return this.db
      .selectFrom('weather_hourly')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('time', '<=', atOrBefore)
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The latest hour of any city at or before `atOrBefore`: the end of weather_hourly_time. */
  async latestObservationTimeUpTo(atOrBefore: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('weather_hourly')
      .select('time')
      .where('time', '<=', atOrBefore)
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.time);
  }

  /** One page of a city's observations in [from, to], newest first: a PK range read backwards. */
  async observationsPage(
    cityCode: string,
    from: number,
    to: number,
    page: { offset: number; limit: number },
  ): Promise<WeatherHour[]> {
    return this.db
      .selectFrom('weather_hourly')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('time', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  async countObservations(cityCode: string, from: number, to: number): Promise<number> {
    const row = await this.db
      .selectFrom('weather_hourly')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('city_code', '=', cityCode)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Some cities at one hour (a province's cities): weather_hourly_time (time, city_code). */
  async observationsOfCitiesAt(time: number, cityCodes: readonly string[]): Promise<WeatherHour[]> {
    if (cityCodes.length === 0) return [];
    return this.db
      .selectFrom('weather_hourly')
      .selectAll()
      .where('time', '=', time)
      .where('city_code', 'in', [...cityCodes])
      .orderBy('city_code')
      .execute();
  }

  /** Some cities' daily forecasts for one day (00:00 China time): one PK probe per city. */
  async dailyForecastsOfCitiesOn(day: number, cityCodes: readonly string[]): Promise<WeatherForecastDay[]> {
    if (cityCodes.length === 0) return [];
    return this.db
      .selectFrom('weather_forecast_daily')
      .selectAll()
      .where('day', '=', day)
      .where('city_code', 'in', [...cityCodes])
      .orderBy('city_code')
      .execute();
  }
}
