import type { Insertable, Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { LidarTables, VisRoadsTable, VisWarningsTable } from './lidar.tables';

export type RoadRecord = Selectable<VisRoadsTable>;
export type WarningRecord = Selectable<VisWarningsTable>;

/** Watched roads, police units and fog warnings. Every read for an operator takes the scope. */
export class VisibilityRepository {
  constructor(private readonly database: Database<LidarTables>) {}

  private get db() {
    return this.database.db;
  }

  async roadsOf(deviceId: number): Promise<RoadRecord[]> {
    return this.db.selectFrom('vis_roads').selectAll().where('device_id', '=', deviceId).orderBy('id').execute();
  }

  async roads(scope: AreaScope): Promise<RoadRecord[]> {
    return this.db.selectFrom('vis_roads').selectAll().where(inAreaScope('area_code', scope)).orderBy('id').execute();
  }

  async insertRoad(row: Insertable<VisRoadsTable>): Promise<number> {
    const r = await this.db.insertInto('vis_roads').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async police(scope: AreaScope) {
    return this.db
      .selectFrom('vis_police_units')
      .selectAll()
      .where(inAreaScope('area_code', scope))
      .orderBy('id')
      .execute();
  }

  async insertPolice(row: Insertable<LidarTables['vis_police_units']>): Promise<void> {
    await this.db.insertInto('vis_police_units').values(row).execute();
  }

  async openWarning(roadId: number): Promise<WarningRecord | undefined> {
    return this.db
      .selectFrom('vis_warnings')
      .selectAll()
      .where('road_id', '=', roadId)
      .where('end_t', 'is', null)
      .executeTakeFirst();
  }

  async insertWarning(row: Insertable<VisWarningsTable>): Promise<number> {
    const r = await this.db.insertInto('vis_warnings').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async updateWarning(
    id: number,
    change: Partial<Pick<WarningRecord, 'level' | 'visibility' | 'last_t' | 'end_t' | 'police_json'>>,
  ) {
    await this.db.updateTable('vis_warnings').set(change).where('id', '=', id).execute();
  }

  async warning(id: number, scope: AreaScope): Promise<WarningRecord | undefined> {
    return this.db
      .selectFrom('vis_warnings')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  async warnings(
    scope: AreaScope,
    filter: { from?: number; to?: number; active?: boolean; level?: number },
    page: { offset: number; limit: number } | null,
  ) {
    let q = this.db.selectFrom('vis_warnings').where(inAreaScope('area_code', scope));
    if (filter.from !== undefined) q = q.where('last_t', '>=', filter.from);
    if (filter.to !== undefined) q = q.where('start_t', '<=', filter.to);
    if (filter.active === true) q = q.where('end_t', 'is', null);
    if (filter.active === false) q = q.where('end_t', 'is not', null);
    if (filter.level !== undefined) q = q.where('level', '=', filter.level);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = q.selectAll().orderBy('start_t', 'desc').orderBy('id', 'desc');
    rows = page === null ? rows.limit(500) : rows.offset(page.offset).limit(page.limit);
    return { list: await rows.execute(), total: Number(total.n) };
  }
}
