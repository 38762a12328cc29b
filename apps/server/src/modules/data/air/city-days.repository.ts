import type { Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { upsertReplacing } from '../../../platform/db/upsert';
import type { AirTables, CityDailyTable } from './air.tables';
import { type LevelCountRow, levelCountRow, maxValue } from './level-counts';

export type CityDay = Selectable<CityDailyTable>;

/**
 * city_daily: the cities' days (00:00 China time), computed from their hours. PK (city_code, day)
 * serves a city's year of days; city_daily_day (day, city_code) a day's national ranking and max(day).
 */
export class CityDaysRepository {
  constructor(private readonly database: Database<AirTables>) {}

  private get db() {
    return this.database.db;
  }

  async upsert(rows: readonly CityDailyTable[]): Promise<void> {
    await upsertReplacing(this.db, 'city_daily', ['city_code', 'day'], rows);
  }

  /** A city's days in [fromDay, toDay]. */
  async ofCity(cityCode: string, fromDay: number, toDay: number): Promise<CityDay[]> {
    return this.db
      .selectFrom('city_daily')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .orderBy('day')
      .execute();
  }

  /** Every city's row of one day. */
  async at(day: number): Promise<CityDay[]> {
    return this.db.selectFrom('city_daily').selectAll().where('day', '=', day).orderBy('city_code').execute();
  }

  /** Every city's days in a range, for month and year aggregates. */
  async between(fromDay: number, toDay: number, cityCodes?: readonly string[]): Promise<CityDay[]> {
    let query = this.db.selectFrom('city_daily').selectAll().where('day', '>=', fromDay).where('day', '<=', toDay);
    if (cityCodes !== undefined) query = query.where('city_code', 'in', [...cityCodes]);
    return query.orderBy('city_code').orderBy('day').execute();
  }

  /** The days in [fromDay, toDay] of the cities inside every one of `scopes`, filtered in SQL. */
  async inScopesBetween(fromDay: number, toDay: number, scopes: readonly AreaScope[]): Promise<CityDay[]> {
    let query = this.db.selectFrom('city_daily').selectAll().where('day', '>=', fromDay).where('day', '<=', toDay);
    for (const scope of scopes) query = query.where(inAreaScope('city_code', scope));
    return query.orderBy('city_code').orderBy('day').execute();
  }

  /** The newest day with a city row inside every one of `scopes`, not after `notAfter`. */
  async latestInScopes(scopes: readonly AreaScope[], notAfter: number): Promise<number | undefined> {
    let query = this.db
      .selectFrom('city_daily')
      .select((eb) => eb.fn.max('day').as('d'))
      .where('day', '<=', notAfter);
    for (const scope of scopes) query = query.where(inAreaScope('city_code', scope));
    return maxValue((await query.executeTakeFirst())?.d);
  }

  /** The latest day with city days, not after `notAfter`: the max of city_daily_day. */
  async latest(notAfter: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('city_daily')
      .select((eb) => eb.fn.max('day').as('d'))
      .where('day', '<=', notAfter)
      .executeTakeFirst();
    return maxValue(row?.d);
  }

  /** Per day in [fromDay, toDay] and level: cities, and the sum and count of their AQI (national timeline). */
  async levelCounts(fromDay: number, toDay: number): Promise<LevelCountRow[]> {
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
}
