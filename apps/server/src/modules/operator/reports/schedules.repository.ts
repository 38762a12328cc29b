import type { Insertable, Selectable, Updateable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { Page } from '../../../platform/http/params';
import type { ReportSchedulesTable, ReportsTables } from './reports.tables';

export type ScheduleRecord = Selectable<ReportSchedulesTable>;

/** report_schedules: operators see their area's; the scheduler reads every due one. */
export class SchedulesRepository {
  constructor(private readonly database: Database<ReportsTables>) {}

  private get db() {
    return this.database.db;
  }

  async insert(row: Insertable<ReportSchedulesTable>): Promise<number> {
    const inserted = await this.db.insertInto('report_schedules').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async update(id: number, changes: Updateable<ReportSchedulesTable>, scope: AreaScope): Promise<boolean> {
    const result = await this.db
      .updateTable('report_schedules')
      .set(changes)
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(id: number, scope: AreaScope): Promise<boolean> {
    const result = await this.db
      .deleteFrom('report_schedules')
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async byId(id: number, scope: AreaScope): Promise<ScheduleRecord | undefined> {
    return this.db
      .selectFrom('report_schedules')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  async list(filter: { type?: string | undefined }, scope: AreaScope, page: Page) {
    let query = this.db.selectFrom('report_schedules').where(inAreaScope('area_code', scope));
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    const count = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const list = await query.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
    return { list, total: Number(count?.n ?? 0) };
  }

  async countIn(scope: AreaScope): Promise<number> {
    const row = await this.db
      .selectFrom('report_schedules')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Enabled schedules whose next run is due at `now`, oldest first. */
  async due(now: number, limit: number): Promise<ScheduleRecord[]> {
    return this.db
      .selectFrom('report_schedules')
      .selectAll()
      .where('enabled', '=', 1)
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .limit(limit)
      .execute();
  }

  /**
   * Claims a due run: moves next_run_at from the value the caller saw to the next one. Only one
   * instance wins a run when several share the database.
   */
  async claim(id: number, seenNextRun: number, nextRun: number): Promise<boolean> {
    const result = await this.db
      .updateTable('report_schedules')
      .set({ next_run_at: nextRun })
      .where('id', '=', id)
      .where('next_run_at', '=', seenNextRun)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async recordRun(id: number, at: number, recordId: number | null, error: string | null): Promise<void> {
    await this.db
      .updateTable('report_schedules')
      .set({ last_run_at: at, last_record_id: recordId, last_error: error })
      .where('id', '=', id)
      .execute();
  }
}
