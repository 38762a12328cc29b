import type { Insertable, Selectable, Updateable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { LidarHotspotPhotosTable, LidarHotspotsTable, LidarPollutersTable, LidarTables } from './lidar.tables';

export type HotspotRecord = Selectable<LidarHotspotsTable> & { photo_count: number };
export type PolluterRecord = Selectable<LidarPollutersTable>;

export interface HotspotFilter {
  from?: number;
  to?: number;
  deviceIds?: readonly number[];
  status?: string;
  origin?: string;
  recordId?: number;
}

/** Hot spots, their photos, and polluter plots. Every read takes the reader's scope. */
export class HotspotsRepository {
  constructor(private readonly database: Database<LidarTables>) {}

  private get db() {
    return this.database.db;
  }

  private base(scope: AreaScope, filter: HotspotFilter) {
    let q = this.db.selectFrom('lidar_hotspots as h').where(inAreaScope('h.area_code', scope));
    if (filter.from !== undefined) q = q.where('h.last_t', '>=', filter.from);
    if (filter.to !== undefined) q = q.where('h.first_t', '<=', filter.to);
    if (filter.deviceIds !== undefined)
      q = q.where('h.device_id', 'in', filter.deviceIds.length === 0 ? [-1] : [...filter.deviceIds]);
    if (filter.status !== undefined) q = q.where('h.status', '=', filter.status);
    if (filter.origin !== undefined) q = q.where('h.origin', '=', filter.origin);
    if (filter.recordId !== undefined) q = q.where('h.record_id', '=', filter.recordId);
    return q;
  }

  private withPhotos<T extends ReturnType<HotspotsRepository['base']>>(q: T) {
    return q.selectAll('h').select((eb) =>
      eb
        .selectFrom('lidar_hotspot_photos as p')
        .whereRef('p.hotspot_id', '=', 'h.id')
        .select((e) => e.fn.countAll<number>().as('c'))
        .as('photo_count'),
    );
  }

  async list(scope: AreaScope, filter: HotspotFilter, page: { offset: number; limit: number } | null) {
    const q = this.base(scope, filter);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = this.withPhotos(q).orderBy('h.first_t', 'desc').orderBy('h.id', 'desc');
    if (page !== null) rows = rows.offset(page.offset).limit(page.limit);
    const list = (await rows.execute()).map((r) => ({ ...r, photo_count: Number(r.photo_count ?? 0) }));
    return { list, total: Number(total.n) };
  }

  async get(id: number, scope: AreaScope): Promise<HotspotRecord | undefined> {
    const row = await this.withPhotos(this.base(scope, {}).where('h.id', '=', id)).executeTakeFirst();
    return row === undefined ? undefined : { ...row, photo_count: Number(row.photo_count ?? 0) };
  }

  /** The open (not dismissed) scan hot spots of a device seen since `since`, for matching new detections. */
  async recentOfDevice(deviceId: number, since: number): Promise<Array<Selectable<LidarHotspotsTable>>> {
    return this.db
      .selectFrom('lidar_hotspots')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('origin', '=', 'scan')
      .where('last_t', '>=', since)
      .execute();
  }

  async insert(row: Insertable<LidarHotspotsTable>): Promise<number> {
    const inserted = await this.db.insertInto('lidar_hotspots').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async update(id: number, change: Updateable<LidarHotspotsTable>): Promise<void> {
    await this.db.updateTable('lidar_hotspots').set(change).where('id', '=', id).execute();
  }

  /** Deletes the hot spots among `ids` that lie in the scope (and their photos); the number deleted. */
  async delete(ids: readonly number[], scope: AreaScope, origin?: string): Promise<number> {
    if (ids.length === 0) return 0;
    let q = this.db
      .deleteFrom('lidar_hotspots')
      .where('id', 'in', [...ids])
      .where(inAreaScope('area_code', scope));
    if (origin !== undefined) q = q.where('origin', '=', origin);
    const result = await q.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async dailyCounts(scope: AreaScope, filter: HotspotFilter) {
    return this.base(scope, filter).select(['h.first_t', 'h.status']).execute();
  }

  async addPhotos(rows: Array<Insertable<LidarHotspotPhotosTable>>): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insertInto('lidar_hotspot_photos').values(rows).execute();
  }

  async photos(hotspotId: number) {
    return this.db
      .selectFrom('lidar_hotspot_photos')
      .select(['id', 'name', 'width', 'height', 'created_by', 'created_at'])
      .where('hotspot_id', '=', hotspotId)
      .orderBy('id')
      .execute();
  }

  async photo(id: number, scope: AreaScope) {
    return this.db
      .selectFrom('lidar_hotspot_photos as p')
      .innerJoin('lidar_hotspots as h', 'h.id', 'p.hotspot_id')
      .select(['p.data', 'p.mime', 'p.sha256'])
      .where('p.id', '=', id)
      .where(inAreaScope('h.area_code', scope))
      .executeTakeFirst();
  }

  // --- Polluters ---

  async polluters(
    scope: AreaScope,
    filter: { recordId?: number; sautoId?: number; deviceId?: number; plotType?: string; id?: number },
  ) {
    let q = this.db.selectFrom('lidar_polluters').selectAll().where(inAreaScope('area_code', scope));
    if (filter.recordId !== undefined) q = q.where('record_id', '=', filter.recordId);
    if (filter.sautoId !== undefined) q = q.where('sauto_id', '=', filter.sautoId);
    if (filter.deviceId !== undefined) q = q.where('device_id', '=', filter.deviceId);
    if (filter.plotType !== undefined) q = q.where('plot_type', '=', filter.plotType);
    if (filter.id !== undefined) q = q.where('id', '=', filter.id);
    return q.orderBy('id').limit(1000).execute();
  }

  async polluter(id: number, scope: AreaScope): Promise<PolluterRecord | undefined> {
    return this.db
      .selectFrom('lidar_polluters')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  async insertPolluter(row: Insertable<LidarPollutersTable>): Promise<number> {
    const inserted = await this.db.insertInto('lidar_polluters').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async updatePolluter(id: number, change: Updateable<LidarPollutersTable>): Promise<void> {
    await this.db.updateTable('lidar_polluters').set(change).where('id', '=', id).execute();
  }

  async deletePolluter(id: number, scope: AreaScope): Promise<number> {
    const r = await this.db
      .deleteFrom('lidar_polluters')
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
