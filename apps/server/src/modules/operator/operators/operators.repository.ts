import type { Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { containsPattern } from '../../../platform/db/like';
import type { Page } from '../../../platform/http/params';
import type { OperatorsTable, OperatorsTables } from './operators.tables';

export type Operator = Selectable<OperatorsTable>;

/** An operator with the area of their organisation (their data scope). */
export interface OperatorWithOrg extends Operator {
  org_name: string;
  org_area: string;
}

export interface OperatorFilter {
  keyword?: string | undefined;
  /** The area of an organisation whose subtree is asked for (the orgId filter, resolved by the service). */
  orgArea?: string | undefined;
  status?: string | undefined;
}

export type OperatorSort = { by: 'username' | 'name' | 'created_at' | 'last_login_at'; order: 'asc' | 'desc' };

/**
 * operators with their organisation. Scoped reads join orgs and filter on its area (orgs_area);
 * sign-in reads by the lower-case username (its unique index).
 */
export class OperatorsRepository {
  constructor(private readonly database: Database<OperatorsTables>) {}

  private withOrg() {
    return this.database.db
      .selectFrom('operators as o')
      .innerJoin('orgs as g', 'g.id', 'o.org_id')
      .selectAll('o')
      .select(['g.name as org_name', 'g.area_code as org_area']);
  }

  async byUsername(username: string): Promise<OperatorWithOrg | undefined> {
    return this.withOrg().where('o.username_key', '=', username.toLowerCase()).executeTakeFirst();
  }

  async byId(id: string): Promise<OperatorWithOrg | undefined> {
    return this.withOrg().where('o.id', '=', id).executeTakeFirst();
  }

  /** An operator inside the scope, or undefined (also when it exists outside: nothing is revealed). */
  async byIdInScope(id: string, scope: AreaScope): Promise<OperatorWithOrg | undefined> {
    return this.withOrg().where('o.id', '=', id).where(inAreaScope('g.area_code', scope)).executeTakeFirst();
  }

  async page(
    filter: OperatorFilter,
    scope: AreaScope,
    page: Page,
    sort: OperatorSort,
  ): Promise<{ rows: OperatorWithOrg[]; total: number }> {
    let query = this.database.db.selectFrom('operators as o').innerJoin('orgs as g', 'g.id', 'o.org_id');
    query = query.where(inAreaScope('g.area_code', scope));
    if (filter.orgArea !== undefined) query = query.where(inAreaScope('g.area_code', { areaCode: filter.orgArea }));
    if (filter.status !== undefined) query = query.where('o.status', '=', filter.status);
    if (filter.keyword !== undefined && filter.keyword !== '') {
      // The lower-case key: LIKE is case-sensitive on PostgreSQL, not on SQLite; usernames match either way.
      const { keyword } = filter;
      query = query.where((eb) =>
        eb.or([
          eb('o.username_key', 'like', containsPattern(keyword.toLowerCase())),
          eb('o.name', 'like', containsPattern(keyword)),
        ]),
      );
    }
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      query
        .selectAll('o')
        .select(['g.name as org_name', 'g.area_code as org_area'])
        .orderBy(`o.${sort.by}`, sort.order)
        .orderBy('o.username')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async count(): Promise<number> {
    const row = await this.database.db
      .selectFrom('operators')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Writes an operator and its roles in one transaction. */
  async insert(row: OperatorsTable, roleIds: readonly string[]): Promise<void> {
    await this.database.db.transaction().execute(async (trx) => {
      await trx.insertInto('operators').values(row).execute();
      if (roleIds.length > 0) {
        await trx
          .insertInto('operator_roles')
          .values(roleIds.map((role_id) => ({ operator_id: row.id, role_id })))
          .execute();
      }
    });
  }

  /** Changes name, organisation, phone and replaces the roles, in one transaction. */
  async update(
    id: string,
    fields: Pick<OperatorsTable, 'name' | 'org_id' | 'phone' | 'updated_at'>,
    roleIds: readonly string[],
  ): Promise<void> {
    await this.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('operators').set(fields).where('id', '=', id).execute();
      await trx.deleteFrom('operator_roles').where('operator_id', '=', id).execute();
      if (roleIds.length > 0) {
        await trx
          .insertInto('operator_roles')
          .values(roleIds.map((role_id) => ({ operator_id: id, role_id })))
          .execute();
      }
    });
  }

  async setStatus(id: string, status: 'active' | 'disabled', now: number): Promise<void> {
    await this.database.db.updateTable('operators').set({ status, updated_at: now }).where('id', '=', id).execute();
  }

  async setPassword(id: string, passwordHash: string, mustChange: boolean, now: number): Promise<void> {
    await this.database.db
      .updateTable('operators')
      .set({
        password_hash: passwordHash,
        must_change_password: mustChange ? 1 : 0,
        password_changed_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }

  async recordSignIn(id: string, now: number): Promise<void> {
    await this.database.db.updateTable('operators').set({ last_login_at: now }).where('id', '=', id).execute();
  }

  /** Role ids per operator. */
  async roleIdsOf(operatorIds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>(operatorIds.map((id) => [id, []]));
    if (operatorIds.length === 0) return out;
    const rows = await this.database.db
      .selectFrom('operator_roles')
      .selectAll()
      .where('operator_id', 'in', [...operatorIds])
      .execute();
    for (const row of rows) out.get(row.operator_id)?.push(row.role_id);
    return out;
  }

  /** How many active operators of an organisation hold a permission (through any role; the built-in role holds all). */
  async countHolding(orgId: string, permission: string): Promise<number> {
    const row = await this.database.db
      .selectFrom('operators as o')
      .innerJoin('operator_roles as r', 'r.operator_id', 'o.id')
      .innerJoin('roles as ro', 'ro.id', 'r.role_id')
      .leftJoin('role_permissions as p', (join) =>
        join.onRef('p.role_id', '=', 'ro.id').on('p.permission', '=', permission),
      )
      .select((eb) => eb.fn.count<number>('o.id').distinct().as('n'))
      .where('o.org_id', '=', orgId)
      .where('o.status', '=', 'active')
      .where((eb) => eb.or([eb('ro.builtin', '=', 1), eb('p.permission', 'is not', null)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
