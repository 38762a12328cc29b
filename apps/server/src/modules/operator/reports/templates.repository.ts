import type { Insertable, Selectable, Updateable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { containsPattern } from '../../../platform/db/like';
import type { Page } from '../../../platform/http/params';
import type { ReportsTables, ReportTemplatesTable } from './reports.tables';

export type TemplateRecord = Selectable<ReportTemplatesTable>;

export interface TemplateFilter {
  name?: string | undefined;
  type?: string | undefined;
  category?: string | undefined;
  /** true: the recycle bin; false: templates in use. */
  deleted: boolean;
}

/** report_templates, always within the caller's area. */
export class TemplatesRepository {
  constructor(private readonly database: Database<ReportsTables>) {}

  private get db() {
    return this.database.db;
  }

  async insert(row: Insertable<ReportTemplatesTable>): Promise<number> {
    const inserted = await this.db.insertInto('report_templates').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async update(id: number, changes: Updateable<ReportTemplatesTable>, scope: AreaScope): Promise<boolean> {
    const result = await this.db
      .updateTable('report_templates')
      .set(changes)
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A template of the scope, in the bin or not. */
  async byId(id: number, scope: AreaScope): Promise<TemplateRecord | undefined> {
    return this.db
      .selectFrom('report_templates')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  async list(
    filter: TemplateFilter,
    scope: AreaScope,
    page: Page | null,
  ): Promise<{ list: TemplateRecord[]; total: number }> {
    let query = this.db
      .selectFrom('report_templates')
      .where(inAreaScope('area_code', scope))
      .where('deleted_at', filter.deleted ? 'is not' : 'is', null);
    if (filter.name !== undefined && filter.name !== '') {
      query = query.where('name', 'like', containsPattern(filter.name));
    }
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    if (filter.category !== undefined && filter.category !== '') query = query.where('category', '=', filter.category);
    const count = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    let rows = query
      .selectAll()
      .orderBy(filter.deleted ? 'deleted_at' : 'updated_at', 'desc')
      .orderBy('id', 'desc');
    if (page !== null) rows = rows.limit(page.limit).offset(page.offset);
    return { list: await rows.execute(), total: Number(count?.n ?? 0) };
  }

  async countIn(scope: AreaScope): Promise<number> {
    const row = await this.db
      .selectFrom('report_templates')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(inAreaScope('area_code', scope))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
