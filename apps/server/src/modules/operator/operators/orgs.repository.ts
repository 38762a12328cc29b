import type { Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { OperatorsTables, OrgsTable } from './operators.tables';

export type Org = Selectable<OrgsTable>;

/** orgs: the tree is small (hundreds of rows): read whole within a scope (orgs_area), assembled in memory. */
export class OrgsRepository {
  constructor(private readonly database: Database<OperatorsTables>) {}

  async all(scope: AreaScope): Promise<Org[]> {
    return this.database.db
      .selectFrom('orgs')
      .selectAll()
      .where(inAreaScope('area_code', scope))
      .orderBy('area_code')
      .orderBy('name')
      .execute();
  }

  async byId(id: string): Promise<Org | undefined> {
    return this.database.db.selectFrom('orgs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async root(): Promise<Org | undefined> {
    return this.database.db
      .selectFrom('orgs')
      .selectAll()
      .where('parent_id', 'is', null)
      .orderBy('created_at')
      .executeTakeFirst();
  }

  async insert(row: OrgsTable): Promise<void> {
    await this.database.db.insertInto('orgs').values(row).execute();
  }

  async update(id: string, fields: { name: string; area_code: string; updated_at: number }): Promise<void> {
    await this.database.db.updateTable('orgs').set(fields).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.database.db.deleteFrom('orgs').where('id', '=', id).execute();
  }

  async childCount(id: string): Promise<number> {
    const row = await this.database.db
      .selectFrom('orgs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parent_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Operators per organisation (all of them: the tree shows the counts of the orgs in scope). */
  async operatorCounts(): Promise<Map<string, number>> {
    const rows = await this.database.db
      .selectFrom('operators')
      .select(['org_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('org_id')
      .execute();
    return new Map(rows.map((r) => [r.org_id, Number(r.n)]));
  }
}
