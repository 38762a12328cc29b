import type { Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import { upsertReplacing } from '../../../platform/db/upsert';
import type { AirTables, CityMonthlyTable } from './air.tables';
import { maxValue } from './level-counts';

export type CityMonth = Selectable<CityMonthlyTable>;

/** city_monthly: HJ 663-2013 month statistics per city, keyed by YYYYMM; PK and (month, city_code). */
export class CityMonthsRepository {
  constructor(private readonly database: Database<AirTables>) {}

  private get db() {
    return this.database.db;
  }

  async upsert(rows: readonly CityMonthlyTable[]): Promise<void> {
    await upsertReplacing(this.db, 'city_monthly', ['city_code', 'month'], rows);
  }

  /** Every city's row of one month (YYYYMM). */
  async at(month: number): Promise<CityMonth[]> {
    return this.db.selectFrom('city_monthly').selectAll().where('month', '=', month).orderBy('city_code').execute();
  }

  /** A city's months in [fromMonth, toMonth] (YYYYMM). */
  async ofCity(cityCode: string, fromMonth: number, toMonth: number): Promise<CityMonth[]> {
    return this.db
      .selectFrom('city_monthly')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('month', '>=', fromMonth)
      .where('month', '<=', toMonth)
      .orderBy('month')
      .execute();
  }

  /** The latest month (YYYYMM) with city months, not after `notAfter`: the max of city_monthly_month. */
  async latest(notAfter: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('city_monthly')
      .select((eb) => eb.fn.max('month').as('m'))
      .where('month', '<=', notAfter)
      .executeTakeFirst();
    return maxValue(row?.m);
  }
}
