import type { Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import { containsIgnoringCase } from '../../../platform/db/like';
import type { Page } from '../../../platform/http/params';
import type { OperatorsTables, RolesTable } from './operators.tables';

export type Role = Selectable<RolesTable>;

/** roles with their permissions (role_permissions) and how many operators hold each (operator_roles_role). */
export class RolesRepository {
  constructor(private readonly database: Database<OperatorsTables>) {}

  async page(keyword: string | undefined, page: Page): Promise<{ rows: Role[]; total: number }> {
    let query = this.database.db.selectFrom('roles');
    if (keyword !== undefined && keyword !== '') query = query.where(containsIgnoringCase(['name'], keyword));
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      query.selectAll().orderBy('builtin', 'desc').orderBy('name').limit(page.limit).offset(page.offset).execute(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Every role, the built-in one first. */
  async all(): Promise<Role[]> {
    return this.database.db.selectFrom('roles').selectAll().orderBy('builtin', 'desc').orderBy('name').execute();
  }

  async byId(id: string): Promise<Role | undefined> {
    return this.database.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async byName(name: string): Promise<Role | undefined> {
    return this.database.db.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async byIds(ids: readonly string[]): Promise<Role[]> {
    if (ids.length === 0) return [];
    return this.database.db
      .selectFrom('roles')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  async builtin(): Promise<Role | undefined> {
    return this.database.db.selectFrom('roles').selectAll().where('builtin', '=', 1).executeTakeFirst();
  }

  async permissionsOf(roleIds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>(roleIds.map((id) => [id, []]));
    if (roleIds.length === 0) return out;
    const rows = await this.database.db
      .selectFrom('role_permissions')
      .selectAll()
      .where('role_id', 'in', [...roleIds])
      .orderBy('permission')
      .execute();
    for (const row of rows) out.get(row.role_id)?.push(row.permission);
    return out;
  }

  async operatorCounts(roleIds: readonly string[]): Promise<Map<string, number>> {
    if (roleIds.length === 0) return new Map();
    const rows = await this.database.db
      .selectFrom('operator_roles')
      .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('role_id', 'in', [...roleIds])
      .groupBy('role_id')
      .execute();
    return new Map(rows.map((r) => [r.role_id, Number(r.n)]));
  }

  /** Writes a role and replaces its permissions, in one transaction. */
  async save(role: RolesTable, permissions: readonly string[], isNew: boolean): Promise<void> {
    await this.database.db.transaction().execute(async (trx) => {
      if (isNew) await trx.insertInto('roles').values(role).execute();
      else {
        await trx
          .updateTable('roles')
          .set({ name: role.name, description: role.description, updated_at: role.updated_at })
          .where('id', '=', role.id)
          .execute();
      }
      await trx.deleteFrom('role_permissions').where('role_id', '=', role.id).execute();
      if (permissions.length > 0) {
        await trx
          .insertInto('role_permissions')
          .values(permissions.map((permission) => ({ role_id: role.id, permission })))
          .execute();
      }
    });
  }

  async delete(id: string): Promise<void> {
    await this.database.db.deleteFrom('roles').where('id', '=', id).execute();
  }
}
