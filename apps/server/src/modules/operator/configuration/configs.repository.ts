import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { containsIgnoringCase } from '../../../platform/db/like';
import type { Page } from '../../../platform/http/params';
import type { ConfigsTable, ConfigurationTables } from './configuration.tables';

export type ConfigRecord = Selectable<ConfigsTable>;

export interface ConfigFilter {
  title?: string | undefined;
  type?: string | undefined;
  company?: string | undefined;
  status?: number | undefined;
}

/** configs: operators read and write their area's; an embed reads one by its token. */
export class ConfigsRepository {
  constructor(private readonly database: Database<ConfigurationTables>) {}

  private get db() {
    return this.database.db;
  }

  async insert(row: Insertable<ConfigsTable>): Promise<number> {
    const inserted = await this.db.insertInto('configs').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async update(id: number, changes: Updateable<ConfigsTable>, scope: AreaScope): Promise<boolean> {
    const result = await this.db
      .updateTable('configs')
      .set(changes)
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(id: number, scope: AreaScope): Promise<boolean> {
    const result = await this.db
      .deleteFrom('configs')
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async byId(id: number, scope: AreaScope): Promise<ConfigRecord | undefined> {
    return this.db
      .selectFrom('configs')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  async codeTaken(code: string, exceptId: number | null): Promise<boolean> {
    let query = this.db.selectFrom('configs').select('id').where('code', '=', code);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** The published dashboard a token opens; none once it is unpublished or its token reset. */
  async byToken(token: string): Promise<ConfigRecord | undefined> {
    return this.db
      .selectFrom('configs')
      .selectAll()
      .where('token', '=', token)
      .where('status', '=', 1)
      .executeTakeFirst();
  }

  async list(filter: ConfigFilter, scope: AreaScope, page: Page): Promise<{ list: ConfigRecord[]; total: number }> {
    let query = this.db.selectFrom('configs').where(inAreaScope('area_code', scope));
    if (filter.title !== undefined && filter.title !== '')
      query = query.where(containsIgnoringCase(['title', 'code'], filter.title));
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    if (filter.company !== undefined && filter.company !== '') query = query.where('company', '=', filter.company);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    const count = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const list = await query
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { list, total: Number(count?.n ?? 0) };
  }

  /** How many dashboards of the scope each type (or company) has. */
  async countBy(column: 'type' | 'company', scope: AreaScope): Promise<Array<{ key: string; n: number }>> {
    const rows = await this.db
      .selectFrom('configs')
      .select([sql.ref<string>(column).as('key'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where(inAreaScope('area_code', scope))
      .groupBy(column)
      .orderBy(column)
      .execute();
    return rows.map((r) => ({ key: r.key, n: Number(r.n) }));
  }
}
