import type { Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import { upsertReplacing } from '../../../platform/db/upsert';
import type { AirTables, CityYearlyTable } from './air.tables';
import { maxValue } from './level-counts';

export type CityYear = Selectable<CityYearlyTable>;

/** city_yearly: HJ 663-2013 year statistics per city; PK (city_code, year) and (year, city_code). */
export class CityYearsRepository {
  constructor(private readonly database: Database<AirTables>) {}

  private get db() {
    return this.database.db;
  }

  async upsert(rows: readonly CityYearlyTable[]): Promise<void> {
    await upsertReplacing(this.db, 'city_yearly', ['city_code', 'year'], rows);
  }

  /** Every city's row of one year. */
  async at(year: number): Promise<CityYear[]> {
    return this.db.selectFrom('city_yearly').selectAll().where('year', '=', year).orderBy('city_code').execute();
  }

  /** Every year of one city: the PK (city_code, year). */
  async ofCity(cityCode: string): Promise<CityYear[]> {
    return this.db.selectFrom('city_yearly').selectAll().where('city_code', '=', cityCode).orderBy('year').execute();
  }

  /** One city's row of one year. */
  async one(cityCode: string, year: number): Promise<CityYear | undefined> {
    return this.db
      .selectFrom('city_yearly')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('year', '=', year)
      .executeTakeFirst();
  }

  /** The latest year with city years, not after `notAfter`: the max of city_yearly_year. */
  async latest(notAfter: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('city_yearly')
      .select((eb) => eb.fn.max('year').as('y'))
      .where('year', '<=', notAfter)
      .executeTakeFirst();
    return maxValue(row?.y);
  }
}
