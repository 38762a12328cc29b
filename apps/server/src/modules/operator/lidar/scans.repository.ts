import type { Insertable, Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { LidarProfilesTable, LidarScansTable, LidarTables } from './lidar.tables';

export type ScanRecord = Selectable<LidarScansTable>;
export type ScanHead = Omit<ScanRecord, 'extinction' | 'depol'>;
export type ProfileRecord = Selectable<LidarProfilesTable>;

const HEAD = [
  'id',
  'device_id',
  'area_code',
  'kind',
  't',
  'elevation',
  'azimuth_start',
  'azimuth_step',
  'azimuth_count',
  'bins',
  'bin_m',
  'first_range',
  'mean_ext',
  'max_ext',
  'source',
  'created_at',
] as const;

/** Scans (HS, IF) and vertical profiles (VF). Every read takes the reader's scope. */
export class ScansRepository {
  constructor(private readonly database: Database<LidarTables>) {}

  private get db() {
    return this.database.db;
  }

  /** Stores a scan; a scan of the same device, kind and time replaces it (a re-import changes nothing else). */
  async saveScan(row: Insertable<LidarScansTable>): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('lidar_scans')
        .where('device_id', '=', row.device_id)
        .where('kind', '=', row.kind)
        .where('t', '=', row.t)
        .execute();
      const inserted = await trx.insertInto('lidar_scans').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(inserted.id);
    });
  }

  async scan(id: number, scope: AreaScope): Promise<ScanRecord | undefined> {
    return this.db
      .selectFrom('lidar_scans')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  /** The scan of a device at `t`, or the nearest before (`pre`) or after (`next`) it, or the newest. */
  async scanNear(
    deviceId: number,
    kind: string,
    scope: AreaScope,
    t: number | null,
    how: 'at' | 'pre' | 'next' | 'atOrBefore',
  ): Promise<ScanHead | undefined> {
    let q = this.db
      .selectFrom('lidar_scans')
      .select(HEAD)
      .where('device_id', '=', deviceId)
      .where('kind', '=', kind)
      .where(inAreaScope('area_code', scope));
    if (t !== null) {
      if (how === 'at') q = q.where('t', '=', t);
      if (how === 'pre') q = q.where('t', '<', t);
      if (how === 'next') q = q.where('t', '>', t);
      if (how === 'atOrBefore') q = q.where('t', '<=', t);
    }
    return q
      .orderBy('t', how === 'next' ? 'asc' : 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async scansBetween(
    deviceId: number,
    kind: string,
    scope: AreaScope,
    from: number,
    to: number,
    limit: number,
  ): Promise<ScanHead[]> {
    return this.db
      .selectFrom('lidar_scans')
      .select(HEAD)
      .where('device_id', '=', deviceId)
      .where('kind', '=', kind)
      .where(inAreaScope('area_code', scope))
      .where('t', '>=', from)
      .where('t', '<=', to)
      .orderBy('t')
      .limit(limit)
      .execute();
  }

  /** The last `n` scans of a device before or at `t`, newest first, with their data (hot-spot persistence). */
  async lastScans(deviceId: number, kind: string, t: number, n: number): Promise<ScanRecord[]> {
    return this.db
      .selectFrom('lidar_scans')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('kind', '=', kind)
      .where('t', '<=', t)
      .orderBy('t', 'desc')
      .limit(n)
      .execute();
  }

  /** The newest scan time of each device (device list answers). */
  async newestTimes(deviceIds: readonly number[]): Promise<Map<number, { t: number; source: string }>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('lidar_scans')
      .select(['device_id', 't', 'source'])
      .where('device_id', 'in', [...deviceIds])
      .where('t', '=', (eb) =>
        eb
          .selectFrom('lidar_scans as s2')
          .select((e) => e.fn.max('s2.t').as('m'))
          .whereRef('s2.device_id', '=', 'lidar_scans.device_id'),
      )
      .execute();
    return new Map(rows.map((r) => [r.device_id, { t: Number(r.t), source: r.source }]));
  }

  async saveProfile(row: Insertable<LidarProfilesTable>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('lidar_profiles').where('device_id', '=', row.device_id).where('t', '=', row.t).execute();
      await trx.insertInto('lidar_profiles').values(row).execute();
    });
  }

  async profiles(deviceId: number, scope: AreaScope, from: number, to: number, limit = 2000): Promise<ProfileRecord[]> {
    return this.db
      .selectFrom('lidar_profiles')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where(inAreaScope('area_code', scope))
      .where('t', '>=', from)
      .where('t', '<=', to)
      .orderBy('t')
      .limit(limit)
      .execute();
  }

  async latestProfile(
    deviceId: number,
    scope: AreaScope,
    at: number | null = null,
  ): Promise<ProfileRecord | undefined> {
    let q = this.db
      .selectFrom('lidar_profiles')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where(inAreaScope('area_code', scope));
    if (at !== null) q = q.where('t', '<=', at);
    return q.orderBy('t', 'desc').limit(1).executeTakeFirst();
  }

  /** Whether any lidar product exists (the demo writes its history once). */
  async countScans(): Promise<number> {
    const row = await this.db
      .selectFrom('lidar_scans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async deleteDemoBefore(t: number): Promise<void> {
    await this.db.deleteFrom('lidar_scans').where('source', '=', 'demo').where('t', '<', t).execute();
    await this.db.deleteFrom('lidar_profiles').where('source', '=', 'demo').where('t', '<', t).execute();
  }
}
