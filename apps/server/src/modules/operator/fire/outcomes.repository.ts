import type { Insertable, Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { FireAlarmOutcomesTable, FireTables } from './fire.tables';

export type OutcomeRecord = Selectable<FireAlarmOutcomesTable>;

/** Handling outcomes of fire alarms, read within the operator's area. */
export class OutcomesRepository {
  constructor(private readonly database: Database<FireTables>) {}

  async of(alarmIds: readonly number[], scope: AreaScope): Promise<Map<number, OutcomeRecord>> {
    if (alarmIds.length === 0) return new Map();
    const rows = await this.database.db
      .selectFrom('fire_alarm_outcomes')
      .selectAll()
      .where('alarm_id', 'in', [...alarmIds])
      .where(inAreaScope('area_code', scope))
      .execute();
    return new Map(rows.map((r) => [r.alarm_id, r]));
  }

  /** One outcome per alarm: a later conclusion replaces the earlier. */
  async save(row: Insertable<FireAlarmOutcomesTable>): Promise<void> {
    await this.database.db
      .insertInto('fire_alarm_outcomes')
      .values(row)
      .onConflict((oc) =>
        oc.column('alarm_id').doUpdateSet({ outcome: row.outcome, note: row.note, by_name: row.by_name, at: row.at }),
      )
      .execute();
  }
}
