import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { Page } from '../../../platform/http/params';
import type { ReportImagesTable, ReportRecordsTable, ReportsTables } from './reports.tables';

export type RecordRecord = Selectable<ReportRecordsTable>;
export type ImageRecord = Selectable<ReportImagesTable>;
export type NewImage = Insertable<ReportImagesTable>;

export interface RecordFilter {
  templateId?: number | undefined;
  type?: string | undefined;
  areaCode?: string | undefined;
  origin?: string | undefined;
  /** Period start (China day numbers), inclusive. */
  fromDay?: number | undefined;
  toDay?: number | undefined;
  /** Generation time (epoch seconds), inclusive. */
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
}

/** report_records and report_images, always within the caller's area. */
export class RecordsRepository {
  constructor(private readonly database: Database<ReportsTables>) {}

  private get db() {
    return this.database.db;
  }

  transaction<T>(work: (trx: Kysely<ReportsTables>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async insert(trx: Kysely<ReportsTables>, row: Insertable<ReportRecordsTable>): Promise<number> {
    const inserted = await trx.insertInto('report_records').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async setContent(trx: Kysely<ReportsTables>, id: number, contentJson: string): Promise<void> {
    await trx.updateTable('report_records').set({ content_json: contentJson }).where('id', '=', id).execute();
  }

  async insertImage(trx: Kysely<ReportsTables>, row: NewImage): Promise<number> {
    const inserted = await trx.insertInto('report_images').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async update(id: number, changes: Updateable<ReportRecordsTable>, scope: AreaScope): Promise<boolean> {
    const result = await this.db
      .updateTable('report_records')
      .set(changes)
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes a record and its rendered images (the foreign key cascades on PostgreSQL; SQLite is told). */
  async delete(id: number, scope: AreaScope): Promise<boolean> {
    return this.transaction(async (trx) => {
      const found = await trx
        .selectFrom('report_records')
        .select('id')
        .where('id', '=', id)
        .where(inAreaScope('area_code', scope))
        .executeTakeFirst();
      if (found === undefined) return false;
      await trx.deleteFrom('report_images').where('record_id', '=', id).execute();
      await trx.deleteFrom('report_records').where('id', '=', id).execute();
      return true;
    });
  }

  async byId(id: number, scope: AreaScope): Promise<RecordRecord | undefined> {
    return this.db
      .selectFrom('report_records')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  async list(filter: RecordFilter, scope: AreaScope, page: Page): Promise<{ list: RecordRecord[]; total: number }> {
    let query = this.db.selectFrom('report_records').where(inAreaScope('area_code', scope));
    if (filter.templateId !== undefined) query = query.where('template_id', '=', filter.templateId);
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    if (filter.areaCode !== undefined) query = query.where('area_code', '=', filter.areaCode);
    if (filter.origin !== undefined) query = query.where('origin', '=', filter.origin);
    if (filter.fromDay !== undefined) query = query.where('from_day', '>=', filter.fromDay);
    if (filter.toDay !== undefined) query = query.where('from_day', '<=', filter.toDay);
    if (filter.createdFrom !== undefined) query = query.where('created_at', '>=', filter.createdFrom);
    if (filter.createdTo !== undefined) query = query.where('created_at', '<=', filter.createdTo);
    const count = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const list = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { list, total: Number(count?.n ?? 0) };
  }

  async countIn(scope: AreaScope): Promise<number> {
    const row = await this.db
      .selectFrom('report_records')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async image(id: number, scope: AreaScope): Promise<ImageRecord | undefined> {
    return this.db
      .selectFrom('report_images')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  async imagesOf(recordId: number): Promise<ImageRecord[]> {
    return this.db.selectFrom('report_images').selectAll().where('record_id', '=', recordId).orderBy('id').execute();
  }
}
