import type { Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { MetarObservationsTable, WeatherSourcesTables } from './weather-sources.tables';

export type ObservationRow = Selectable<MetarObservationsTable>;

/** metar_observations, one row per station and observation time. */
export class ObservationsRepository {
  constructor(private readonly database: Database<WeatherSourcesTables>) {}

  /** Writes a bulletin in one transaction; a report held already (same station and time) is replaced (a COR). */
  async save(rows: readonly MetarObservationsTable[]): Promise<void> {
    if (rows.length === 0) return;
    await this.database.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx.deleteFrom('metar_observations').where('icao', '=', row.icao).where('time', '=', row.time).execute();
      }
      await trx
        .insertInto('metar_observations')
        .values([...rows])
        .execute();
    });
  }

  /** Each station's latest observation in (from, to]. */
  async latestPerStation(from: number, to: number): Promise<ObservationRow[]> {
    const db = this.database.db;
    return db
      .selectFrom('metar_observations as o')
      .selectAll('o')
      .where('o.time', '>', from)
      .where('o.time', '<=', to)
      .where(({ eb, selectFrom }) =>
        eb(
          'o.time',
          '=',
          selectFrom('metar_observations as p')
            .select((p) => p.fn.max('p.time').as('t'))
            .whereRef('p.icao', '=', 'o.icao')
            .where('p.time', '>', from)
            .where('p.time', '<=', to),
        ),
      )
      .orderBy('o.icao')
      .execute();
  }

  async latestTime(): Promise<number | undefined> {
    const row = await this.database.db
      .selectFrom('metar_observations')
      .select((eb) => eb.fn.max('time').as('t'))
      .executeTakeFirst();
    return row?.t == null ? undefined : Number(row.t);
  }
}
