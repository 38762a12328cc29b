import { type DeviceRow, ErrorCode } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  platformCall,
} from '../../../testing/platform';
import { devices, passwordMatches } from '.';

/**
 * The device registry through the API: sites and devices (save, update, list, detail, map, series,
 * retire), /configuration/getDeviceConfig, the refusals, permissions and area scope, and the audit
 * trail of every write. The data clock stands at 2026-11-25 12:00 China time.
 *
 * Every test starts from the same small registry:
 *   朝阳 (110105): CY-01 with CYA0001 (A01, online, an hour of minutes 10:00–11:00 and one at 11:59),
 *                 CY-02 with CYN0001 (N01, in maintenance, never heard from);
 *   海淀 (110108): HD-01 with HDA0001 (A01, last heard an hour ago: offline);
 *   黄浦 (310101): SH-01 with SHA0001 (A01, never heard from).
 */

const NOW = chinaTime(2026, 11, 25, 12, 0);
const NOW_TEXT = '2026-11-25 12:00:00';
const PW = 'abc12345';

interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
interface SiteRow {
  siteId: string;
  siteCode: string;
  name: string;
  areaCode: string;
  areaName: string;
  lon: number;
  lat: number;
  address: string;
  deviceCount: number;
}
interface AuditRow {
  actor: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetName: string | null;
  detail: string | null;
  before: unknown;
  after: unknown;
}
interface Detail extends DeviceRow {
  latest: Array<{
    factor: string;
    name: string;
    unit: string;
    value: number | null;
    flag: string | null;
    time: string;
  }>;
}
interface Series {
  deviceId: string;
  resolution: string;
  factors: Array<{ code: string; name: string; unit: string; points: Array<[string, number | null, string | null]> }>;
}
interface MapRow {
  deviceId: string;
  mn: string;
  lon: number;
  lat: number;
  online: string;
  status: string;
  lastSeen: string | null;
  alarmLevel: number | null;
}
interface DeviceConfig {
  deviceId: string;
  mn: string;
  type: string;
  typeName: string;
  intervalSeconds: number;
  offlineAfterSeconds: number;
  noiseZone: string | null;
  factors: Array<{ code: string; name: string; unit: string; upper: number | null; lower: number | null }>;
  rules: Array<{ ruleId: string; name: string; kind: string; factor: string | null; level: number }>;
}

let app: TestApp;
let admin: string;
let sites: { CY1: string; CY2: string; HD1: string; SH1: string };
const ids: Record<string, string> = {};

const idOf = (mn: string): string => {
  const id = ids[mn];
  if (id === undefined) throw new Error(`no device ${mn}`);
  return id;
};

const get = (url: string, query: Record<string, string> = {}, token = admin) =>
  platformCall(app, { url, token, query });
const post = (url: string, body: unknown, token = admin) => platformCall(app, { url, token, body });
const read = async <T>(url: string, query: Record<string, string> = {}, token = admin) =>
  dataOf<T>(await get(url, query, token));
const write = async <T>(url: string, body: unknown, token = admin) => dataOf<T>(await post(url, body, token));

/** A refusal: the status, the stable code, a Chinese message (containing `text` when given). */
function expectRefused(response: LightMyRequestResponse, status: number, code: number, text?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { code: number; msg: string };
  expect(body.code).toBe(code);
  expect(body.msg).toMatch(/\p{Script=Han}/u);
  if (text !== undefined) expect(body.msg).toContain(text);
}

async function saveSite(siteCode: string, name: string, areaCode: string, token = admin): Promise<string> {
  const body = { siteCode, name, areaCode, lon: 116.4, lat: 39.9, address: `${name}地址` };
  return (await write<SiteRow>('/device/site/save', body, token)).siteId;
}

const deviceBody = (mn: string, siteId: string, extra: Record<string, unknown> = {}) => ({
  mn,
  name: `${mn}设备`,
  type: 'A01',
  siteId,
  password: PW,
  factors: [{ code: 'a34004' }, { code: 'a34002' }],
  ...extra,
});

async function saveDevice(mn: string, siteId: string, extra: Record<string, unknown> = {}, token = admin) {
  const row = await write<DeviceRow>('/device/save', deviceBody(mn, siteId, extra), token);
  ids[mn] = row.deviceId;
  return row;
}

/** Packets as the gateway hands them to the telemetry (values flagged N). */
async function ingest(
  mn: string,
  packets: Array<{ dataTime: number; receivedAt?: number; cn?: string; values: Record<string, number | null> }>,
) {
  await app.use(devices).telemetry.ingest(
    packets.map((p) => ({
      deviceId: Number(idOf(mn)),
      cn: p.cn ?? '2051',
      dataTime: p.dataTime,
      receivedAt: p.receivedAt ?? p.dataTime,
      values: Object.entries(p.values).map(([factor, value]) => ({ factor, value, flag: 'N' })),
    })),
  );
}

const auditOf = async (action: string) =>
  (await read<Page<AuditRow>>('/sys/audit/list', { action, pageSize: '100' })).list;

/** What the registry holds, as the nationwide admin sees it, and how many registry writes were audited. */
async function registryState() {
  return {
    devices: await read<Page<DeviceRow>>('/device/list', { pageSize: '100' }),
    retired: await read<Page<DeviceRow>>('/device/list', { pageSize: '100', status: 'retired' }),
    sites: await read<Page<SiteRow>>('/device/site/list', { pageSize: '100' }),
    audited: (await auditOf('device.')).length + (await auditOf('site.')).length,
  };
}

const mns = (rows: Array<{ mn: string }>) => rows.map((r) => r.mn);

async function operator(username: string, areaCode: string, permissions: string[]): Promise<DistrictOperator> {
  return districtOperator(app, admin, { username, areaCode, orgName: `${username}单位`, permissions });
}

beforeEach(async () => {
  app = await createPlatformApp({}, () => NOW);
  admin = await adminToken(app);
  sites = {
    CY1: await saveSite('CY-01', '朝阳一号站', '110105'),
    CY2: await saveSite('CY-02', '朝阳二号站', '110105'),
    HD1: await saveSite('HD-01', '海淀一号站', '110108'),
    SH1: await saveSite('SH-01', '黄浦一号站', '310101'),
  };
  await saveDevice('CYA0001', sites.CY1, {
    name: '朝阳微站一号',
    factors: [{ code: 'a34004', upper: 75, lower: 0 }, { code: 'a34002' }],
  });
  await saveDevice('CYN0001', sites.CY2, {
    name: '朝阳噪声一号',
    type: 'N01',
    factors: [{ code: 'LA', upper: 55 }],
    status: 'maintenance',
    installDate: '2026-03-01',
    config: { intervalSeconds: null, noiseZone: '1' },
  });
  await saveDevice('HDA0001', sites.HD1, { name: '海淀微站一号' });
  await saveDevice('SHA0001', sites.SH1, { name: '黄浦微站一号' });

  // CYA0001: every minute of 10:00–11:00 (PM2.5 30, PM10 50), and 11:59 received half a minute ago.
  const tenOClock = chinaTime(2026, 11, 25, 10, 0);
  await ingest(
    'CYA0001',
    Array.from({ length: 60 }, (_, i) => ({ dataTime: tenOClock + (i + 1) * 60, values: { a34004: 30, a34002: 50 } })),
  );
  await ingest('CYA0001', [{ dataTime: NOW - 60, receivedAt: NOW - 30, values: { a34004: 35.5, a34002: 61 } }]);
  // HDA0001: one minute an hour ago.
  await ingest('HDA0001', [{ dataTime: NOW - 3660, receivedAt: NOW - 3600, values: { a34004: 80 } }]);
  await app.use(devices).telemetry.rollUp();
  await app.use(devices).monitor.check();
});
afterEach(async () => {
  await app.close();
});

describe('sites', () => {
  it('saves a site, lists it with its area and device count, and audits the write', async () => {
    const saved = await write<SiteRow>('/device/site/save', {
      siteCode: 'DC-01',
      name: '东城一号站',
      areaCode: '110101',
      lon: 116.42,
      lat: 39.93,
    });
    expect(saved).toMatchObject({
      siteCode: 'DC-01',
      name: '东城一号站',
      areaCode: '110101',
      areaName: '东城区',
      lon: 116.42,
      lat: 39.93,
      address: '',
      deviceCount: 0,
    });
    const list = await read<Page<SiteRow>>('/device/site/list', { keyword: '东城' });
    expect(list.list).toEqual([saved]);

    const all = await read<Page<SiteRow>>('/device/site/list');
    expect(all.list.map((s) => [s.siteCode, s.deviceCount])).toEqual([
      ['CY-01', 1],
      ['CY-02', 1],
      ['DC-01', 0],
      ['HD-01', 1],
      ['SH-01', 1],
    ]);
    const beijing = await read<Page<SiteRow>>('/device/site/list', { areaCode: '110000' });
    expect(beijing.list.map((s) => s.siteCode)).toEqual(['CY-01', 'CY-02', 'DC-01', 'HD-01']);
    const paged = await read<Page<SiteRow>>('/device/site/list', { pageSize: '2', pageNum: '2' });
    expect(paged).toMatchObject({ total: 5, pageNum: 2, pageSize: 2 });
    expect(paged.list.map((s) => s.siteCode)).toEqual(['DC-01', 'HD-01']);

    const [entry] = (await auditOf('site.create')).filter((e) => e.targetId === saved.siteId);
    expect(entry).toMatchObject({
      actor: 'admin',
      targetType: 'site',
      targetName: '东城一号站',
      after: { siteCode: 'DC-01', areaCode: '110101' },
    });
  });

  it('updates a site; a change of area follows its devices, and the update is audited before → after', async () => {
    const updated = await write<SiteRow>('/device/site/update', {
      siteId: sites.CY1,
      siteCode: 'CY-01',
      name: '朝阳一号站（迁）',
      areaCode: '110108',
      lon: 116.3,
      lat: 39.96,
      address: '海淀某路',
    });
    expect(updated).toMatchObject({ name: '朝阳一号站（迁）', areaCode: '110108', areaName: '海淀区', lon: 116.3 });
    // The answer counts the site's devices like the list does.
    const listed = (await read<Page<SiteRow>>('/device/site/list', { keyword: 'CY-01' })).list[0];
    expect(listed?.deviceCount).toBe(1);
    expect(updated.deviceCount).toBe(listed?.deviceCount);

    const moved = await read<Detail>('/device/detail', { deviceId: idOf('CYA0001') });
    expect(moved).toMatchObject({ areaCode: '110108', areaName: '海淀区', siteName: '朝阳一号站（迁）', lon: 116.3 });
    const haidian = await read<Page<DeviceRow>>('/device/list', { areaCode: '110108' });
    expect(mns(haidian.list)).toEqual(['CYA0001', 'HDA0001']);

    const [entry] = (await auditOf('site.update')).filter((e) => e.targetId === sites.CY1);
    expect(entry).toMatchObject({
      actor: 'admin',
      before: { siteCode: 'CY-01', name: '朝阳一号站', areaCode: '110105' },
      after: { name: '朝阳一号站（迁）', areaCode: '110108' },
    });
  });

  it('refuses a malformed, unknown-area or duplicate site with a Chinese message and stores nothing', async () => {
    const before = await registryState();
    const good = { siteCode: 'DC-01', name: '东城一号站', areaCode: '110101', lon: 116.42, lat: 39.93 };
    const { name: _name, ...noName } = good;
    expectRefused(await post('/device/site/save', noName), 400, ErrorCode.VALIDATION, 'name');
    expectRefused(await post('/device/site/save', { ...good, name: '  ' }), 400, ErrorCode.VALIDATION, '站点名称');
    expectRefused(await post('/device/site/save', { ...good, siteCode: '东城/01' }), 400, ErrorCode.VALIDATION);
    expectRefused(await post('/device/site/save', { ...good, lon: 12 }), 400, ErrorCode.VALIDATION, '经度');
    expectRefused(await post('/device/site/save', { ...good, lat: '39.9' }), 400, ErrorCode.VALIDATION);
    expectRefused(await post('/device/site/save', { ...good, areaCode: '1101' }), 400, ErrorCode.VALIDATION);
    expectRefused(
      await post('/device/site/save', { ...good, areaCode: '999999' }),
      400,
      ErrorCode.VALIDATION,
      '行政区划',
    );
    expectRefused(
      await post('/device/site/save', { ...good, siteCode: 'CY-01' }),
      409,
      ErrorCode.CONFLICT,
      '站点编码已存在',
    );
    // Taking another site's code on update, or updating a site that does not exist.
    expectRefused(
      await post('/device/site/update', { ...good, siteId: sites.CY2, siteCode: 'CY-01' }),
      409,
      ErrorCode.CONFLICT,
    );
    expectRefused(
      await post('/device/site/update', { ...good, siteId: '99999' }),
      404,
      ErrorCode.NOT_FOUND,
      '未找到该站点',
    );
    expectRefused(await post('/device/site/update', { ...good, siteId: 'abc' }), 400, ErrorCode.VALIDATION);
    expect(await registryState()).toEqual(before);
  });
});

describe('devices: registration and reading', () => {
  it('registers a device and answers its row, with the dictionary names, limits and defaults', async () => {
    const row = await saveDevice('DCA0001', sites.CY1, {
      name: '新微站',
      factors: [{ code: 'a34004', upper: 75, lower: 0 }, { code: 'a01001' }],
      installDate: '2026-11-01',
    });
    expect(row).toEqual({
      deviceId: expect.stringMatching(/^\d+$/),
      mn: 'DCA0001',
      name: '新微站',
      type: 'A01',
      typeName: '空气质量微型监测站',
      siteId: sites.CY1,
      siteCode: 'CY-01',
      siteName: '朝阳一号站',
      areaCode: '110105',
      areaName: '朝阳区',
      lon: 116.4,
      lat: 39.9,
      status: 'active',
      statusName: '运行',
      online: 'never',
      onlineName: '未上线',
      lastSeen: null,
      lastDataTime: null,
      installDate: '2026-11-01',
      factors: [
        { code: 'a34004', name: 'PM2.5', unit: 'μg/m³', upper: 75, lower: 0 },
        { code: 'a01001', name: '温度', unit: '℃', upper: null, lower: null },
      ],
      config: { intervalSeconds: null, noiseZone: null },
      activeAlarms: 0,
    });
    expect(await read<DeviceRow>('/device/detail', { deviceId: row.deviceId })).toMatchObject({ ...row, latest: [] });
    // The gateway knows it at once (and compares the password's hash, never the password).
    const known = app.use(devices).byMn('DCA0001');
    expect(known).toMatchObject({ id: Number(row.deviceId), status: 'active' });
    expect(known?.password_hash).not.toContain(PW);
    expect(passwordMatches(PW, known?.password_hash ?? '')).toBe(true);

    const [entry] = (await auditOf('device.create')).filter((e) => e.targetId === row.deviceId);
    expect(entry).toMatchObject({
      actor: 'admin',
      targetType: 'device',
      targetName: '新微站（DCA0001）',
      after: { mn: 'DCA0001', type: 'A01', siteId: Number(sites.CY1), status: 'active', installDate: '2026-11-01' },
    });
    // Neither the password nor its hash is kept in the log.
    expect(JSON.stringify(entry)).not.toContain(PW);
    expect(JSON.stringify(entry)).not.toContain(known?.password_hash ?? '-');
  });

  it('lists devices with their online state and last data time, searched, filtered, sorted and paged', async () => {
    const all = await read<Page<DeviceRow>>('/device/list');
    expect(all.total).toBe(4);
    expect(all.list.map((d) => [d.mn, d.online, d.lastSeen, d.lastDataTime])).toEqual([
      ['CYA0001', 'online', '2026-11-25 11:59:30', '2026-11-25 11:59:00'],
      ['CYN0001', 'never', null, null],
      ['HDA0001', 'offline', '2026-11-25 11:00:00', '2026-11-25 10:59:00'],
      ['SHA0001', 'never', null, null],
    ]);
    expect(all.list[0]).toMatchObject({ onlineName: '在线', siteName: '朝阳一号站', areaName: '朝阳区' });
    expect(all.list[1]).toMatchObject({ status: 'maintenance', statusName: '维护', typeName: '噪声监测仪' });

    const list = async (query: Record<string, string>) =>
      mns((await read<Page<DeviceRow>>('/device/list', query)).list);
    // Keyword: MN, device name or site name.
    expect(await list({ keyword: 'HDA' })).toEqual(['HDA0001']);
    expect(await list({ keyword: '噪声' })).toEqual(['CYN0001']);
    expect(await list({ keyword: '黄浦一号' })).toEqual(['SHA0001']);
    expect(await list({ keyword: '无此设备' })).toEqual([]);
    // LIKE wildcards typed by the user are dropped, not interpreted: 'HD_A' searches for 'HDA'.
    expect(await list({ keyword: 'HD_A' })).toEqual(['HDA0001']);
    expect(await list({ keyword: 'C%N' })).toEqual([]);
    expect(await list({ type: 'N01' })).toEqual(['CYN0001']);
    expect(await list({ type: 'A01' })).toEqual(['CYA0001', 'HDA0001', 'SHA0001']);
    expect(await list({ areaCode: '110000' })).toEqual(['CYA0001', 'CYN0001', 'HDA0001']);
    expect(await list({ areaCode: '110105' })).toEqual(['CYA0001', 'CYN0001']);
    expect(await list({ areaCode: '310000', type: 'A01' })).toEqual(['SHA0001']);
    expect(await list({ status: 'maintenance' })).toEqual(['CYN0001']);
    expect(await list({ status: 'active' })).toEqual(['CYA0001', 'HDA0001', 'SHA0001']);
    expect(await list({ online: 'online' })).toEqual(['CYA0001']);
    expect(await list({ online: 'offline' })).toEqual(['HDA0001']);
    expect(await list({ online: 'never' })).toEqual(['CYN0001', 'SHA0001']);
    expect(await list({ siteId: sites.CY2 })).toEqual(['CYN0001']);
    expect(await list({ sortBy: 'mn', sortOrder: 'descend' })).toEqual(['SHA0001', 'HDA0001', 'CYN0001', 'CYA0001']);
    expect((await list({ sortBy: 'lastSeen' })).slice(0, 2)).toEqual(['CYA0001', 'HDA0001']);

    const page = await read<Page<DeviceRow>>('/device/list', { pageSize: '3', pageNum: '2' });
    expect(page).toMatchObject({ total: 4, pageNum: 2, pageSize: 3 });
    expect(mns(page.list)).toEqual(['SHA0001']);

    expectRefused(await get('/device/list', { pageSize: '1000' }), 400, ErrorCode.VALIDATION);
    expectRefused(await get('/device/list', { status: 'broken' }), 400, ErrorCode.VALIDATION);
    expectRefused(await get('/device/list', { online: 'maybe' }), 400, ErrorCode.VALIDATION);
    expectRefused(await get('/device/list', { areaCode: 'beijing' }), 400, ErrorCode.VALIDATION);
  });

  it('answers a device’s detail with its latest values, and 404 for a device that does not exist', async () => {
    const detail = await read<Detail>('/device/detail', { deviceId: idOf('CYA0001') });
    expect(detail).toMatchObject({ mn: 'CYA0001', online: 'online', lastSeen: '2026-11-25 11:59:30' });
    expect(detail.latest).toEqual([
      { factor: 'a34002', name: 'PM10', unit: 'μg/m³', value: 61, flag: 'N', time: '2026-11-25 11:59:00' },
      { factor: 'a34004', name: 'PM2.5', unit: 'μg/m³', value: 35.5, flag: 'N', time: '2026-11-25 11:59:00' },
    ]);
    expect((await read<Detail>('/device/detail', { deviceId: idOf('SHA0001') })).latest).toEqual([]);

    expectRefused(await get('/device/detail', { deviceId: '99999' }), 404, ErrorCode.NOT_FOUND, '未找到该设备');
    expectRefused(await get('/device/detail', { deviceId: 'abc' }), 400, ErrorCode.VALIDATION);
    expectRefused(await get('/device/detail', { deviceId: '0' }), 400, ErrorCode.VALIDATION);
    expectRefused(await get('/device/detail'), 400, ErrorCode.VALIDATION, 'deviceId');
  });

  it('draws the map of every device of the area with its position, state and alarm level', async () => {
    const map = await read<MapRow[]>('/device/map');
    expect(map.map((d) => [d.mn, d.online, d.status, d.alarmLevel])).toEqual([
      ['CYA0001', 'online', 'active', null],
      ['CYN0001', 'never', 'maintenance', null],
      ['HDA0001', 'offline', 'active', null],
      ['SHA0001', 'never', 'active', null],
    ]);
    expect(map[0]).toMatchObject({ lon: 116.4, lat: 39.9, lastSeen: '2026-11-25 11:59:30' });
    expect(mns(await read<MapRow[]>('/device/map', { type: 'N01' }))).toEqual(['CYN0001']);
    expect(mns(await read<MapRow[]>('/device/map', { areaCode: '110108' }))).toEqual(['HDA0001']);
    expectRefused(await get('/device/map', { areaCode: 'x' }), 400, ErrorCode.VALIDATION);
  });

  it('answers minute, hour and day series with their flags, and refuses ranges that are wrong or too long', async () => {
    const deviceId = idOf('CYA0001');
    const series = (query: Record<string, string>) =>
      read<Series>('/device/series', { deviceId, startTime: '2026-11-25 10:00:00', endTime: NOW_TEXT, ...query });

    const minutes = await series({ factor: 'a34004', startTime: '2026-11-25 10:57:00' });
    expect(minutes).toEqual({
      deviceId,
      resolution: 'minute',
      factors: [
        {
          code: 'a34004',
          name: 'PM2.5',
          unit: 'μg/m³',
          points: [
            ['2026-11-25 10:58:00', 30, 'N'],
            ['2026-11-25 10:59:00', 30, 'N'],
            ['2026-11-25 11:00:00', 30, 'N'],
            ['2026-11-25 11:59:00', 35.5, 'N'],
          ],
        },
      ],
    });
    // Without a factor: every factor of the device, in its order.
    const both = await series({ resolution: 'hour' });
    expect(both.factors.map((f) => [f.code, f.points])).toEqual([
      [
        'a34004',
        [
          ['2026-11-25 11:00:00', 30, 'valid'],
          ['2026-11-25 12:00:00', 35.5, 'invalid'],
        ],
      ],
      [
        'a34002',
        [
          ['2026-11-25 11:00:00', 50, 'valid'],
          ['2026-11-25 12:00:00', 61, 'invalid'],
        ],
      ],
    ]);
    const day = await series({ resolution: 'day', factor: 'a34004', startTime: '2026-11-24 00:00:00' });
    expect(day.factors[0]?.points).toEqual([['2026-11-25 00:00:00', expect.any(Number), 'invalid']]);

    const refused = async (query: Record<string, string>, status = 400, code: number = ErrorCode.VALIDATION) =>
      expectRefused(
        await get('/device/series', { deviceId, startTime: '2026-11-25 10:00:00', endTime: NOW_TEXT, ...query }),
        status,
        code,
      );
    await refused({ endTime: '2026-11-25 10:00:00' });
    await refused({ startTime: '2026-10-01 00:00:00' });
    await refused({ resolution: 'hour', startTime: '2025-01-01 00:00:00' });
    await refused({ resolution: 'week' });
    await refused({ startTime: '2026/11/25 10:00' });
    await refused({ startTime: '2026-02-30 00:00:00' });
    await refused({ factor: 'a34004;drop' });
    await refused({ deviceId: '99999' }, 404, ErrorCode.NOT_FOUND);
  });

  it('answers /configuration/getDeviceConfig with the interval, offline rule, limits and alarm rules', async () => {
    dataOf(
      await post('/adm/alarm/rule/save', {
        name: 'PM2.5 超 75',
        kind: 'over_limit',
        deviceType: 'A01',
        factor: 'a34004',
        level: 2,
        threshold: 75,
        durationSeconds: 0,
      }),
    );
    const micro = await read<DeviceConfig>('/configuration/getDeviceConfig', { deviceId: idOf('CYA0001') });
    expect(micro).toEqual({
      deviceId: idOf('CYA0001'),
      mn: 'CYA0001',
      type: 'A01',
      typeName: '空气质量微型监测站',
      intervalSeconds: 60,
      offlineAfterSeconds: 180,
      noiseZone: null,
      factors: [
        { code: 'a34004', name: 'PM2.5', unit: 'μg/m³', upper: 75, lower: 0 },
        { code: 'a34002', name: 'PM10', unit: 'μg/m³', upper: null, lower: null },
      ],
      rules: expect.arrayContaining([
        { ruleId: expect.any(String), name: 'PM2.5 超 75', kind: 'over_limit', factor: 'a34004', level: 2 },
      ]),
    });
    // Only the rules of the device's type apply: the built-in offline rule and the PM2.5 ones, not the noise ones.
    expect(micro.rules.map((r) => r.kind)).toContain('offline');
    expect(micro.rules.every((r) => r.factor === null || ['a34004', 'a34002', 'a01002'].includes(r.factor))).toBe(true);
    const noise = await read<DeviceConfig>('/configuration/getDeviceConfig', { deviceId: idOf('CYN0001') });
    expect(noise).toMatchObject({
      type: 'N01',
      intervalSeconds: 60,
      noiseZone: '1',
      factors: [{ code: 'LA', name: '噪声（A 声级）', unit: 'dB(A)', upper: 55, lower: null }],
    });
    expect(noise.rules.map((r) => r.name)).not.toContain('PM2.5 超 75');
    expect(noise.rules.some((r) => r.factor === 'a34004')).toBe(false);
    // A configured interval replaces the type's: 5 minutes → offline after 15.
    await saveDevice('DCS0001', sites.CY1, {
      type: 'S01',
      factors: [{ code: 'oilFume', upper: 2 }],
      config: { intervalSeconds: 300, noiseZone: null },
    });
    expect(await read<DeviceConfig>('/configuration/getDeviceConfig', { deviceId: idOf('DCS0001') })).toMatchObject({
      type: 'S01',
      intervalSeconds: 300,
      offlineAfterSeconds: 900,
    });

    expectRefused(await get('/configuration/getDeviceConfig', { deviceId: '99999' }), 404, ErrorCode.NOT_FOUND);
    expectRefused(await get('/configuration/getDeviceConfig'), 400, ErrorCode.VALIDATION);
  });
});

describe('devices: update and retire', () => {
  it('updates a device (never its MN; its password only when given) and audits before → after', async () => {
    const deviceId = idOf('CYA0001');
    const hashBefore = app.use(devices).byMn('CYA0001')?.password_hash;
    const updated = await write<DeviceRow>('/device/update', {
      deviceId,
      mn: 'CHANGED01',
      name: '朝阳微站一号（改）',
      type: 'A01',
      siteId: sites.CY2,
      status: 'maintenance',
      installDate: '2026-01-02',
      factors: [{ code: 'a34004', upper: 100, lower: 5 }],
      config: { intervalSeconds: 120, noiseZone: null },
    });
    expect(updated).toMatchObject({
      deviceId,
      mn: 'CYA0001',
      name: '朝阳微站一号（改）',
      siteId: sites.CY2,
      siteCode: 'CY-02',
      status: 'maintenance',
      installDate: '2026-01-02',
      factors: [{ code: 'a34004', upper: 100, lower: 5 }],
      config: { intervalSeconds: 120, noiseZone: null },
    });
    expect((await read<Page<DeviceRow>>('/device/list', { keyword: 'CHANGED' })).total).toBe(0);
    expect(app.use(devices).byMn('CHANGED01')).toBeUndefined();
    expect(app.use(devices).byMn('CYA0001')?.password_hash).toBe(hashBefore);
    // The history stays with the device.
    expect((await read<Detail>('/device/detail', { deviceId })).latest).toHaveLength(2);

    await write('/device/update', {
      deviceId,
      name: '朝阳微站一号（改）',
      type: 'A01',
      siteId: sites.CY2,
      password: 'newPw789',
      factors: [{ code: 'a34004' }],
    });
    const hashAfter = app.use(devices).byMn('CYA0001')?.password_hash ?? '';
    expect(passwordMatches('newPw789', hashAfter)).toBe(true);
    expect(passwordMatches(PW, hashAfter)).toBe(false);

    const entries = (await auditOf('device.update')).filter((e) => e.targetId === deviceId);
    expect(entries).toHaveLength(2);
    const [second, first] = entries;
    expect(first).toMatchObject({
      actor: 'admin',
      targetName: '朝阳微站一号（改）（CYA0001）',
      before: { mn: 'CYA0001', name: '朝阳微站一号', status: 'active', siteId: Number(sites.CY1) },
      after: { mn: 'CYA0001', name: '朝阳微站一号（改）', status: 'maintenance', siteId: Number(sites.CY2) },
    });
    expect(first?.after).not.toHaveProperty('password');
    // A new password shows as changed, masked like every secret of the log.
    expect(second?.after).toMatchObject({ password: '[已隐藏]', status: 'active' });
    expect(JSON.stringify(entries)).not.toContain('newPw789');
  });

  it('retires a device: out of the lists and refused by the gateway, its history kept; audited with the note', async () => {
    const deviceId = idOf('CYA0001');
    const retired = await write<DeviceRow>('/device/retire', { deviceId, note: '设备报废' });
    expect(retired).toMatchObject({ deviceId, status: 'retired', statusName: '已退役' });

    expect(mns((await read<Page<DeviceRow>>('/device/list')).list)).toEqual(['CYN0001', 'HDA0001', 'SHA0001']);
    expect(mns((await read<Page<DeviceRow>>('/device/list', { status: 'retired' })).list)).toEqual(['CYA0001']);
    expect(mns(await read<MapRow[]>('/device/map'))).not.toContain('CYA0001');
    expect((await read<Page<SiteRow>>('/device/site/list', { keyword: 'CY-01' })).list[0]?.deviceCount).toBe(0);
    expect(app.use(devices).byMn('CYA0001')?.status).toBe('retired');
    // Its data stays readable.
    expect((await read<Detail>('/device/detail', { deviceId })).latest).toHaveLength(2);
    const series = await read<Series>('/device/series', {
      deviceId,
      resolution: 'hour',
      factor: 'a34004',
      startTime: '2026-11-25 10:00:00',
      endTime: NOW_TEXT,
    });
    expect(series.factors[0]?.points).toHaveLength(2);

    const [entry] = (await auditOf('device.retire')).filter((e) => e.targetId === deviceId);
    expect(entry).toMatchObject({
      actor: 'admin',
      detail: '设备报废',
      before: { status: 'active' },
      after: { status: 'retired' },
    });

    const before = await registryState();
    expectRefused(await post('/device/retire', { deviceId }), 409, ErrorCode.CONFLICT, '已退役');
    expectRefused(
      await post('/device/update', { ...deviceBody('CYA0001', sites.CY1), deviceId }),
      409,
      ErrorCode.CONFLICT,
      '已退役',
    );
    // Its MN stays taken.
    expectRefused(await post('/device/save', deviceBody('CYA0001', sites.CY1)), 409, ErrorCode.CONFLICT);
    expect(await registryState()).toEqual(before);
  });
});

describe('devices: refusals', () => {
  it('refuses junk registrations with a stable code and a Chinese message, and stores nothing', async () => {
    const before = await registryState();
    const site = sites.CY1;
    const good = deviceBody('DCA0001', site);
    const refused = async (body: unknown, status: number, code: number, text?: string) =>
      expectRefused(await post('/device/save', body), status, code, text);

    const { mn: _mn, ...noMn } = good;
    await refused(noMn, 400, ErrorCode.VALIDATION, 'mn');
    const { password: _pw, ...noPassword } = good;
    await refused(noPassword, 400, ErrorCode.VALIDATION, 'password');
    const { factors: _f, ...noFactors } = good;
    await refused(noFactors, 400, ErrorCode.VALIDATION, 'factors');
    await refused({ ...good, mn: 'LT-0001' }, 400, ErrorCode.VALIDATION, 'MN');
    await refused({ ...good, mn: 'A'.repeat(25) }, 400, ErrorCode.VALIDATION, 'MN');
    await refused({ ...good, mn: '' }, 400, ErrorCode.VALIDATION);
    await refused({ ...good, password: '12345' }, 400, ErrorCode.VALIDATION, '访问密码');
    await refused({ ...good, password: '1234567890' }, 400, ErrorCode.VALIDATION, '访问密码');
    await refused({ ...good, name: '' }, 400, ErrorCode.VALIDATION, '设备名称');
    await refused({ ...good, type: 'Z99' }, 400, ErrorCode.VALIDATION, '未知的设备类型');
    await refused({ ...good, type: 'a01' }, 400, ErrorCode.VALIDATION, '设备类型');
    await refused({ ...good, factors: [{ code: 'x99999' }] }, 400, ErrorCode.VALIDATION, '未知的监测因子：x99999');
    await refused({ ...good, factors: [] }, 400, ErrorCode.VALIDATION, '至少选择一个监测因子');
    await refused(
      { ...good, factors: [{ code: 'a34004' }, { code: 'a34004' }] },
      400,
      ErrorCode.VALIDATION,
      '监测因子不能重复',
    );
    await refused({ ...good, factors: [{ code: 'a34004', upper: 'high' }] }, 400, ErrorCode.VALIDATION);
    await refused({ ...good, status: 'retired' }, 400, ErrorCode.VALIDATION);
    await refused({ ...good, installDate: '2026/11/01' }, 400, ErrorCode.VALIDATION, '日期');
    await refused({ ...good, config: { intervalSeconds: 5 } }, 400, ErrorCode.VALIDATION, '上报间隔');
    await refused({ ...good, config: { noiseZone: '5' } }, 400, ErrorCode.VALIDATION);
    await refused({ ...good, siteId: '99999' }, 400, ErrorCode.VALIDATION, '未找到该站点');
    await refused({ ...good, siteId: 'CY-01' }, 400, ErrorCode.VALIDATION);
    await refused({ ...good, mn: 'HDA0001' }, 409, ErrorCode.CONFLICT, '该 MN 已登记');
    await refused({ ...good, mn: ' HDA0001 ' }, 409, ErrorCode.CONFLICT, '该 MN 已登记');
    expectRefused(
      await platformCall(app, {
        url: '/device/save',
        token: admin,
        headers: { 'content-type': 'application/json' },
        body: '{"mn":',
      }),
      400,
      ErrorCode.BAD_REQUEST,
    );

    // Updates and retirements of a device that does not exist, and junk updates of one that does.
    const update = { ...good, deviceId: idOf('HDA0001') };
    expectRefused(await post('/device/update', { ...update, deviceId: '99999' }), 404, ErrorCode.NOT_FOUND);
    expectRefused(await post('/device/update', { ...update, type: 'Z99' }), 400, ErrorCode.VALIDATION);
    expectRefused(
      await post('/device/update', { ...update, factors: [{ code: 'nope1' }] }),
      400,
      ErrorCode.VALIDATION,
      '未知的监测因子',
    );
    expectRefused(await post('/device/update', { ...update, siteId: '99999' }), 400, ErrorCode.VALIDATION);
    expectRefused(await post('/device/update', { ...update, password: 'x' }), 400, ErrorCode.VALIDATION);
    expectRefused(await post('/device/retire', { deviceId: '99999' }), 404, ErrorCode.NOT_FOUND, '未找到该设备');
    expectRefused(await post('/device/retire', {}), 400, ErrorCode.VALIDATION);
    expectRefused(
      await post('/device/retire', { deviceId: idOf('HDA0001'), note: '长'.repeat(201) }),
      400,
      ErrorCode.VALIDATION,
    );

    expect(await registryState()).toEqual(before);
    expect(app.use(devices).byMn('DCA0001')).toBeUndefined();
  });
});

describe('devices: permissions and area scope', () => {
  it('lets an operator with device:view read but not write, and one without it do neither', async () => {
    const viewer = await operator('viewer', '110000', ['device:view']);
    const outsider = await operator('outsider', '110000', ['air:view']);
    const before = await registryState();

    expect(mns((await read<Page<DeviceRow>>('/device/list', {}, viewer.token)).list)).toEqual([
      'CYA0001',
      'CYN0001',
      'HDA0001',
    ]);
    const writes: Array<[string, unknown]> = [
      ['/device/site/save', { siteCode: 'DC-01', name: '东城', areaCode: '110101', lon: 116.4, lat: 39.9 }],
      [
        '/device/site/update',
        { siteId: sites.CY1, siteCode: 'CY-01', name: '改名', areaCode: '110105', lon: 116.4, lat: 39.9 },
      ],
      ['/device/save', deviceBody('DCA0001', sites.CY1)],
      ['/device/update', { ...deviceBody('x', sites.CY1), deviceId: idOf('CYA0001') }],
      ['/device/retire', { deviceId: idOf('CYA0001') }],
    ];
    for (const [url, body] of writes) {
      expectRefused(await post(url, body, viewer.token), 403, ErrorCode.FORBIDDEN, '没有权限');
    }

    const reads: Array<[string, Record<string, string>]> = [
      ['/device/site/list', {}],
      ['/device/list', {}],
      ['/device/detail', { deviceId: idOf('CYA0001') }],
      ['/device/map', {}],
      [
        '/device/series',
        { deviceId: idOf('CYA0001'), startTime: '2026-11-25 10:00:00', endTime: '2026-11-25 11:00:00' },
      ],
      ['/configuration/getDeviceConfig', { deviceId: idOf('CYA0001') }],
    ];
    for (const [url, query] of reads) {
      expect((await get(url, query, viewer.token)).statusCode).toBe(200);
      expectRefused(await get(url, query, outsider.token), 403, ErrorCode.FORBIDDEN);
      expectRefused(await platformCall(app, { url, query }), 401, ErrorCode.UNAUTHENTICATED);
    }
    for (const [url, body] of writes) {
      expectRefused(await post(url, body, outsider.token), 403, ErrorCode.FORBIDDEN);
      expectRefused(await platformCall(app, { url, body }), 401, ErrorCode.UNAUTHENTICATED);
    }
    expect(await registryState()).toEqual(before);
  });

  it('limits a district operator to the sites and devices of its area, for reading and writing', async () => {
    const chaoyang = await operator('chaoyang', '110105', ['device:view', 'device:edit']);
    const token = chaoyang.token;
    const hd = idOf('HDA0001');

    expect((await read<Page<SiteRow>>('/device/site/list', {}, token)).list.map((s) => s.siteCode)).toEqual([
      'CY-01',
      'CY-02',
    ]);
    expect(mns((await read<Page<DeviceRow>>('/device/list', {}, token)).list)).toEqual(['CYA0001', 'CYN0001']);
    expect(mns((await read<Page<DeviceRow>>('/device/list', { keyword: 'HDA' }, token)).list)).toEqual([]);
    expect(mns(await read<MapRow[]>('/device/map', {}, token))).toEqual(['CYA0001', 'CYN0001']);
    expect((await read<Detail>('/device/detail', { deviceId: idOf('CYA0001') }, token)).mn).toBe('CYA0001');

    const before = await registryState();
    // Reading outside: a device elsewhere does not exist for it; naming another area is refused.
    expectRefused(await get('/device/detail', { deviceId: hd }, token), 404, ErrorCode.NOT_FOUND);
    expectRefused(
      await get('/device/series', { deviceId: hd, startTime: '2026-11-25 10:00:00', endTime: NOW_TEXT }, token),
      404,
      ErrorCode.NOT_FOUND,
    );
    expectRefused(await get('/configuration/getDeviceConfig', { deviceId: hd }, token), 404, ErrorCode.NOT_FOUND);
    expectRefused(await get('/device/list', { areaCode: '110108' }, token), 403, ErrorCode.AREA_OUT_OF_SCOPE);
    expectRefused(await get('/device/site/list', { areaCode: '110000' }, token), 403, ErrorCode.AREA_OUT_OF_SCOPE);
    expectRefused(await get('/device/map', { areaCode: '310101' }, token), 403, ErrorCode.AREA_OUT_OF_SCOPE);

    // Writing outside.
    const hdSite = { siteCode: 'HD-09', name: '海淀九号站', areaCode: '110108', lon: 116.3, lat: 39.96 };
    expectRefused(await post('/device/site/save', hdSite, token), 403, ErrorCode.AREA_OUT_OF_SCOPE, '管辖范围');
    expectRefused(
      await post('/device/site/update', { ...hdSite, siteId: sites.HD1, siteCode: 'HD-01' }, token),
      404,
      ErrorCode.NOT_FOUND,
    );
    // Its own site may not be moved out of its area.
    expectRefused(
      await post('/device/site/update', { ...hdSite, siteId: sites.CY1, siteCode: 'CY-01' }, token),
      403,
      ErrorCode.AREA_OUT_OF_SCOPE,
    );
    // A device on a site of another area, or moved there.
    expectRefused(
      await post('/device/save', deviceBody('CYA0009', sites.HD1), token),
      400,
      ErrorCode.VALIDATION,
      '未找到该站点',
    );
    expectRefused(
      await post('/device/update', { ...deviceBody('x', sites.HD1), deviceId: idOf('CYA0001') }, token),
      400,
      ErrorCode.VALIDATION,
    );
    expectRefused(
      await post('/device/update', { ...deviceBody('x', sites.CY1), deviceId: hd }, token),
      404,
      ErrorCode.NOT_FOUND,
    );
    expectRefused(await post('/device/retire', { deviceId: hd }, token), 404, ErrorCode.NOT_FOUND);
    expect(await registryState()).toEqual(before);

    // Inside its area it registers and edits, under its own name in the audit log.
    const site = await saveSite('CY-09', '朝阳九号站', '110105', token);
    const row = await saveDevice('CYA0009', site, {}, token);
    expect(row).toMatchObject({ areaCode: '110105', siteCode: 'CY-09' });
    await write('/device/retire', { deviceId: row.deviceId }, token);
    expect((await auditOf('site.create')).find((e) => e.targetId === site)?.actor).toBe('chaoyang');
    expect((await auditOf('device.create')).find((e) => e.targetId === row.deviceId)?.actor).toBe('chaoyang');
    expect((await auditOf('device.retire')).find((e) => e.targetId === row.deviceId)?.actor).toBe('chaoyang');
  });
});
