import type { Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { containsIgnoringCase } from '../../../platform/db/like';
import type { Page } from '../../../platform/http/params';
import type { OpenApiTables, OpenAppsTable } from './open-api.tables';

export type OpenApp = Selectable<OpenAppsTable>;

export interface OpenAppFilter {
  keyword?: string | undefined;
  status?: 'active' | 'revoked' | undefined;
}

export type OpenAppSort = { by: 'name' | 'created_at' | 'last_used_at' | 'expires_at'; order: 'asc' | 'desc' };

/** The fields an administrator changes on an application. */
export type OpenAppChanges = Pick<
  OpenAppsTable,
  'name' | 'apis' | 'rate_limit_per_minute' | 'expires_at' | 'updated_at'
>;

/**
 * open_apps, and the writes that must end an application's tokens with it. Administrators' reads and
 * writes take their area scope and filter on the application's area in SQL (open_apps_area); the
 * application's own sign-in reads by its key (the unique index), unscoped.
 */
export class OpenAppsRepository {
  constructor(private readonly database: Database<OpenApiTables>) {}

  async insert(row: OpenAppsTable): Promise<void> {
    await this.database.db.insertInto('open_apps').values(row).execute();
  }

  /** The application presenting this key (token exchange). */
  async byKey(appKey: string): Promise<OpenApp | undefined> {
    return this.database.db.selectFrom('open_apps').selectAll().where('app_key', '=', appKey).executeTakeFirst();
  }

  /** An application by id, unscoped: the application's own facts (its calls passed the token check). */
  async byId(id: string): Promise<OpenApp | undefined> {
    return this.database.db.selectFrom('open_apps').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** An application inside the scope, or undefined (also when it exists outside: nothing is revealed). */
  async byIdInScope(id: string, scope: AreaScope): Promise<OpenApp | undefined> {
    return this.scoped(scope).selectAll().where('id', '=', id).executeTakeFirst();
  }

  async byKeyInScope(appKey: string, scope: AreaScope): Promise<OpenApp | undefined> {
    return this.scoped(scope).selectAll().where('app_key', '=', appKey).executeTakeFirst();
  }

  async page(
    filter: OpenAppFilter,
    scope: AreaScope,
    page: Page,
    sort: OpenAppSort,
  ): Promise<{ rows: OpenApp[]; total: number }> {
    let query = this.scoped(scope);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.keyword !== undefined && filter.keyword !== '') {
      query = query.where(containsIgnoringCase(['name', 'app_key'], filter.keyword));
    }
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      query
        .selectAll()
        // Never-used or never-expiring rows (null) go last either way, on both databases.
        .orderBy((eb) => eb.case().when(sort.by, 'is', null).then(1).else(0).end())
        .orderBy(sort.by, sort.order)
        .orderBy('id', sort.order)
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Changes an application inside the scope; false when there is none there. */
  async update(id: string, scope: AreaScope, changes: OpenAppChanges): Promise<boolean> {
    const query = this.database.db
      .updateTable('open_apps')
      .set(changes)
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope));
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Revokes an active application inside the scope and deletes its tokens, in one transaction: its
   * next call is refused. False when there is no active application of that id there.
   */
  async revoke(id: string, scope: AreaScope, now: number): Promise<boolean> {
    return this.database.db.transaction().execute(async (trx) => {
      const query = trx
        .updateTable('open_apps')
        .set({ status: 'revoked', updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .where(inAreaScope('area_code', scope));
      const result = await query.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('open_app_tokens').where('app_id', '=', id).execute();
      return true;
    });
  }

  /** Replaces the secret of an active application inside the scope and deletes its tokens, in one transaction. */
  async replaceSecret(id: string, scope: AreaScope, secretHash: string, now: number): Promise<boolean> {
    return this.database.db.transaction().execute(async (trx) => {
      const query = trx
        .updateTable('open_apps')
        .set({ secret_hash: secretHash, secret_reset_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .where(inAreaScope('area_code', scope));
      const result = await query.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('open_app_tokens').where('app_id', '=', id).execute();
      return true;
    });
  }

  /** Records a call (the caller writes this at most once a minute per application). */
  async touch(id: string, now: number): Promise<void> {
    await this.database.db.updateTable('open_apps').set({ last_used_at: now }).where('id', '=', id).execute();
  }

  private scoped(scope: AreaScope) {
    return this.database.db.selectFrom('open_apps').where(inAreaScope('area_code', scope));
  }
}
