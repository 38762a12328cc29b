import { type Insertable, type Selectable, type SqlBool, sql } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { containsPattern } from '../../../platform/db/like';
import type { Page } from '../../../platform/http/params';
import type { ConfigResourcesTable, ConfigurationTables } from './configuration.tables';

export type ResourceRecord = Selectable<ConfigResourcesTable>;
export type ResourceInfo = Omit<ResourceRecord, 'data'>;

/** A resource an operator may use: every system one, and the custom ones of their area. */
function visibleIn(scope: AreaScope) {
  return sql<SqlBool>`(resource_type = 'system' or ${inAreaScope('area_code', scope)})`;
}

const INFO = [
  'id',
  'type',
  'resource_type',
  'file_name',
  'mime',
  'width',
  'height',
  'bytes',
  'sha256',
  'area_code',
  'created_by',
  'created_by_name',
  'created_at',
] as const;

/** config_resources: pictures of the library, their bytes read only when served. */
export class ResourcesRepository {
  constructor(private readonly database: Database<ConfigurationTables>) {}

  private get db() {
    return this.database.db;
  }

  async insert(row: Insertable<ConfigResourcesTable>): Promise<number> {
    const inserted = await this.db.insertInto('config_resources').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('config_resources').where('id', '=', id).execute();
  }

  async info(id: number, scope: AreaScope): Promise<ResourceInfo | undefined> {
    return this.db
      .selectFrom('config_resources')
      .select(INFO)
      .where('id', '=', id)
      .where(visibleIn(scope))
      .executeTakeFirst();
  }

  async file(id: number, scope: AreaScope): Promise<ResourceRecord | undefined> {
    return this.db
      .selectFrom('config_resources')
      .selectAll()
      .where('id', '=', id)
      .where(visibleIn(scope))
      .executeTakeFirst();
  }

  /** A resource by id whatever its area: an embed serves the pictures its published drawing uses. */
  async fileOf(id: number): Promise<ResourceRecord | undefined> {
    return this.db.selectFrom('config_resources').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(
    filter: { type?: string | undefined; resourceType?: string | undefined; keyword?: string | undefined },
    scope: AreaScope,
    page: Page,
  ): Promise<{ list: ResourceInfo[]; total: number }> {
    let query = this.db.selectFrom('config_resources').where(visibleIn(scope));
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    if (filter.resourceType !== undefined) query = query.where('resource_type', '=', filter.resourceType);
    if (filter.keyword !== undefined && filter.keyword !== '') {
      query = query.where('file_name', 'like', containsPattern(filter.keyword));
    }
    const count = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const list = await query.select(INFO).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
    return { list, total: Number(count?.n ?? 0) };
  }
}
