import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { containsIgnoringCase } from '../../../platform/db/like';
import type { Page } from '../../../platform/http/params';
import type {
  ElectricityTables,
  EleEnterprisesTable,
  EleOperationsTable,
  EleOrdersTable,
  EleProblemStepsTable,
  EleProblemsTable,
  EleSitesTable,
} from './electricity.tables';

export type EnterpriseRecord = Selectable<EleEnterprisesTable>;
export type SiteRecord = Selectable<EleSitesTable>;
export type OrderRecord = Selectable<EleOrdersTable>;
export type ProblemRecord = Selectable<EleProblemsTable>;
export type StepRecord = Selectable<EleProblemStepsTable>;
export type OperationRecord = Selectable<EleOperationsTable>;

export interface EnterpriseFilter {
  name?: string | undefined;
  tradeType?: string | undefined;
  operateStatus?: string | undefined;
  areaCode?: string | undefined;
}

export interface SiteFilter {
  enterpriseId?: number | undefined;
  kind?: string | undefined;
  bound?: boolean | undefined;
}

const n = (value: unknown) => Number(value ?? 0);

/**
 * Every table of 分表计电. Reads for operators take the scope and apply it in SQL on the row's own
 * `area_code` (the enterprise's, copied to its points, orders, problems and records); the detector's
 * reads (`…System`) are the system's own.
 */
export class ElectricityRepository {
  constructor(private readonly database: Database<ElectricityTables>) {}

  private get db() {
    return this.database.db;
  }

  // --- Enterprises ---

  private enterpriseQuery(filter: EnterpriseFilter, scope: AreaScope) {
    let query = this.db.selectFrom('ele_enterprises').where(inAreaScope('area_code', scope));
    if (filter.name !== undefined && filter.name !== '')
      query = query.where(containsIgnoringCase(['name', 'credit_code'], filter.name));
    if (filter.tradeType !== undefined) query = query.where('trade_type', '=', filter.tradeType);
    if (filter.operateStatus !== undefined) query = query.where('operate_status', '=', filter.operateStatus);
    if (filter.areaCode !== undefined) query = query.where(inAreaScope('area_code', { areaCode: filter.areaCode }));
    return query;
  }

  async enterprises(filter: EnterpriseFilter, scope: AreaScope, page: Page) {
    const query = this.enterpriseQuery(filter, scope);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const list = await query.selectAll().orderBy('id').offset(page.offset).limit(page.limit).execute();
    return { list, total: n(total.n) };
  }

  allEnterprises(scope: AreaScope): Promise<EnterpriseRecord[]> {
    return this.enterpriseQuery({}, scope).selectAll().orderBy('id').execute();
  }

  enterprise(id: number, scope: AreaScope): Promise<EnterpriseRecord | undefined> {
    return this.db
      .selectFrom('ele_enterprises')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  /** Any enterprise with this credit code, whatever the scope: the code is unique nationwide. */
  enterpriseByCreditCode(code: string): Promise<EnterpriseRecord | undefined> {
    return this.db.selectFrom('ele_enterprises').selectAll().where('credit_code', '=', code).executeTakeFirst();
  }

  async insertEnterprise(row: Insertable<EleEnterprisesTable>): Promise<number> {
    const inserted = await this.db.insertInto('ele_enterprises').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async updateEnterprise(id: number, change: Updateable<EleEnterprisesTable>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('ele_enterprises').set(change).where('id', '=', id).execute();
      // Points, orders, problems and records follow the enterprise's area (their scope column).
      if (change.area_code !== undefined) {
        for (const table of ['ele_sites', 'ele_orders', 'ele_problems', 'ele_operations'] as const)
          await trx.updateTable(table).set({ area_code: change.area_code }).where('enterprise_id', '=', id).execute();
      }
    });
  }

  // --- Monitoring points ---

  private siteQuery(filter: SiteFilter, scope: AreaScope) {
    let query = this.db.selectFrom('ele_sites').where(inAreaScope('area_code', scope));
    if (filter.enterpriseId !== undefined) query = query.where('enterprise_id', '=', filter.enterpriseId);
    if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
    if (filter.bound === true) query = query.where('device_id', 'is not', null);
    if (filter.bound === false) query = query.where('device_id', 'is', null);
    return query;
  }

  async sites(filter: SiteFilter, scope: AreaScope, page: Page) {
    const query = this.siteQuery(filter, scope);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const list = await query
      .selectAll()
      .orderBy('enterprise_id')
      .orderBy('kind')
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { list, total: n(total.n) };
  }

  allSites(filter: SiteFilter, scope: AreaScope): Promise<SiteRecord[]> {
    return this.siteQuery(filter, scope).selectAll().orderBy('id').execute();
  }

  site(id: number, scope: AreaScope): Promise<SiteRecord | undefined> {
    return this.siteQuery({}, scope).selectAll().where('id', '=', id).executeTakeFirst();
  }

  siteByDevice(deviceId: number): Promise<SiteRecord | undefined> {
    return this.db.selectFrom('ele_sites').selectAll().where('device_id', '=', deviceId).executeTakeFirst();
  }

  /** Every point with a meter and every link: the detector's picture of the installation. */
  async boundSitesSystem(): Promise<{
    sites: SiteRecord[];
    links: Array<{ treatment_id: number; production_id: number }>;
  }> {
    const sites = await this.db.selectFrom('ele_sites').selectAll().execute();
    const links = await this.db.selectFrom('ele_links').selectAll().execute();
    return { sites, links };
  }

  async links(siteIds: readonly number[]) {
    if (siteIds.length === 0) return [];
    return this.db
      .selectFrom('ele_links')
      .selectAll()
      .where((eb) => eb.or([eb('treatment_id', 'in', [...siteIds]), eb('production_id', 'in', [...siteIds])]))
      .execute();
  }

  async insertSite(row: Insertable<EleSitesTable>, linked: readonly number[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('ele_sites').values(row).returning('id').executeTakeFirstOrThrow();
      const id = Number(inserted.id);
      await this.writeLinks(trx, id, row.kind, linked);
      return id;
    });
  }

  async updateSite(
    id: number,
    change: Updateable<EleSitesTable>,
    kind: string,
    linked: readonly number[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('ele_sites').set(change).where('id', '=', id).execute();
      await trx
        .deleteFrom('ele_links')
        .where((eb) => eb.or([eb('treatment_id', '=', id), eb('production_id', '=', id)]))
        .execute();
      await this.writeLinks(trx, id, kind, linked);
    });
  }

  private async writeLinks(
    trx: Transaction<ElectricityTables>,
    id: number,
    kind: string,
    linked: readonly number[],
  ): Promise<void> {
    if (linked.length === 0) return;
    const rows = linked.map((other) =>
      kind === 'treatment' ? { treatment_id: id, production_id: other } : { treatment_id: other, production_id: id },
    );
    await trx.insertInto('ele_links').values(rows).execute();
  }

  async deleteSite(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ele_sites').where('id', '=', id).execute();
      await trx
        .deleteFrom('ele_links')
        .where((eb) => eb.or([eb('treatment_id', '=', id), eb('production_id', '=', id)]))
        .execute();
    });
  }

  async setDevice(siteId: number, deviceId: number | null, at: number): Promise<void> {
    await this.db
      .updateTable('ele_sites')
      .set({ device_id: deviceId, updated_at: at })
      .where('id', '=', siteId)
      .execute();
  }

  // --- Orders ---

  async orders(filter: { enterpriseId?: number | undefined }, scope: AreaScope, page: Page) {
    let query = this.db.selectFrom('ele_orders').where(inAreaScope('area_code', scope));
    if (filter.enterpriseId !== undefined) query = query.where('enterprise_id', '=', filter.enterpriseId);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const list = await query
      .selectAll()
      .orderBy('start_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { list, total: n(total.n) };
  }

  /** Orders of the scope in force at `t` (not revoked). */
  activeOrders(t: number, scope: AreaScope): Promise<OrderRecord[]> {
    return this.db
      .selectFrom('ele_orders')
      .selectAll()
      .where(inAreaScope('area_code', scope))
      .where('revoked_at', 'is', null)
      .where('start_at', '<=', t)
      .where('end_at', '>', t)
      .execute();
  }

  /** Orders of the scope not revoked and ending after `t` (in force or to come). */
  activeOrdersFrom(t: number, scope: AreaScope): Promise<OrderRecord[]> {
    return this.db
      .selectFrom('ele_orders')
      .selectAll()
      .where(inAreaScope('area_code', scope))
      .where('revoked_at', 'is', null)
      .where('end_at', '>', t)
      .execute();
  }

  order(id: number, scope: AreaScope): Promise<OrderRecord | undefined> {
    return this.db
      .selectFrom('ele_orders')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  async insertOrder(row: Insertable<EleOrdersTable>): Promise<number> {
    const inserted = await this.db.insertInto('ele_orders').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async revokeOrder(id: number, at: number): Promise<void> {
    await this.db.updateTable('ele_orders').set({ revoked_at: at }).where('id', '=', id).execute();
  }

  // --- Problem forms ---

  async problems(
    filter: { enterpriseId?: number | undefined; state?: string | undefined },
    scope: AreaScope,
    page: Page,
  ) {
    let query = this.db.selectFrom('ele_problems').where(inAreaScope('area_code', scope));
    if (filter.enterpriseId !== undefined) query = query.where('enterprise_id', '=', filter.enterpriseId);
    if (filter.state !== undefined) query = query.where('state', '=', filter.state);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const list = await query.selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute();
    return { list, total: n(total.n) };
  }

  problem(id: number, scope: AreaScope): Promise<ProblemRecord | undefined> {
    return this.db
      .selectFrom('ele_problems')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  async problemsOfAlarms(alarmIds: readonly number[]): Promise<Map<number, number>> {
    if (alarmIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('ele_problems')
      .select(['id', 'alarm_id'])
      .where('alarm_id', 'in', [...alarmIds])
      .execute();
    return new Map(rows.map((r) => [Number(r.alarm_id), r.id]));
  }

  /** Open problem forms per enterprise of the scope. */
  async openProblemCounts(scope: AreaScope): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('ele_problems')
      .select(['enterprise_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where(inAreaScope('area_code', scope))
      .where('state', '<>', 'closed')
      .groupBy('enterprise_id')
      .execute();
    return new Map(rows.map((r) => [r.enterprise_id, n(r.n)]));
  }

  async insertProblem(row: Insertable<EleProblemsTable>, step: Omit<Insertable<EleProblemStepsTable>, 'problem_id'>) {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('ele_problems').values(row).returning('id').executeTakeFirstOrThrow();
      const id = Number(inserted.id);
      await trx
        .insertInto('ele_problem_steps')
        .values({ ...step, problem_id: id })
        .execute();
      return id;
    });
  }

  /** Moves a problem on, only from the state it was read in (two reviewers cannot both act). */
  async stepProblem(
    id: number,
    from: string,
    change: Updateable<EleProblemsTable>,
    step: Omit<Insertable<EleProblemStepsTable>, 'problem_id'>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('ele_problems')
        .set(change)
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx
        .insertInto('ele_problem_steps')
        .values({ ...step, problem_id: id })
        .execute();
      return true;
    });
  }

  steps(problemId: number): Promise<StepRecord[]> {
    return this.db
      .selectFrom('ele_problem_steps')
      .selectAll()
      .where('problem_id', '=', problemId)
      .orderBy('id')
      .execute();
  }

  // --- Operations ---

  async operations(
    filter: { enterpriseId?: number | undefined; deviceId?: number | undefined; kind?: string | undefined },
    scope: AreaScope,
    page: Page,
  ) {
    let query = this.db.selectFrom('ele_operations').where(inAreaScope('area_code', scope));
    if (filter.enterpriseId !== undefined) query = query.where('enterprise_id', '=', filter.enterpriseId);
    if (filter.deviceId !== undefined) query = query.where('device_id', '=', filter.deviceId);
    if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const list = await query
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { list, total: n(total.n) };
  }

  operation(id: number, scope: AreaScope): Promise<OperationRecord | undefined> {
    return this.db
      .selectFrom('ele_operations')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  async insertOperation(row: Insertable<EleOperationsTable>): Promise<number> {
    const inserted = await this.db.insertInto('ele_operations').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async deleteOperation(id: number): Promise<void> {
    await this.db.deleteFrom('ele_operations').where('id', '=', id).execute();
  }
}
