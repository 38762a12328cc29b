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
import { devices } from '.';

/**
 * Device operations through the API (spec §7 POST /ops/optOperationStatus/*): invalid-data marking,
 * operation records, the operation status of every device and the incomplete-data report, with
 * their refusals, permissions and area scope. The data clock stands at 2026-11-25 12:00 China time.
 *
 * Every test starts from:
 *   朝阳 (110105) CY-01: CYA0001 (A01, PM2.5 + PM10): every minute of 10:00–11:00 — PM2.5 10 for
 *                        the first 50 minutes and 70 for the last 10 (hour mean 20), PM10 50 — and a
 *                        heartbeat half a minute ago (online);
 *                        CYA0002 (A01, PM2.5, in maintenance, silent);
 *                        CYN0001 (N01, LA, silent);
 *                        RET0001 (A01, retired);
 *   海淀 (110108) HD-01: HDA0001 (A01, PM2.5): its own hour values (2061) for each of the last 24 hours.
 */

const NOW = chinaTime(2026, 11, 25, 12, 0);
const BASE = '/ops/optOperationStatus';
const HOUR = 3600;

interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
interface Operation {
  id: string;
  deviceIds: string[];
  deviceNames: string[];
  operationStatus: string;
  operationStatusName: string;
  validStatus: string;
  validStatusName: string;
  factor: string | null;
  startTime: string;
  endTime: string;
  note: string;
  operator: string;
  createdAt: string;
}
interface OpsDevice {
  deviceId: string;
  mn: string;
  name: string;
  type: string;
  typeName: string;
  siteName: string;
  areaName: string;
  status: string;
  statusName: string;
  online: string;
  onlineName: string;
  lastSeen: string | null;
  captureRate24h: number | null;
}
interface Incomplete {
  startTime: string;
  endTime: string;
  list: Array<{
    deviceId: string;
    mn: string;
    name: string;
    typeName: string;
    areaName: string;
    expected: number;
    valid: number;
    rate: number;
  }>;
}
interface Series {
  factors: Array<{ code: string; points: Array<[string, number | null, string | null]> }>;
}
interface AuditRow {
  actor: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetName: string | null;
  detail: string | null;
  after: unknown;
}

let app: TestApp;
let admin: string;
const ids: Record<string, string> = {};

const idOf = (mn: string): string => {
  const id = ids[mn];
  if (id === undefined) throw new Error(`no device ${mn}`);
  return id;
};
const ops = (path: string, body: unknown, token = admin) => platformCall(app, { url: `${BASE}/${path}`, token, body });
const opsData = async <T>(path: string, body: unknown, token = admin) => dataOf<T>(await ops(path, body, token));

function expectRefused(response: LightMyRequestResponse, status: number, code: number, text?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { code: number; msg: string };
  expect(body.code).toBe(code);
  expect(body.msg).toMatch(/\p{Script=Han}/u);
  if (text !== undefined) expect(body.msg).toContain(text);
}

async function saveSite(siteCode: string, name: string, areaCode: string): Promise<string> {
  const body = { siteCode, name, areaCode, lon: 116.4, lat: 39.9 };
  return dataOf<{ siteId: string }>(await platformCall(app, { url: '/device/site/save', token: admin, body })).siteId;
}

async function saveDevice(mn: string, siteId: string, type: string, factors: string[], status = 'active') {
  const body = {
    mn,
    name: `${mn}设备`,
    type,
    siteId,
    password: 'abc12345',
    status,
    factors: factors.map((code) => ({ code })),
  };
  ids[mn] = dataOf<DeviceRow>(await platformCall(app, { url: '/device/save', token: admin, body })).deviceId;
}

async function ingest(
  mn: string,
  packets: Array<{ cn?: string; dataTime: number | null; receivedAt?: number; values: Record<string, number> }>,
) {
  await app.use(devices).telemetry.ingest(
    packets.map((p) => ({
      deviceId: Number(idOf(mn)),
      cn: p.cn ?? '2051',
      dataTime: p.dataTime,
      receivedAt: p.receivedAt ?? p.dataTime ?? NOW,
      values: Object.entries(p.values).map(([factor, value]) => ({ factor, value, flag: 'N' })),
    })),
  );
}

/** One factor's points of a device's series over 10:00–12:00 (minutes: 10:40–11:00). */
async function points(mn: string, resolution: 'minute' | 'hour' | 'day', factor = 'a34004') {
  const range =
    resolution === 'minute'
      ? { startTime: '2026-11-25 10:40:00', endTime: '2026-11-25 11:00:00' }
      : resolution === 'hour'
        ? { startTime: '2026-11-25 10:00:00', endTime: '2026-11-25 12:00:00' }
        : { startTime: '2026-11-24 12:00:00', endTime: '2026-11-25 12:00:00' };
  const series = dataOf<Series>(
    await platformCall(app, {
      url: '/device/series',
      token: admin,
      query: { deviceId: idOf(mn), resolution, factor, ...range },
    }),
  );
  return series.factors[0]?.points ?? [];
}

const auditOf = async (action: string) =>
  dataOf<Page<AuditRow>>(
    await platformCall(app, { url: '/sys/audit/list', token: admin, query: { action, pageSize: '100' } }),
  ).list;

/** What marking and recording may change: the records, the audit trail and CYA0001's values. */
async function opsState() {
  return {
    records: await opsData<Page<Operation>>('getData', { pageSize: 100 }),
    audited: (await auditOf('device.')).length,
    minutes: await points('CYA0001', 'minute'),
    hours: await points('CYA0001', 'hour'),
    hdHours: (await points('HDA0001', 'day')).length,
  };
}

async function operator(username: string, areaCode: string, permissions: string[]): Promise<DistrictOperator> {
  return districtOperator(app, admin, { username, areaCode, orgName: `${username}单位`, permissions });
}

beforeEach(async () => {
  app = await createPlatformApp({}, () => NOW);
  admin = await adminToken(app);
  const cy = await saveSite('CY-01', '朝阳一号站', '110105');
  const hd = await saveSite('HD-01', '海淀一号站', '110108');
  await saveDevice('CYA0001', cy, 'A01', ['a34004', 'a34002']);
  await saveDevice('CYA0002', cy, 'A01', ['a34004'], 'maintenance');
  await saveDevice('CYN0001', cy, 'N01', ['LA']);
  await saveDevice('RET0001', cy, 'A01', ['a34004']);
  await saveDevice('HDA0001', hd, 'A01', ['a34004']);
  dataOf(await platformCall(app, { url: '/device/retire', token: admin, body: { deviceId: idOf('RET0001') } }));

  const ten = chinaTime(2026, 11, 25, 10, 0);
  await ingest(
    'CYA0001',
    Array.from({ length: 60 }, (_, i) => ({
      dataTime: ten + (i + 1) * 60,
      values: { a34004: i < 50 ? 10 : 70, a34002: 50 },
    })),
  );
  await ingest('CYA0001', [{ cn: '9999', dataTime: null, receivedAt: NOW - 30, values: {} }]);
  // HDA0001 sends its own hours: HJ 212 stamps an hour with its start.
  await ingest(
    'HDA0001',
    Array.from({ length: 24 }, (_, i) => ({
      cn: '2061',
      dataTime: NOW - (24 - i) * HOUR,
      receivedAt: NOW - (23 - i) * HOUR,
      values: { a34004: 40 },
    })),
  );
  await app.use(devices).telemetry.rollUp();
  await app.use(devices).monitor.check();
});
afterEach(async () => {
  await app.close();
});

describe('POST /ops/optOperationStatus/inValidData', () => {
  it('marks values invalid with a reason: kept and flagged, left out of the hour and day values, audited', async () => {
    expect(await points('CYA0001', 'hour')).toEqual([['2026-11-25 11:00:00', 20, 'valid']]);
    expect(await points('CYA0001', 'day')).toEqual([['2026-11-25 00:00:00', 20, 'invalid']]);

    const marked = await opsData<Operation & { invalidatedValues: number }>('inValidData', {
      deviceidsStr: idOf('CYA0001'),
      factor: 'a34004',
      startTime: '2026-11-25 10:50:00',
      endTime: '2026-11-25 11:00:00',
      reason: '校准期间数据异常',
    });
    expect(marked).toEqual({
      id: expect.stringMatching(/^\d+$/),
      deviceIds: [idOf('CYA0001')],
      deviceNames: ['CYA0001设备'],
      operationStatus: 'invalidated',
      operationStatusName: '数据无效标记',
      validStatus: 'invalid',
      validStatusName: '数据无效',
      factor: 'a34004',
      startTime: '2026-11-25 10:50:00',
      endTime: '2026-11-25 11:00:00',
      note: '校准期间数据异常',
      operator: 'admin',
      createdAt: '2026-11-25 12:00:00',
      invalidatedValues: 10,
    });

    // The minutes stay, flagged I; the hour is the mean of the 50 others and still valid (≥ 45).
    const minutes = await points('CYA0001', 'minute');
    expect(minutes.slice(8, 12)).toEqual([
      ['2026-11-25 10:49:00', 10, 'N'],
      ['2026-11-25 10:50:00', 10, 'N'],
      ['2026-11-25 10:51:00', 70, 'I'],
      ['2026-11-25 10:52:00', 70, 'I'],
    ]);
    expect(minutes.filter((p) => p[2] === 'I')).toHaveLength(10);
    expect(await points('CYA0001', 'hour')).toEqual([['2026-11-25 11:00:00', 10, 'valid']]);
    expect(await points('CYA0001', 'day')).toEqual([['2026-11-25 00:00:00', 10, 'invalid']]);
    // Another factor of the same device is untouched.
    expect(await points('CYA0001', 'minute', 'a34002')).not.toContainEqual(expect.arrayContaining(['I']));
    expect(await points('CYA0001', 'hour', 'a34002')).toEqual([['2026-11-25 11:00:00', 50, 'valid']]);

    // A value sent again does not lose its mark.
    await ingest('CYA0001', [{ dataTime: chinaTime(2026, 11, 25, 10, 55), values: { a34004: 70 } }]);
    await app.use(devices).telemetry.rollUp();
    expect((await points('CYA0001', 'minute')).find((p) => p[0] === '2026-11-25 10:55:00')).toEqual([
      '2026-11-25 10:55:00',
      70,
      'I',
    ]);
    expect(await points('CYA0001', 'hour')).toEqual([['2026-11-25 11:00:00', 10, 'valid']]);

    // Ten more: 40 valid minutes are too few, the hour becomes invalid and the day has no valid hour.
    await opsData('inValidData', {
      deviceidsStr: idOf('CYA0001'),
      factor: 'a34004',
      startTime: '2026-11-25 10:40:00',
      endTime: '2026-11-25 10:50:00',
      reason: '仪器故障',
    });
    expect(await points('CYA0001', 'hour')).toEqual([['2026-11-25 11:00:00', 10, 'invalid']]);
    expect(await points('CYA0001', 'day')).toEqual([['2026-11-25 00:00:00', null, 'invalid']]);

    const entries = (await auditOf('device.invalidate_data')).filter((e) => e.targetId === idOf('CYA0001'));
    expect(entries.map((e) => e.detail)).toEqual(['仪器故障', '校准期间数据异常']);
    expect(entries[1]).toMatchObject({
      actor: 'admin',
      targetType: 'device',
      targetName: 'CYA0001设备',
      after: {
        deviceidsStr: idOf('CYA0001'),
        factor: 'a34004',
        startTime: '2026-11-25 10:50:00',
        endTime: '2026-11-25 11:00:00',
        invalidatedValues: 10,
      },
    });
  });

  it('marks every factor of several devices at once, and the hours a device sent itself', async () => {
    const marked = await opsData<Operation & { invalidatedValues: number }>('inValidData', {
      deviceidsStr: `${idOf('CYA0001')},${idOf('HDA0001')}`,
      startTime: '2026-11-25 10:00:00',
      endTime: '2026-11-25 11:00:00',
      reason: '停电',
    });
    expect(marked).toMatchObject({
      deviceIds: [idOf('CYA0001'), idOf('HDA0001')],
      deviceNames: ['CYA0001设备', 'HDA0001设备'],
      factor: null,
      invalidatedValues: 120,
    });
    expect(await points('CYA0001', 'hour')).toEqual([['2026-11-25 11:00:00', null, 'invalid']]);
    expect(await points('CYA0001', 'hour', 'a34002')).toEqual([['2026-11-25 11:00:00', null, 'invalid']]);
    expect(await points('HDA0001', 'hour')).toEqual([
      ['2026-11-25 11:00:00', 40, 'I'],
      ['2026-11-25 12:00:00', 40, 'valid'],
    ]);
  });

  it('refuses junk markings with a Chinese message and changes nothing', async () => {
    const before = await opsState();
    const good = {
      deviceidsStr: idOf('CYA0001'),
      factor: 'a34004',
      startTime: '2026-11-25 10:50:00',
      endTime: '2026-11-25 11:00:00',
      reason: '校准',
    };
    const refused = async (body: unknown, text?: string) =>
      expectRefused(await ops('inValidData', body), 400, ErrorCode.VALIDATION, text);
    const { reason: _r, ...noReason } = good;
    await refused(noReason, 'reason');
    await refused({ ...good, reason: '   ' }, '请填写无效原因');
    await refused({ ...good, reason: '长'.repeat(201) }, '原因不能超过 200 个字符');
    const { deviceidsStr: _d, ...noDevices } = good;
    await refused(noDevices, 'deviceidsStr');
    await refused({ ...good, deviceidsStr: '' });
    await refused({ ...good, deviceidsStr: 'CYA0001' }, 'deviceidsStr');
    await refused({ ...good, deviceidsStr: `${idOf('CYA0001')},,2` });
    await refused({ ...good, deviceidsStr: '99999' }, '不存在');
    await refused({ ...good, deviceidsStr: `${idOf('CYA0001')},99999` }, '不存在');
    await refused({ ...good, factor: 'a3400-4' }, '因子');
    await refused({ ...good, startTime: '2026-11-25 11:00:00' }, '结束时间应晚于开始时间');
    await refused({ ...good, startTime: '2026-11-25 11:30:00' }, '结束时间应晚于开始时间');
    await refused({ ...good, startTime: '2026-10-01 00:00:00' }, '31 天');
    await refused({ ...good, startTime: '2026-11-25' });
    await refused({ ...good, startTime: '2026-02-30 10:00:00' }, '不是有效的时间');
    await refused({ ...good, endTime: '2026-11-25 25:00:00' }, '不是有效的时间');
    expectRefused(
      await platformCall(app, {
        url: `${BASE}/inValidData`,
        token: admin,
        headers: { 'content-type': 'application/json' },
        body: 'not json',
      }),
      400,
      ErrorCode.BAD_REQUEST,
    );
    expect(await opsState()).toEqual(before);
  });
});

describe('POST /ops/optOperationStatus/saveData and getData', () => {
  it('saves operation records (audited), marks data only when validStatus is invalid, and lists them filtered', async () => {
    const calibration = await opsData<Operation & { invalidatedValues: number }>('saveData', {
      deviceidsStr: `${idOf('CYA0001')},${idOf('CYA0002')}`,
      operationStatus: 'calibration',
      startTime: '2026-11-25 10:00:00',
      endTime: '2026-11-25 11:00:00',
      note: '季度校准',
    });
    expect(calibration).toMatchObject({
      operationStatus: 'calibration',
      operationStatusName: '校准',
      validStatus: 'valid',
      validStatusName: '数据有效',
      factor: null,
      note: '季度校准',
      invalidatedValues: 0,
    });
    // A valid operation leaves the data alone.
    expect(await points('CYA0001', 'hour')).toEqual([['2026-11-25 11:00:00', 20, 'valid']]);

    const repair = await opsData<Operation & { invalidatedValues: number }>('saveData', {
      deviceidsStr: idOf('CYA0001'),
      operationStatus: 'repair',
      validStatus: 'invalid',
      factor: 'a34004',
      startTime: '2026-11-25 10:50:00',
      endTime: '2026-11-25 11:00:00',
      note: '更换切割头',
    });
    expect(repair).toMatchObject({ operationStatus: 'repair', validStatus: 'invalid', invalidatedValues: 10 });
    expect(await points('CYA0001', 'hour')).toEqual([['2026-11-25 11:00:00', 10, 'valid']]);

    const inspection = await opsData<Operation>('saveData', {
      deviceidsStr: idOf('HDA0001'),
      operationStatus: 'inspection',
      startTime: '2026-11-20 09:00:00',
      endTime: '2026-11-20 10:00:00',
    });
    expect(inspection).toMatchObject({ note: '', validStatus: 'valid', deviceNames: ['HDA0001设备'] });

    const record = (await auditOf('device.operation_record')).find(
      (e) => e.targetId === calibration.deviceIds.join(','),
    );
    expect(record).toMatchObject({
      actor: 'admin',
      detail: '季度校准',
      targetName: 'CYA0001设备、CYA0002设备',
      after: { operationStatus: 'calibration', invalidatedValues: 0 },
    });
    expect((await auditOf('device.invalidate_data')).map((e) => e.detail)).toEqual(['更换切割头']);

    // The list: newest first, filtered by kind, validity, device and time, paged.
    const list = async (body: Record<string, unknown>) =>
      (await opsData<Page<Operation>>('getData', body)).list.map((r) => r.id);
    expect(await list({})).toEqual([inspection.id, repair.id, calibration.id]);
    expect(await list({ operationStatus: 'calibration' })).toEqual([calibration.id]);
    expect(await list({ validStatus: 'invalid' })).toEqual([repair.id]);
    expect(await list({ deviceId: idOf('CYA0002') })).toEqual([calibration.id]);
    expect(await list({ deviceId: idOf('CYA0001') })).toEqual([repair.id, calibration.id]);
    expect(await list({ deviceId: idOf('CYN0001') })).toEqual([]);
    expect(await list({ startTime: '2026-11-25 00:00:00', endTime: '2026-11-25 12:00:00' })).toEqual([
      repair.id,
      calibration.id,
    ]);
    expect(await list({ endTime: '2026-11-21 00:00:00' })).toEqual([inspection.id]);
    const page = await opsData<Page<Operation>>('getData', { pageSize: 2, pageNum: 2 });
    expect(page).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(page.list.map((r) => r.id)).toEqual([calibration.id]);
    expect(page.list[0]).toMatchObject({
      deviceIds: [idOf('CYA0001'), idOf('CYA0002')],
      deviceNames: ['CYA0001设备', 'CYA0002设备'],
      startTime: '2026-11-25 10:00:00',
      endTime: '2026-11-25 11:00:00',
      operator: 'admin',
      createdAt: '2026-11-25 12:00:00',
    });
  });

  it('refuses junk records and list queries, and changes nothing', async () => {
    const before = await opsState();
    const good = {
      deviceidsStr: idOf('CYA0001'),
      operationStatus: 'inspection',
      startTime: '2026-11-25 10:00:00',
      endTime: '2026-11-25 11:00:00',
    };
    const refused = async (path: string, body: unknown, text?: string) =>
      expectRefused(await ops(path, body), 400, ErrorCode.VALIDATION, text);
    const { operationStatus: _o, ...noKind } = good;
    await refused('saveData', noKind, 'operationStatus');
    await refused('saveData', { ...good, operationStatus: 'cleaning' });
    await refused('saveData', { ...good, validStatus: 'maybe' });
    await refused('saveData', { ...good, note: '长'.repeat(201) });
    await refused('saveData', { ...good, deviceidsStr: '99999' }, '不存在');
    await refused('saveData', { ...good, endTime: good.startTime }, '结束时间应晚于开始时间');
    await refused('saveData', { ...good, startTime: '2026-02-29 10:00:00' }, '不是有效的时间');
    // Invalid data is limited to 31 days a marking; a valid record is not.
    await refused('saveData', { ...good, validStatus: 'invalid', startTime: '2026-09-01 00:00:00' }, '31 天');

    await refused('getData', { deviceId: 'CYA0001' });
    await refused('getData', { pageSize: 1000 });
    await refused('getData', { operationStatus: 'cleaning' });
    await refused('getData', { startTime: '2026-11-31 00:00:00' }, '不是有效的时间');
    expect(await opsState()).toEqual(before);

    dataOf(await ops('saveData', { ...good, startTime: '2026-09-01 00:00:00' }));
    expect((await opsData<Page<Operation>>('getData', {})).total).toBe(1);
  });
});

describe('POST /ops/optOperationStatus/getAllDevices', () => {
  it('answers every device of the area that is not retired, with its state and its last day’s capture rate', async () => {
    const all = await opsData<OpsDevice[]>('getAllDevices', {});
    expect(all.map((d) => [d.mn, d.status, d.online, d.lastSeen, d.captureRate24h])).toEqual([
      // Two valid hours (PM2.5, PM10 at 11:00) of the 24 × 2 expected.
      ['CYA0001', 'active', 'online', '2026-11-25 11:59:30', 2 / 48],
      ['CYA0002', 'maintenance', 'never', null, 0],
      ['CYN0001', 'active', 'never', null, 0],
      ['HDA0001', 'active', 'online', '2026-11-25 12:00:00', 1],
    ]);
    expect(all[0]).toEqual({
      deviceId: idOf('CYA0001'),
      mn: 'CYA0001',
      name: 'CYA0001设备',
      type: 'A01',
      typeName: '空气质量微型监测站',
      siteName: '朝阳一号站',
      areaName: '朝阳区',
      status: 'active',
      statusName: '运行',
      online: 'online',
      onlineName: '在线',
      lastSeen: '2026-11-25 11:59:30',
      captureRate24h: 2 / 48,
    });
    // sitetype: 'net' (the default) is every device, otherwise a device type.
    expect((await opsData<OpsDevice[]>('getAllDevices', { sitetype: 'net' })).map((d) => d.mn)).toEqual(
      all.map((d) => d.mn),
    );
    expect((await opsData<OpsDevice[]>('getAllDevices', { sitetype: 'N01' })).map((d) => d.mn)).toEqual(['CYN0001']);
    expect(await opsData<OpsDevice[]>('getAllDevices', { sitetype: 'L01' })).toEqual([]);

    // Marked hours no longer count.
    await opsData('inValidData', {
      deviceidsStr: idOf('HDA0001'),
      startTime: '2026-11-25 00:00:00',
      endTime: '2026-11-25 06:00:00',
      reason: '停电',
    });
    const hd = (await opsData<OpsDevice[]>('getAllDevices', {})).find((d) => d.mn === 'HDA0001');
    expect(hd?.captureRate24h).toBe(18 / 24);

    expectRefused(await ops('getAllDevices', { sitetype: 'A01A01A01' }), 400, ErrorCode.VALIDATION);
    expectRefused(await ops('getAllDevices', { sitetype: 42 }), 400, ErrorCode.VALIDATION);
  });
});

describe('POST /ops/optOperationStatus/getNoCompleteData', () => {
  it('lists the active devices whose valid hours fell short, worst first, over the last day by default', async () => {
    const report = await opsData<Incomplete>('getNoCompleteData', {});
    expect(report.startTime).toBe('2026-11-24 12:00:00');
    expect(report.endTime).toBe('2026-11-25 12:00:00');
    // CYA0002 is in maintenance, RET0001 retired, HDA0001 complete.
    expect(report.list.map((r) => [r.mn, r.expected, r.valid, r.rate])).toEqual([
      ['CYN0001', 24, 0, 0],
      ['CYA0001', 48, 2, 2 / 48],
    ]);
    expect(report.list[1]).toMatchObject({
      deviceId: idOf('CYA0001'),
      name: 'CYA0001设备',
      typeName: '空气质量微型监测站',
      areaName: '朝阳区',
    });

    const mnsOf = async (body: Record<string, unknown>) =>
      (await opsData<Incomplete>('getNoCompleteData', body)).list.map((r) => r.mn);
    expect(await mnsOf({ threshold: 0.01 })).toEqual(['CYN0001']);
    expect(await mnsOf({ threshold: 0 })).toEqual([]);
    // Over 10:00–11:00 alone CYA0001 is complete.
    expect(await mnsOf({ startTime: '2026-11-25 10:00:00', endTime: '2026-11-25 11:00:00' })).toEqual(['CYN0001']);

    // Six of HDA0001's 24 hours marked invalid: 75 % is not below 0.75; seven are.
    await opsData('inValidData', {
      deviceidsStr: idOf('HDA0001'),
      startTime: '2026-11-25 00:00:00',
      endTime: '2026-11-25 06:00:00',
      reason: '停电',
    });
    expect(await mnsOf({})).toEqual(['CYN0001', 'CYA0001']);
    await opsData('inValidData', {
      deviceidsStr: idOf('HDA0001'),
      startTime: '2026-11-25 06:00:00',
      endTime: '2026-11-25 07:00:00',
      reason: '停电',
    });
    const after = await opsData<Incomplete>('getNoCompleteData', {});
    expect(after.list.map((r) => [r.mn, r.valid, r.rate])).toEqual([
      ['CYN0001', 0, 0],
      ['CYA0001', 2, 2 / 48],
      ['HDA0001', 17, 17 / 24],
    ]);

    const refused = async (body: unknown, text?: string) =>
      expectRefused(await ops('getNoCompleteData', body), 400, ErrorCode.VALIDATION, text);
    await refused({ threshold: 2 });
    await refused({ threshold: 'most' });
    await refused({ startTime: '2026-11-25 11:00:00', endTime: '2026-11-25 10:00:00' }, '结束时间应晚于开始时间');
    await refused({ startTime: '2026-09-01 00:00:00', endTime: '2026-11-25 10:00:00' }, '31 天');
    await refused({ endTime: '2026-11-25 10:00' });
    await refused({ endTime: '2026-04-31 10:00:00' }, '不是有效的时间');
  });
});

describe('ops: permissions and area scope', () => {
  it('lets device:view read and device:ops write; others are refused and nothing changes', async () => {
    const viewer = await operator('viewer', '110000', ['device:view']);
    const outsider = await operator('outsider', '110000', ['air:view']);
    const before = await opsState();
    const marking = {
      deviceidsStr: idOf('CYA0001'),
      startTime: '2026-11-25 10:50:00',
      endTime: '2026-11-25 11:00:00',
      reason: '校准',
    };
    const record = { ...marking, operationStatus: 'inspection' };
    for (const [path, body] of [
      ['inValidData', marking],
      ['saveData', record],
    ] as const) {
      expectRefused(await ops(path, body, viewer.token), 403, ErrorCode.FORBIDDEN, '没有权限');
      expectRefused(await ops(path, body, outsider.token), 403, ErrorCode.FORBIDDEN);
      expectRefused(await platformCall(app, { url: `${BASE}/${path}`, body }), 401, ErrorCode.UNAUTHENTICATED);
    }
    for (const path of ['getData', 'getAllDevices', 'getNoCompleteData']) {
      expect((await ops(path, {}, viewer.token)).statusCode).toBe(200);
      expectRefused(await ops(path, {}, outsider.token), 403, ErrorCode.FORBIDDEN);
      expectRefused(await platformCall(app, { url: `${BASE}/${path}`, body: {} }), 401, ErrorCode.UNAUTHENTICATED);
    }
    expect(await opsState()).toEqual(before);
  });

  it('limits a district operator to the devices and records of its area', async () => {
    const chaoyang = await operator('chaoyang', '110105', ['device:view', 'device:ops']);
    const token = chaoyang.token;
    const hdRecord = await opsData<Operation>('saveData', {
      deviceidsStr: idOf('HDA0001'),
      operationStatus: 'inspection',
      startTime: '2026-11-25 09:00:00',
      endTime: '2026-11-25 10:00:00',
    });

    expect((await opsData<OpsDevice[]>('getAllDevices', {}, token)).map((d) => d.mn)).toEqual([
      'CYA0001',
      'CYA0002',
      'CYN0001',
    ]);
    expect((await opsData<Incomplete>('getNoCompleteData', { threshold: 1.0 }, token)).list.map((r) => r.mn)).toEqual([
      'CYN0001',
      'CYA0001',
    ]);

    // Marking a device of another area, alone or among its own: refused, nothing marked.
    const before = await opsState();
    for (const deviceidsStr of [idOf('HDA0001'), `${idOf('CYA0001')},${idOf('HDA0001')}`]) {
      expectRefused(
        await ops(
          'inValidData',
          { deviceidsStr, startTime: '2026-11-25 10:00:00', endTime: '2026-11-25 11:00:00', reason: '越权' },
          token,
        ),
        400,
        ErrorCode.VALIDATION,
        '不在您管辖范围内',
      );
      expectRefused(
        await ops(
          'saveData',
          { deviceidsStr, operationStatus: 'repair', startTime: '2026-11-25 10:00:00', endTime: '2026-11-25 11:00:00' },
          token,
        ),
        400,
        ErrorCode.VALIDATION,
      );
    }
    expect(await opsState()).toEqual(before);

    // Its own devices: marked under its name; it lists its records, not 海淀's.
    const own = await opsData<Operation>(
      'inValidData',
      {
        deviceidsStr: idOf('CYA0001'),
        factor: 'a34004',
        startTime: '2026-11-25 10:50:00',
        endTime: '2026-11-25 11:00:00',
        reason: '现场校准',
      },
      token,
    );
    expect(own.operator).toBe('chaoyang');
    expect(await points('CYA0001', 'hour')).toEqual([['2026-11-25 11:00:00', 10, 'valid']]);
    expect((await opsData<Page<Operation>>('getData', {}, token)).list.map((r) => r.id)).toEqual([own.id]);
    expect((await opsData<Page<Operation>>('getData', { deviceId: idOf('HDA0001') }, token)).total).toBe(0);
    expect((await opsData<Page<Operation>>('getData', {})).list.map((r) => r.id)).toEqual([own.id, hdRecord.id]);
    const entry = (await auditOf('device.invalidate_data')).find((e) => e.detail === '现场校准');
    expect(entry?.actor).toBe('chaoyang');
  });
});
