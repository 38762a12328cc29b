import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { TyphoonPointsTable, TyphoonsTable, WeatherSourcesTables } from './weather-sources.tables';

export type TyphoonRow = Selectable<TyphoonsTable>;
export type TyphoonPointRow = Selectable<TyphoonPointsTable>;

/** typhoons and their 6-hourly points. */
export class TyphoonsRepository {
  constructor(private readonly database: Database<WeatherSourcesTables>) {}

  /**
   * Writes the cyclones of one file in one transaction: a cyclone already held is replaced whole
   * (a revised best track supersedes the earlier one), so a file imported twice changes nothing.
   */
  async replace(
    tracks: readonly { typhoon: Insertable<TyphoonsTable>; points: TyphoonPointsTable[] }[],
  ): Promise<void> {
    await this.database.db.transaction().execute(async (trx) => {
      for (const { typhoon, points } of tracks) {
        await trx.deleteFrom('typhoon_points').where('typhoon_id', '=', typhoon.id).execute();
        await trx.deleteFrom('typhoons').where('id', '=', typhoon.id).execute();
        await trx.insertInto('typhoons').values(typhoon).execute();
        if (points.length > 0) await trx.insertInto('typhoon_points').values(points).execute();
      }
    });
  }

  async ofYear(year: number): Promise<TyphoonRow[]> {
    return this.database.db.selectFrom('typhoons').selectAll().where('year', '=', year).orderBy('serial').execute();
  }

  /** A cyclone of a year by its Chinese name, English name (any case) or international number. */
  async find(year: number, name: string): Promise<TyphoonRow | undefined> {
    const upper = name.toUpperCase();
    return this.database.db
      .selectFrom('typhoons')
      .selectAll()
      .where('year', '=', year)
      .where((eb) => eb.or([eb('name_cn', '=', name), eb('name_en', '=', upper), eb('international', '=', name)]))
      .orderBy('serial')
      .executeTakeFirst();
  }

  async points(typhoonId: string): Promise<TyphoonPointRow[]> {
    return this.database.db
      .selectFrom('typhoon_points')
      .selectAll()
      .where('typhoon_id', '=', typhoonId)
      .orderBy('time')
      .execute();
  }
}
