import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { WeatherSourcesTables, WeatherWarningsTable } from './weather-sources.tables';

export type WarningRow = Selectable<WeatherWarningsTable>;

export interface CancelNote {
  /** The CAP identifier of the cancelled alert. */
  id: string;
  at: number;
}

/** weather_warnings. */
export class WarningsRepository {
  constructor(private readonly database: Database<WeatherSourcesTables>) {}

  /** Writes alerts and applies cancels in one transaction; an alert held already is replaced (its update). */
  async save(alerts: readonly Insertable<WeatherWarningsTable>[], cancels: readonly CancelNote[]): Promise<void> {
    await this.database.db.transaction().execute(async (trx) => {
      for (const alert of alerts) {
        await trx.deleteFrom('weather_warnings').where('id', '=', alert.id).execute();
        await trx.insertInto('weather_warnings').values(alert).execute();
      }
      for (const cancel of cancels) {
        await trx
          .updateTable('weather_warnings')
          .set({ cancelled_at: cancel.at })
          .where('id', '=', cancel.id)
          .execute();
      }
    });
  }

  /** Warnings in force at `at`: effective, not expired, not cancelled; optionally of some types. */
  async active(at: number, typeCodes: readonly string[] | undefined): Promise<WarningRow[]> {
    let query = this.database.db
      .selectFrom('weather_warnings')
      .selectAll()
      .where('msg_type', '!=', 'Cancel')
      .where('effective', '<=', at)
      .where((eb) => eb.or([eb('expires', 'is', null), eb('expires', '>', at)]))
      .where((eb) => eb.or([eb('cancelled_at', 'is', null), eb('cancelled_at', '>', at)]));
    if (typeCodes) query = query.where('type_code', 'in', typeCodes);
    return query.orderBy('sent', 'desc').execute();
  }

  async count(): Promise<number> {
    const row = await this.database.db
      .selectFrom('weather_warnings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
