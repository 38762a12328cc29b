import type { Insertable, Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { LidarAutoPointsTable, LidarAutoRecordsTable, LidarTables } from './lidar.tables';

export type AutoRecord = Selectable<LidarAutoRecordsTable>;
export type AutoPoint = Selectable<LidarAutoPointsTable>;

export interface RecordFilter {
  deviceId?: number;
  from?: number;
  to?: number;
  collected?: boolean;
}

/** Vehicle (走航) records and their points. Every read takes the reader's scope. */
export class RecordsRepository {
  constructor(private readonly database: Database<LidarTables>) {}

  private get db() {
    return this.database.db;
  }

  /** A record with its points in one transaction; a record of the same uniqueid is replaced. */
  async save(
    record: Insertable<LidarAutoRecordsTable>,
    points: Array<Omit<Insertable<LidarAutoPointsTable>, 'record_id'>>,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('lidar_auto_records').where('uniqueid', '=', record.uniqueid).execute();
      const inserted = await trx
        .insertInto('lidar_auto_records')
        .values(record)
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(inserted.id);
      for (let i = 0; i < points.length; i += 200) {
        await trx
          .insertInto('lidar_auto_points')
          .values(points.slice(i, i + 200).map((p) => ({ ...p, record_id: id })))
          .execute();
      }
      return id;
    });
  }

  private base(scope: AreaScope, filter: RecordFilter) {
    let q = this.db.selectFrom('lidar_auto_records').where(inAreaScope('area_code', scope));
    if (filter.deviceId !== undefined) q = q.where('device_id', '=', filter.deviceId);
    if (filter.from !== undefined) q = q.where('end_t', '>=', filter.from);
    if (filter.to !== undefined) q = q.where('start_t', '<=', filter.to);
    if (filter.collected !== undefined) q = q.where('is_collect', '=', filter.collected ? 1 : 0);
    return q;
  }

  async list(scope: AreaScope, filter: RecordFilter, page: { offset: number; limit: number } | null) {
    const q = this.base(scope, filter);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = q.selectAll().orderBy('start_t', 'desc').orderBy('id', 'desc');
    rows = page === null ? rows.limit(1000) : rows.offset(page.offset).limit(page.limit);
    return { list: await rows.execute(), total: Number(total.n) };
  }

  async get(id: number, scope: AreaScope): Promise<AutoRecord | undefined> {
    return this.base(scope, {}).selectAll().where('id', '=', id).executeTakeFirst();
  }

  async points(recordId: number): Promise<AutoPoint[]> {
    return this.db
      .selectFrom('lidar_auto_points')
      .selectAll()
      .where('record_id', '=', recordId)
      .orderBy('seq')
      .execute();
  }

  async setCollect(id: number, collect: boolean): Promise<void> {
    await this.db
      .updateTable('lidar_auto_records')
      .set({ is_collect: collect ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  }

  async delete(ids: readonly number[], scope: AreaScope): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await this.db
      .deleteFrom('lidar_auto_records')
      .where('id', 'in', [...ids])
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async countByDevice(deviceIds: readonly number[]): Promise<Map<number, number>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('lidar_auto_records')
      .select(['device_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('device_id', 'in', [...deviceIds])
      .groupBy('device_id')
      .execute();
    return new Map(rows.map((r) => [r.device_id, Number(r.n)]));
  }
}
