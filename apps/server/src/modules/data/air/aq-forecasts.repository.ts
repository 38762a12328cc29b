import type { Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { upsertReplacing } from '../../../platform/db/upsert';
import type { AirTables, AqForecastTable } from './air.tables';

export type AqForecast = Selectable<AqForecastTable>;

/** aq_forecast: the cities' daily air-quality forecasts as issued; PK (city_code, day). */
export class AqForecastsRepository {
  constructor(private readonly database: Database<AirTables>) {}

  async upsert(rows: readonly AqForecastTable[]): Promise<void> {
    await upsertReplacing(this.database.db, 'aq_forecast', ['city_code', 'day'], rows);
  }

  /** The forecasts for [fromDay, toDay] of the cities inside every one of `scopes`, of one source if given. */
  async inScopes(
    fromDay: number,
    toDay: number,
    scopes: readonly AreaScope[],
    source?: AqForecast['source'],
  ): Promise<AqForecast[]> {
    let query = this.database.db
      .selectFrom('aq_forecast')
      .selectAll()
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay);
    for (const scope of scopes) query = query.where(inAreaScope('city_code', scope));
    if (source !== undefined) query = query.where('source', '=', source);
    return query.orderBy('city_code').orderBy('day').execute();
  }

  /** A city's forecast days from `fromDay` on. */
  async ofCity(cityCode: string, fromDay: number): Promise<AqForecast[]> {
    return this.database.db
      .selectFrom('aq_forecast')
      .selectAll()
      .where('city_code', '=', cityCode)
      .where('day', '>=', fromDay)
      .orderBy('day')
      .execute();
  }
}
