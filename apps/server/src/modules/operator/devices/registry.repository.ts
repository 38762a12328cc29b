import type { Insertable, Selectable, Updateable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { containsIgnoringCase } from '../../../platform/db/like';
import type { DeviceSitesTable, DeviceStatusTable, DevicesTable, DevicesTables } from './devices.tables';

export type SiteRecord = Selectable<DeviceSitesTable>;
export type DeviceRecord = Selectable<DevicesTable>;
export type StatusRecord = Selectable<DeviceStatusTable>;

/** A device with its site and status, as lists and the detail read it. */
export type DeviceView = DeviceRecord & {
  site_code: string;
  site_name: string;
  lon: number;
  lat: number;
  last_seen: number | null;
  last_data_time: number | null;
  online: string | null;
};

export interface DeviceFilter {
  keyword?: string | undefined;
  type?: string | undefined;
  status?: string | undefined;
  online?: string | undefined;
  areaCode?: string | undefined;
  siteId?: number | undefined;
}

export interface DeviceSort {
  by: 'mn' | 'name' | 'lastSeen' | 'id';
  order: 'asc' | 'desc';
}

/**
 * Sites, devices and their status. Every method that reads rows for an operator takes the operator's
 * scope and filters on the area column in SQL; the gateway's lookups by MN (`allForGateway`) are the
 * system's own and read every device.
 */
export class RegistryRepository {
  constructor(private readonly database: Database<DevicesTables>) {}

  private get db() {
    return this.database.db;
  }

  // --- Sites ---

  async insertSite(row: Insertable<DeviceSitesTable>): Promise<number> {
    const inserted = await this.db.insertInto('device_sites').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async updateSite(id: number, change: Updateable<DeviceSitesTable>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('device_sites').set(change).where('id', '=', id).execute();
      if (change.area_code !== undefined) {
        await trx.updateTable('devices').set({ area_code: change.area_code }).where('site_id', '=', id).execute();
      }
    });
  }

  async site(id: number, scope: AreaScope): Promise<SiteRecord | undefined> {
    return this.db
      .selectFrom('device_sites')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  /** The devices of a site that are not retired, counted as the site list counts them. */
  async siteDeviceCount(id: number): Promise<number> {
    const row = await this.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_id', '=', id)
      .where('status', '<>', 'retired')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async siteByCode(code: string): Promise<SiteRecord | undefined> {
    return this.db.selectFrom('device_sites').selectAll().where('code', '=', code).executeTakeFirst();
  }

  async listSites(
    filter: { keyword?: string | undefined; areaCode?: string | undefined },
    scope: AreaScope,
    page: { offset: number; limit: number },
  ): Promise<{ list: Array<SiteRecord & { device_count: number }>; total: number }> {
    let query = this.db.selectFrom('device_sites as s').where(inAreaScope('s.area_code', scope));
    if (filter.areaCode !== undefined) query = query.where(inAreaScope('s.area_code', { areaCode: filter.areaCode }));
    if (filter.keyword !== undefined && filter.keyword !== '') {
      query = query.where(containsIgnoringCase(['s.name', 's.code'], filter.keyword));
    }
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const list = await query
      .selectAll('s')
      .select((eb) =>
        eb
          .selectFrom('devices as d')
          .whereRef('d.site_id', '=', 's.id')
          .where('d.status', '<>', 'retired')
          .select((e) => e.fn.countAll<number>().as('c'))
          .as('device_count'),
      )
      .orderBy('s.code')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { list: list.map((r) => ({ ...r, device_count: Number(r.device_count ?? 0) })), total: Number(total.n) };
  }

  // --- Devices ---

  async insertDevice(row: Insertable<DevicesTable>, at: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('devices').values(row).returning('id').executeTakeFirstOrThrow();
      const id = Number(inserted.id);
      await trx
        .insertInto('device_status')
        .values({ device_id: id, last_seen: null, last_data_time: null, online: 'never', changed_at: at })
        .execute();
      return id;
    });
  }

  async updateDevice(id: number, change: Updateable<DevicesTable>): Promise<void> {
    await this.db.updateTable('devices').set(change).where('id', '=', id).execute();
  }

  async deviceByMn(mn: string): Promise<DeviceRecord | undefined> {
    return this.db.selectFrom('devices').selectAll().where('mn', '=', mn).executeTakeFirst();
  }

  private viewQuery() {
    return this.db
      .selectFrom('devices as d')
      .innerJoin('device_sites as s', 's.id', 'd.site_id')
      .leftJoin('device_status as st', 'st.device_id', 'd.id')
      .selectAll('d')
      .select([
        's.code as site_code',
        's.name as site_name',
        's.lon',
        's.lat',
        'st.last_seen',
        'st.last_data_time',
        'st.online',
      ]);
  }

  async device(id: number, scope: AreaScope): Promise<DeviceView | undefined> {
    return this.viewQuery().where('d.id', '=', id).where(inAreaScope('d.area_code', scope)).executeTakeFirst();
  }

  async devicesByIds(ids: readonly number[], scope: AreaScope): Promise<DeviceView[]> {
    if (ids.length === 0) return [];
    return this.viewQuery()
      .where('d.id', 'in', [...ids])
      .where(inAreaScope('d.area_code', scope))
      .execute();
  }

  async listDevices(
    filter: DeviceFilter,
    scope: AreaScope,
    page: { offset: number; limit: number } | null,
    sort: DeviceSort = { by: 'id', order: 'asc' },
  ): Promise<{ list: DeviceView[]; total: number }> {
    let query = this.viewQuery().where(inAreaScope('d.area_code', scope));
    if (filter.areaCode !== undefined) query = query.where(inAreaScope('d.area_code', { areaCode: filter.areaCode }));
    if (filter.type !== undefined) query = query.where('d.type', '=', filter.type);
    if (filter.status !== undefined) query = query.where('d.status', '=', filter.status);
    else query = query.where('d.status', '<>', 'retired');
    if (filter.online !== undefined) query = query.where('st.online', '=', filter.online);
    if (filter.siteId !== undefined) query = query.where('d.site_id', '=', filter.siteId);
    if (filter.keyword !== undefined && filter.keyword !== '') {
      query = query.where(containsIgnoringCase(['d.mn', 'd.name', 's.name'], filter.keyword));
    }
    const counted = await query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const column = sort.by === 'lastSeen' ? 'st.last_seen' : sort.by === 'id' ? 'd.id' : (`d.${sort.by}` as const);
    // A device never heard from (last_seen null) sorts as the oldest on both databases: last when the
    // newest come first. PostgreSQL's default puts nulls first in a descending order, SQLite last.
    let ordered = query
      .orderBy(column, (ob) => (sort.order === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsFirst()))
      .orderBy('d.id');
    if (page !== null) ordered = ordered.offset(page.offset).limit(page.limit);
    return { list: await ordered.execute(), total: Number(counted.n) };
  }

  /** Every device with what the gateway needs to accept its packets (system use, unscoped). */
  async allForGateway(): Promise<
    Array<Pick<DeviceRecord, 'id' | 'mn' | 'password_hash' | 'status' | 'type' | 'area_code'>>
  > {
    return this.db.selectFrom('devices').select(['id', 'mn', 'password_hash', 'status', 'type', 'area_code']).execute();
  }

  /** Every non-retired device with its status, for the online monitor (system use, unscoped). */
  async statusOfAll(): Promise<
    Array<{
      id: number;
      type: string;
      config_json: string;
      area_code: string;
      last_seen: number | null;
      online: string | null;
    }>
  > {
    return this.db
      .selectFrom('devices as d')
      .leftJoin('device_status as st', 'st.device_id', 'd.id')
      .select(['d.id', 'd.type', 'd.config_json', 'd.area_code', 'st.last_seen', 'st.online'])
      .where('d.status', '<>', 'retired')
      .execute();
  }

  async setOnline(changes: ReadonlyArray<{ id: number; online: string }>, at: number): Promise<void> {
    if (changes.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const change of changes) {
        await trx
          .updateTable('device_status')
          .set({ online: change.online, changed_at: at })
          .where('device_id', '=', change.id)
          .execute();
      }
    });
  }

  async countDevices(scope: AreaScope): Promise<number> {
    const row = await this.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(inAreaScope('area_code', scope))
      .where('status', '<>', 'retired')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
