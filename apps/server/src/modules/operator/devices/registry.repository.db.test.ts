import { describe, expect, it } from 'vitest';
import { type AreaScope, NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { RegistryRepository } from './registry.repository';
import { TelemetryRepository } from './telemetry.repository';

const NOW = 1_760_000_000;
const BEIJING: AreaScope = { areaCode: '110000' };
const CHAOYANG: AreaScope = { areaCode: '110105' };
const SHENZHEN: AreaScope = { areaCode: '440300' };

// Codes made of upper-case letters and digits only: they order the same under every collation.
const site = (code: string, areaCode: string, name = `站点${code}`) => ({
  code,
  name,
  area_code: areaCode,
  lon: 116.481234,
  lat: 39.951234,
  address: '朝阳路 1 号',
  created_at: NOW,
  updated_at: NOW,
});

const device = (
  mn: string,
  siteId: number,
  areaCode: string,
  over: Partial<{ name: string; type: string; status: string; retired_at: number | null }> = {},
) => ({
  mn,
  name: `微站${mn}`,
  type: 'A01',
  site_id: siteId,
  area_code: areaCode,
  password_hash: 'ab'.repeat(32),
  install_date: '2026-01-02',
  status: 'active',
  factors_json: '[{"code":"a34004","upper":75,"lower":null}]',
  config_json: '{"intervalSeconds":60,"noiseZone":null}',
  created_at: NOW,
  updated_at: NOW,
  retired_at: null,
  ...over,
});

describe.each(testDialects())('device registry repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  async function setup() {
    const { database } = await fresh();
    return { database, repo: new RegistryRepository(database), telemetry: new TelemetryRepository(database) };
  }

  /** Three sites (two in Beijing, one in Shenzhen) with a device or two each. */
  async function fleet(repo: RegistryRepository) {
    const cy = await repo.insertSite(site('CY01', '110105', '朝阳一站'));
    const hd = await repo.insertSite(site('HD01', '110108', '海淀一站'));
    const ns = await repo.insertSite(site('NS01', '440305', '南山一站'));
    const ids = {
      a: await repo.insertDevice(device('LT110105A0001', cy, '110105', { name: '朝阳甲' }), NOW),
      b: await repo.insertDevice(device('LT110105A0002', cy, '110105', { name: '朝阳乙', type: 'N01' }), NOW),
      c: await repo.insertDevice(device('LT110108A0001', hd, '110108', { name: '海淀甲', status: 'maintenance' }), NOW),
      d: await repo.insertDevice(device('LT440305A0001', ns, '440305', { name: '南山甲' }), NOW),
    };
    return { sites: { cy, hd, ns }, ids };
  }

  it('inserts a site with a database-made number id and reads it back by id (in scope) and by code', async () => {
    const { repo } = await setup();
    const first = await repo.insertSite(site('CY01', '110105'));
    const second = await repo.insertSite(site('CY02', '110105'));
    expect(typeof first).toBe('number');
    expect(second).toBeGreaterThan(first);

    const row = await repo.site(first, NATIONWIDE);
    expect(row).toEqual({ id: first, ...site('CY01', '110105') });
    expect(typeof row?.created_at).toBe('number');
    expect(typeof row?.lon).toBe('number');
    expect(await repo.site(first, CHAOYANG)).toBeDefined();
    expect(await repo.site(first, BEIJING)).toBeDefined();
    expect(await repo.site(first, SHENZHEN)).toBeUndefined();
    expect(await repo.site(9999, NATIONWIDE)).toBeUndefined();

    expect((await repo.siteByCode('CY02'))?.id).toBe(second);
    expect(await repo.siteByCode('NOPE')).toBeUndefined();
    await expect(repo.insertSite(site('CY01', '110108'))).rejects.toThrow();
  });

  it('updates a site, and moving it to another area moves its devices with it', async () => {
    const { repo } = await setup();
    const { sites, ids } = await fleet(repo);

    await repo.updateSite(sites.cy, { name: '朝阳一站（新）', lon: 116.5, updated_at: NOW + 1 });
    expect(await repo.site(sites.cy, NATIONWIDE)).toMatchObject({
      name: '朝阳一站（新）',
      lon: 116.5,
      area_code: '110105',
      updated_at: NOW + 1,
    });
    expect((await repo.device(ids.a, NATIONWIDE))?.area_code).toBe('110105');

    await repo.updateSite(sites.cy, { area_code: '440305', updated_at: NOW + 2 });
    expect(await repo.site(sites.cy, CHAOYANG)).toBeUndefined();
    expect((await repo.site(sites.cy, SHENZHEN))?.area_code).toBe('440305');
    for (const id of [ids.a, ids.b]) {
      expect(await repo.device(id, CHAOYANG)).toBeUndefined();
      expect((await repo.device(id, SHENZHEN))?.area_code).toBe('440305');
    }
    // Devices of other sites stay where they were.
    expect((await repo.device(ids.c, NATIONWIDE))?.area_code).toBe('110108');
    expect(await repo.countDevices(SHENZHEN)).toBe(3);
    expect(await repo.countDevices(BEIJING)).toBe(1);
  });

  it('lists sites in scope with filters, paging, a total and the count of their devices in service', async () => {
    const { repo } = await setup();
    const { sites, ids } = await fleet(repo);
    const empty = await repo.insertSite(site('CY02', '110105', '朝阳空站'));
    await repo.updateDevice(ids.b, { status: 'retired', retired_at: NOW });
    const page = { offset: 0, limit: 20 };

    const all = await repo.listSites({}, NATIONWIDE, page);
    expect(all.total).toBe(4);
    expect(all.list.map((s) => [s.code, s.device_count])).toEqual([
      ['CY01', 1],
      ['CY02', 0],
      ['HD01', 1],
      ['NS01', 1],
    ]);
    expect(all.list.every((s) => typeof s.device_count === 'number' && typeof s.id === 'number')).toBe(true);
    expect(all.list[0]).toMatchObject({ ...site('CY01', '110105', '朝阳一站'), id: sites.cy });
    expect(typeof all.total).toBe('number');

    const beijing = await repo.listSites({}, BEIJING, page);
    expect(beijing.list.map((s) => s.code)).toEqual(['CY01', 'CY02', 'HD01']);
    expect(beijing.total).toBe(3);
    // An area filter narrows inside the scope, never widens it.
    expect((await repo.listSites({ areaCode: '110105' }, BEIJING, page)).list.map((s) => s.id)).toEqual([
      sites.cy,
      empty,
    ]);
    expect((await repo.listSites({ areaCode: '440000' }, BEIJING, page)).total).toBe(0);

    // Keyword: the name or the code.
    expect((await repo.listSites({ keyword: '空站' }, NATIONWIDE, page)).list.map((s) => s.code)).toEqual(['CY02']);
    expect((await repo.listSites({ keyword: 'HD0' }, NATIONWIDE, page)).list.map((s) => s.code)).toEqual(['HD01']);
    // Latin letters match in either case on both databases (PostgreSQL's LIKE alone would not).
    expect((await repo.listSites({ keyword: 'hd0' }, NATIONWIDE, page)).list.map((s) => s.code)).toEqual(['HD01']);
    expect((await repo.listSites({ keyword: '' }, NATIONWIDE, page)).total).toBe(4);
    // Wildcards typed by the user are dropped, not matched.
    expect((await repo.listSites({ keyword: 'C%01' }, NATIONWIDE, page)).total).toBe(0);

    const second = await repo.listSites({}, NATIONWIDE, { offset: 2, limit: 1 });
    expect(second.list.map((s) => s.code)).toEqual(['HD01']);
    expect(second.total).toBe(4);
    expect((await repo.listSites({}, NATIONWIDE, { offset: 10, limit: 5 })).list).toEqual([]);
  });

  it('inserts a device with its status row (never seen), reads it with its site, and by MN', async () => {
    const { repo } = await setup();
    const siteId = await repo.insertSite(site('CY01', '110105', '朝阳一站'));
    const id = await repo.insertDevice(device('LT110105A0001', siteId, '110105'), NOW + 5);
    expect(typeof id).toBe('number');

    const view = await repo.device(id, CHAOYANG);
    expect(view).toEqual({
      id,
      ...device('LT110105A0001', siteId, '110105'),
      site_code: 'CY01',
      site_name: '朝阳一站',
      lon: 116.481234,
      lat: 39.951234,
      last_seen: null,
      last_data_time: null,
      online: 'never',
    });
    expect(await repo.device(id, SHENZHEN)).toBeUndefined();
    expect(await repo.device(id + 100, NATIONWIDE)).toBeUndefined();

    expect(await repo.deviceByMn('LT110105A0001')).toEqual({ id, ...device('LT110105A0001', siteId, '110105') });
    expect(await repo.deviceByMn('LT110105A0009')).toBeUndefined();
    expect(await repo.statusOfAll()).toEqual([
      {
        id,
        type: 'A01',
        config_json: '{"intervalSeconds":60,"noiseZone":null}',
        area_code: '110105',
        last_seen: null,
        online: 'never',
      },
    ]);
  });

  it('refuses a second device with the same MN (nothing half-written) and a device of an unknown site', async () => {
    const { repo } = await setup();
    const siteId = await repo.insertSite(site('CY01', '110105'));
    const id = await repo.insertDevice(device('LT110105A0001', siteId, '110105'), NOW);
    await expect(
      repo.insertDevice(device('LT110105A0001', siteId, '110105', { name: '又一个' }), NOW),
    ).rejects.toThrow();
    await expect(repo.insertDevice(device('LT110105A0002', siteId + 99, '110105'), NOW)).rejects.toThrow();
    expect(await repo.allForGateway()).toEqual([
      {
        id,
        mn: 'LT110105A0001',
        password_hash: 'ab'.repeat(32),
        status: 'active',
        type: 'A01',
        area_code: '110105',
      },
    ]);
    expect((await repo.statusOfAll()).map((s) => s.id)).toEqual([id]);
    // The same MN is refused by an update too.
    const other = await repo.insertDevice(device('LT110105A0002', siteId, '110105'), NOW);
    await expect(repo.updateDevice(other, { mn: 'LT110105A0001' })).rejects.toThrow();
    // And the database is still usable after the failed statements (PostgreSQL aborts the transaction).
    expect(await repo.countDevices(NATIONWIDE)).toBe(2);
  });

  it('updates a device and retires it: kept for the gateway and by id, gone from lists and counts', async () => {
    const { repo } = await setup();
    const { sites, ids } = await fleet(repo);

    await repo.updateDevice(ids.a, {
      name: '朝阳甲（改）',
      type: 'N01',
      site_id: sites.hd,
      area_code: '110108',
      password_hash: 'cd'.repeat(32),
      install_date: null,
      factors_json: '[]',
      config_json: '{"intervalSeconds":300,"noiseZone":"1"}',
      updated_at: NOW + 10,
    });
    expect(await repo.device(ids.a, { areaCode: '110108' })).toMatchObject({
      name: '朝阳甲（改）',
      type: 'N01',
      site_id: sites.hd,
      site_code: 'HD01',
      site_name: '海淀一站',
      area_code: '110108',
      password_hash: 'cd'.repeat(32),
      install_date: null,
      updated_at: NOW + 10,
      retired_at: null,
    });

    expect(await repo.countDevices(NATIONWIDE)).toBe(4);
    await repo.updateDevice(ids.a, { status: 'retired', retired_at: NOW + 20, updated_at: NOW + 20 });
    const retired = await repo.device(ids.a, NATIONWIDE);
    expect(retired).toMatchObject({ status: 'retired', retired_at: NOW + 20 });
    expect(typeof retired?.retired_at).toBe('number');

    expect(await repo.countDevices(NATIONWIDE)).toBe(3);
    expect(await repo.countDevices(BEIJING)).toBe(2);
    expect(await repo.countDevices(CHAOYANG)).toBe(1);
    expect(await repo.countDevices({ areaCode: '440000' })).toBe(1);
    expect((await repo.listDevices({}, NATIONWIDE, null)).list.map((d) => d.id)).toEqual([ids.b, ids.c, ids.d]);
    expect((await repo.listDevices({ status: 'retired' }, NATIONWIDE, null)).list.map((d) => d.id)).toEqual([ids.a]);
    expect((await repo.statusOfAll()).map((s) => s.id).sort((x, y) => x - y)).toEqual([ids.b, ids.c, ids.d]);
    // The gateway still knows it (to refuse its packets as retired).
    expect((await repo.allForGateway()).find((d) => d.id === ids.a)?.status).toBe('retired');
    expect((await repo.devicesByIds([ids.a], NATIONWIDE)).map((d) => d.status)).toEqual(['retired']);
  });

  it('lists devices in scope with every filter, paging and a total', async () => {
    const { repo } = await setup();
    const { sites, ids } = await fleet(repo);
    await repo.setOnline([{ id: ids.a, online: 'online' }], NOW);
    const list = async (filter: Parameters<RegistryRepository['listDevices']>[0], scope = NATIONWIDE) => {
      const result = await repo.listDevices(filter, scope, { offset: 0, limit: 50 });
      expect(result.total).toBe(result.list.length);
      return result.list.map((d) => d.id);
    };

    expect(await list({})).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(await list({}, BEIJING)).toEqual([ids.a, ids.b, ids.c]);
    expect(await list({}, CHAOYANG)).toEqual([ids.a, ids.b]);
    expect(await list({}, SHENZHEN)).toEqual([ids.d]);
    expect(await list({ areaCode: '110108' }, BEIJING)).toEqual([ids.c]);
    expect(await list({ areaCode: '440000' }, BEIJING)).toEqual([]);
    expect(await list({ type: 'N01' })).toEqual([ids.b]);
    expect(await list({ status: 'maintenance' })).toEqual([ids.c]);
    expect(await list({ online: 'online' })).toEqual([ids.a]);
    expect(await list({ online: 'never' })).toEqual([ids.b, ids.c, ids.d]);
    expect(await list({ siteId: sites.cy })).toEqual([ids.a, ids.b]);
    expect(await list({ siteId: sites.cy, type: 'A01' })).toEqual([ids.a]);
    // Keyword: the MN, the device's name or the site's name.
    expect(await list({ keyword: '440305' })).toEqual([ids.d]);
    expect(await list({ keyword: '乙' })).toEqual([ids.b]);
    expect(await list({ keyword: '海淀一站' })).toEqual([ids.c]);
    expect(await list({ keyword: 'A000' }, CHAOYANG)).toEqual([ids.a, ids.b]);
    expect(await list({ keyword: 'a000' }, CHAOYANG)).toEqual([ids.a, ids.b]);
    expect(await list({ keyword: '' })).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(await list({ keyword: 'LT%0001' })).toEqual([]);

    const page = await repo.listDevices({}, NATIONWIDE, { offset: 1, limit: 2 });
    expect(page.list.map((d) => d.id)).toEqual([ids.b, ids.c]);
    expect(page.total).toBe(4);
    expect(typeof page.total).toBe('number');
    const view = page.list[0];
    expect(view).toMatchObject({ site_code: 'CY01', site_name: '朝阳一站', online: 'never', last_seen: null });
    expect(typeof view?.lat).toBe('number');
    expect(typeof view?.id).toBe('number');
    expect(typeof view?.site_id).toBe('number');
  });

  it('sorts devices by MN, name, id and last packet — never-heard devices last when the newest come first', async () => {
    const { repo, telemetry } = await setup();
    const { ids } = await fleet(repo);
    // a heard at NOW+30, c at NOW+10, d at NOW+20; b never.
    await telemetry.commitBatch({
      minutes: [],
      hours: [],
      days: [],
      latest: [],
      seen: [
        { deviceId: ids.a, lastSeen: NOW + 30, lastDataTime: null },
        { deviceId: ids.c, lastSeen: NOW + 10, lastDataTime: NOW },
        { deviceId: ids.d, lastSeen: NOW + 20, lastDataTime: null },
      ],
    });
    const sorted = async (by: 'mn' | 'name' | 'lastSeen' | 'id', order: 'asc' | 'desc') =>
      (await repo.listDevices({}, NATIONWIDE, null, { by, order })).list.map((d) => d.id);

    expect(await sorted('id', 'desc')).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(await sorted('mn', 'asc')).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(await sorted('mn', 'desc')).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(await sorted('lastSeen', 'desc')).toEqual([ids.a, ids.d, ids.c, ids.b]);
    expect(await sorted('lastSeen', 'asc')).toEqual([ids.b, ids.c, ids.d, ids.a]);
    // Same names: ties are broken by id (ascending, whatever the order asked).
    await repo.updateDevice(ids.a, { name: 'BRAVO' });
    await repo.updateDevice(ids.b, { name: 'ALPHA' });
    await repo.updateDevice(ids.c, { name: 'CHARLIE' });
    await repo.updateDevice(ids.d, { name: 'BRAVO' });
    expect(await sorted('name', 'asc')).toEqual([ids.b, ids.a, ids.d, ids.c]);
    expect(await sorted('name', 'desc')).toEqual([ids.c, ids.a, ids.d, ids.b]);

    // Paging applies after sorting.
    const page = await repo.listDevices({}, NATIONWIDE, { offset: 0, limit: 2 }, { by: 'lastSeen', order: 'desc' });
    expect(page.list.map((d) => d.id)).toEqual([ids.a, ids.d]);
    expect(page.total).toBe(4);
  });

  it('reads devices by ids inside the scope only', async () => {
    const { repo } = await setup();
    const { ids } = await fleet(repo);
    expect(await repo.devicesByIds([], NATIONWIDE)).toEqual([]);
    const byId = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((x, y) => x - y);
    expect(byId(await repo.devicesByIds([ids.a, ids.c, ids.d], NATIONWIDE))).toEqual([ids.a, ids.c, ids.d]);
    expect(byId(await repo.devicesByIds([ids.a, ids.c, ids.d], BEIJING))).toEqual([ids.a, ids.c]);
    expect(byId(await repo.devicesByIds([ids.a, ids.d, 9999], SHENZHEN))).toEqual([ids.d]);
    const [view] = await repo.devicesByIds([ids.d], SHENZHEN);
    expect(view).toMatchObject({ mn: 'LT440305A0001', site_code: 'NS01', site_name: '南山一站', online: 'never' });
  });

  it('sets the online state of many devices in one go', async () => {
    const { repo } = await setup();
    const { ids } = await fleet(repo);
    await repo.setOnline([], NOW);
    await repo.setOnline(
      [
        { id: ids.a, online: 'online' },
        { id: ids.c, online: 'offline' },
      ],
      NOW + 60,
    );
    const states = new Map((await repo.statusOfAll()).map((s) => [s.id, s.online]));
    expect(Object.fromEntries(states)).toEqual({
      [ids.a]: 'online',
      [ids.b]: 'never',
      [ids.c]: 'offline',
      [ids.d]: 'never',
    });
    expect((await repo.device(ids.c, NATIONWIDE))?.online).toBe('offline');
  });
});
