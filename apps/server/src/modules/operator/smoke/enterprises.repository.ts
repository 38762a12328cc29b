import type { Insertable, Selectable, Updateable } from 'kysely';
import { type AreaScope, inAreaScope, inCodeTree } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { containsIgnoringCase } from '../../../platform/db/like';
import type { EnterprisesTable, SmokeTables } from './smoke.tables';

export type EnterpriseRecord = Selectable<EnterprisesTable>;

export interface EnterpriseFilter {
  keyword?: string | undefined;
  areaCode?: string | undefined;
  tradeType?: string | undefined;
  /** Cooking-range bounds of a GB 18483 scale: [min, max). */
  ranges?: { min: number; max: number | null } | undefined;
  operateStatus?: string | undefined;
  enabled?: boolean | undefined;
  /** Only those linked to a site of the registry (the monitored ones). */
  linked?: boolean | undefined;
}

/** The enterprise register. Every read for an operator is limited to the operator's area in SQL. */
export class EnterprisesRepository {
  constructor(private readonly database: Database<SmokeTables>) {}

  private get db() {
    return this.database.db;
  }

  private filtered(filter: EnterpriseFilter, scope: AreaScope) {
    let query = this.db.selectFrom('enterprises').where(inAreaScope('area_code', scope));
    if (filter.areaCode !== undefined) query = query.where(inCodeTree('area_code', filter.areaCode));
    if (filter.keyword !== undefined && filter.keyword !== '')
      query = query.where(containsIgnoringCase(['name', 'credit_code', 'address'], filter.keyword));
    if (filter.tradeType !== undefined) query = query.where('trade_type', '=', filter.tradeType);
    if (filter.operateStatus !== undefined) query = query.where('operate_status', '=', filter.operateStatus);
    if (filter.enabled !== undefined) query = query.where('enabled', '=', filter.enabled ? 1 : 0);
    if (filter.linked === true) query = query.where('site_id', 'is not', null);
    const { ranges } = filter;
    if (ranges !== undefined) {
      query = query.where('ranges', '>=', ranges.min);
      if (ranges.max !== null) query = query.where('ranges', '<', ranges.max);
    }
    return query;
  }

  async list(filter: EnterpriseFilter, scope: AreaScope, page: { offset: number; limit: number } | null) {
    const query = this.filtered(filter, scope);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = query.selectAll().orderBy('id');
    if (page !== null) rows = rows.offset(page.offset).limit(page.limit);
    return { list: await rows.execute(), total: Number(total.n) };
  }

  async get(id: number, scope: AreaScope): Promise<EnterpriseRecord | undefined> {
    return this.db
      .selectFrom('enterprises')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  async bySite(siteId: number, scope: AreaScope): Promise<EnterpriseRecord | undefined> {
    return this.db
      .selectFrom('enterprises')
      .selectAll()
      .where('site_id', '=', siteId)
      .where(inAreaScope('area_code', scope))
      .orderBy('id')
      .executeTakeFirst();
  }

  /** Any enterprise with this code, whatever the area (the code is unique nationwide). */
  async idOfCreditCode(code: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('enterprises').select('id').where('credit_code', '=', code).executeTakeFirst();
    return row === undefined ? undefined : Number(row.id);
  }

  async insert(row: Insertable<EnterprisesTable>): Promise<number> {
    const inserted = await this.db.insertInto('enterprises').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async update(id: number, change: Updateable<EnterprisesTable>): Promise<void> {
    await this.db.updateTable('enterprises').set(change).where('id', '=', id).execute();
  }
}
