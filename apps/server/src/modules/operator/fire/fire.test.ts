import { ErrorCode } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  platformCall,
} from '../../../testing/platform';
import { deviceAlarms } from '../device-alarms';
import { devices } from '../devices';
import { fire } from '.';

/**
 * The fire section over a real app: the clock stands at Friday 2026-11-20 15:00 China time. 朝阳 (110105)
 * has a detector at 大悦城 with a camera 256 m away (and one 5 km away); 海淀 (110108) a detector at 五道口.
 * Values are committed the way the gateway commits packets; the fire rules raise the alarms.
 */

interface Page<T> {
  list: T[];
  total: number;
}
interface AlarmRow {
  alarmId: string;
  fireType: string;
  status: string;
  siteCode: string;
  outcome: string | null;
  cameras: Array<{ mn: string; distance: number; url: string; videoType: string }>;
}

const NOW = chinaTime(2026, 11, 20, 15, 0);
let app: TestApp;
let admin: string;
let chaoyang: DistrictOperator;
let haidian: DistrictOperator;
const ids: Record<string, number> = {};

async function site(siteCode: string, name: string, areaCode: string, lon: number, lat: number) {
  const body = { siteCode, name, areaCode, lon, lat, address: '' };
  return dataOf<{ siteId: string }>(await platformCall(app, { url: '/device/site/save', token: admin, body })).siteId;
}

async function device(mn: string, type: string, siteId: string, factors: string[]) {
  const body = {
    mn,
    name: `${mn}设备`,
    type,
    siteId,
    password: 'abc12345',
    factors: factors.map((code) => ({ code })),
  };
  ids[mn] = Number(
    dataOf<{ deviceId: string }>(await platformCall(app, { url: '/device/save', token: admin, body })).deviceId,
  );
}

async function send(mn: string, values: Record<string, number>, dataTime: number) {
  await app.use(devices).telemetry.ingest([
    {
      deviceId: ids[mn] as number,
      cn: '2011',
      dataTime,
      // Received just now (a logger catching up): the detectors are online, no offline alarm muddles the counts.
      receivedAt: NOW - 30,
      values: Object.entries(values).map(([factor, value]) => ({ factor, value, flag: 'N' })),
    },
  ]);
  await app.use(deviceAlarms).engine.idle();
}

const get = (token: string, url: string, query: Record<string, string> = {}) =>
  platformCall(app, { url, token, query });
const ok = async <T>(token: string, url: string, query: Record<string, string> = {}) =>
  dataOf<T>(await get(token, url, query));
const FIRE_FACTORS = ['smokeDensity', 'fireTemp', 'flame', 'fault'];

beforeAll(async () => {
  app = await createPlatformApp({}, () => NOW);
  admin = await adminToken(app);
  chaoyang = await districtOperator(app, admin, {
    username: 'chaoyang',
    areaCode: '110105',
    orgName: '朝阳区生态环境局',
    permissions: ['fire:view', 'alarm:view', 'alarm:handle'],
  });
  haidian = await districtOperator(app, admin, {
    username: 'haidian',
    areaCode: '110108',
    orgName: '海淀区生态环境局',
    permissions: ['fire:view'],
  });
  await device('FIRECY01', 'F01', await site('CY-F', '朝阳大悦城', '110105', 116.518, 39.924), FIRE_FACTORS);
  await device('CAMCY01', 'C01', await site('CY-CAM', '大悦城东门', '110105', 116.521, 39.924), ['flame']);
  await device('CAMCY02', 'C01', await site('CY-CAM2', '朝阳公园', '110105', 116.578, 39.924), ['flame']);
  await device('FIREHD01', 'F01', await site('HD-F', '海淀五道口', '110108', 116.338, 39.993), FIRE_FACTORS);
  await app.use(fire).ensureRules();
  await app.use(deviceAlarms).engine.load();

  // Last month: a smoke alarm that cleared (the previous period of 本月 is 10-12 … 10-31).
  await send('FIRECY01', { smokeDensity: 6 }, chinaTime(2026, 10, 25, 10, 0));
  await send('FIRECY01', { smokeDensity: 0.1 }, chinaTime(2026, 10, 25, 10, 1));
  // Today 12:00–12:02 at 大悦城: the temperature jumps 18 ℃ in a minute (温升), then 60 ℃ (定温) with flame and smoke.
  await send('FIRECY01', { fireTemp: 22, smokeDensity: 0.1, flame: 0, fault: 0 }, chinaTime(2026, 11, 20, 12, 0));
  await send('FIRECY01', { fireTemp: 40 }, chinaTime(2026, 11, 20, 12, 1));
  await send('FIRECY01', { fireTemp: 60, flame: 1, smokeDensity: 6 }, chinaTime(2026, 11, 20, 12, 2));
  // 13:00 at 五道口: the detector reports a fault.
  await send('FIREHD01', { fault: 1, fireTemp: 21 }, chinaTime(2026, 11, 20, 13, 0));
});

afterAll(async () => {
  await app.close();
});

describe('fire alarm statistics', () => {
  it('surveys this month by default: alarms, incidents, 环比, devices', async () => {
    const survey = await ok<Record<string, unknown>>(admin, '/fire/alarm/survey');
    expect(survey).toMatchObject({
      dateType: 'month',
      startTime: '2026-11-01 00:00:00',
      endTime: '2026-11-20 15:00:00',
      total: 5,
      // The two temperature alarms of one site within 10 minutes are one incident.
      incidents: 4,
      previousTotal: 1,
      fire: 1,
      unhandled: 5,
      falseAlarms: 0,
      sites: { total: 2, alarming: 2 },
      devices: { total: 2, online: 2, offline: 0 },
    });
    expect((await ok<{ total: number }>(chaoyang.token, '/fire/alarm/survey')).total).toBe(4);
    expect((await ok<{ total: number }>(admin, '/fire/alarm/survey', { dateType: 'day' })).total).toBe(5);
    expect((await ok<{ total: number }>(admin, '/fire/alarm/survey', { siteCode: 'HD-F' })).total).toBe(1);
  });

  it('counts the alarm types', async () => {
    const { list } = await ok<{ list: Array<{ type: string; count: number; name: string }> }>(
      admin,
      '/fire/alarm/alarmTypeCount',
    );
    expect(Object.fromEntries(list.map((r) => [r.type, r.count]))).toEqual({
      fire: 1,
      smoke: 1,
      temperature: 2,
      fault: 1,
      offline: 0,
    });
    expect(list[0]?.name).toBe('火警');
  });

  it('draws the trend: days of the month, hours of the day', async () => {
    const month = await ok<{ list: Array<{ time: string; total: number; fire: number }> }>(admin, '/fire/alarm/trend');
    expect(month.list).toHaveLength(20);
    expect(month.list.at(-1)).toMatchObject({ time: '11-20', total: 5, fire: 1 });
    const day = await ok<{ list: Array<{ time: string; total: number; temperature: number }> }>(
      admin,
      '/fire/alarm/trend',
      { dateType: 'day' },
    );
    expect(day.list).toHaveLength(16);
    expect(day.list[12]).toMatchObject({ time: '12:00', total: 4, temperature: 2 });
    expect(day.list[13]).toMatchObject({ time: '13:00', total: 1 });
  });

  it('ranks sites and districts', async () => {
    const sites = await ok<{ list: Array<{ code: string; count: number; fire: number; rank: number }> }>(
      admin,
      '/fire/alarm/rank',
    );
    expect(sites.list.map((r) => [r.code, r.count, r.fire])).toEqual([
      ['CY-F', 4, 1],
      ['HD-F', 1, 0],
    ]);
    const areas = await ok<{ list: Array<{ code: string; name: string; count: number }> }>(admin, '/fire/alarm/rank', {
      rankType: 'area',
    });
    expect(areas.list[0]).toMatchObject({ code: '110105', name: '朝阳区', count: 4 });
  });
});

describe('fire alarm list, detail and handling', () => {
  it('lists with filters and the nearest cameras', async () => {
    const fires = await ok<Page<AlarmRow>>(admin, '/fire/alarm/list', { type: 'fire' });
    expect(fires.total).toBe(1);
    const [row] = fires.list;
    expect(row).toMatchObject({ fireType: 'fire', fireTypeName: '火警', siteCode: 'CY-F', status: 'active' });
    expect(row?.cameras.map((c) => c.mn)).toEqual(['CAMCY01']);
    expect(row?.cameras[0]?.distance).toBeGreaterThan(250);
    expect(row?.cameras[0]?.distance).toBeLessThan(260);
    expect(row?.cameras[0]).toMatchObject({ url: '/platform/video?device=CAMCY01', videoType: '6' });
    const paged = await ok<Page<AlarmRow>>(chaoyang.token, '/fire/alarm/list', { pageNum: '2', pageSize: '3' });
    expect(paged.total).toBe(4);
    expect(paged.list).toHaveLength(1);
    expect((await ok<Page<AlarmRow>>(admin, '/fire/alarm/list', { keyword: '五道口' })).total).toBe(1);
  });

  it('shows the temperature around an alarm with its fastest rise', async () => {
    const [row] = (await ok<Page<AlarmRow>>(admin, '/fire/alarm/list', { type: 'fire' })).list;
    const detail = await ok<{ temperature: unknown[]; maxRiseRate: number; history: unknown[] }>(
      admin,
      '/fire/alarm/detail',
      { alarmId: row?.alarmId ?? '' },
    );
    expect(detail.temperature).toHaveLength(3);
    expect(detail.maxRiseRate).toBe(20);
    expect(detail.history).toHaveLength(1);
  });

  it('handles through the shared lifecycle, with an outcome on clearing', async () => {
    const smoke = (await ok<Page<AlarmRow>>(chaoyang.token, '/fire/alarm/list', { type: 'smoke' })).list[0];
    const alarmId = smoke?.alarmId ?? '';
    const acknowledged = dataOf<{ status: string }>(
      await platformCall(app, {
        url: '/fire/alarm/handle',
        token: chaoyang.token,
        body: { alarmId, action: 'acknowledge' },
      }),
    );
    expect(acknowledged.status).toBe('acknowledged');
    const missing = await platformCall(app, {
      url: '/fire/alarm/handle',
      token: chaoyang.token,
      body: { alarmId, action: 'clear' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('处理结论');
    const cleared = dataOf<{ status: string; outcome: string; outcomeName: string; clearNote: string }>(
      await platformCall(app, {
        url: '/fire/alarm/handle',
        token: chaoyang.token,
        body: { alarmId, action: 'clear', outcome: 'false_alarm', note: '厨房油烟' },
      }),
    );
    expect(cleared).toMatchObject({
      status: 'cleared',
      outcome: 'false_alarm',
      outcomeName: '误报',
      clearNote: '误报：厨房油烟',
    });
    const again = await platformCall(app, {
      url: '/fire/alarm/handle',
      token: chaoyang.token,
      body: { alarmId, action: 'clear', outcome: 'test' },
    });
    expect(again.statusCode).toBe(409);
    expect((await ok<{ falseAlarms: number }>(admin, '/fire/alarm/survey')).falseAlarms).toBe(1);
    expect((await ok<Page<AlarmRow>>(admin, '/fire/alarm/list', { outcome: 'false_alarm' })).total).toBe(1);
    // The alarm centre shows the same alarm cleared.
    const centre = dataOf<{ status: string }>(
      await platformCall(app, { url: '/adm/alarm/center/bd/detail', token: admin, query: { alarmId } }),
    );
    expect(centre.status).toBe('cleared');
    const audit = dataOf<Page<{ action: string }>>(
      await platformCall(app, { url: '/sys/audit/list', token: admin, query: { action: 'fire.alarm_handle' } }),
    );
    expect(audit.total).toBeGreaterThanOrEqual(2);
  });

  it('lists fire sites with their state, latest signals and cameras', async () => {
    const page = await ok<Page<Record<string, unknown>>>(admin, '/fire/site/findList');
    expect(page.total).toBe(2);
    const cy = page.list.find((s) => s.siteCode === 'CY-F');
    expect(cy).toMatchObject({ state: 'alarm', stateName: '报警', areaName: '朝阳区' });
    expect(cy?.devices).toEqual([
      expect.objectContaining({ mn: 'FIRECY01', fireTemp: 60, flame: 1, smokeDensity: 6, riseRate: null }),
    ]);
    expect(cy?.cameras).toHaveLength(1);
    const hd = page.list.find((s) => s.siteCode === 'HD-F');
    expect(hd).toMatchObject({ state: 'fault', stateName: '故障' });
    expect((await ok<Page<unknown>>(admin, '/fire/site/findList', { state: 'fault' })).total).toBe(1);
  });
});

describe('area scope and junk', () => {
  it('keeps a district operator inside the district', async () => {
    expect((await ok<Page<AlarmRow>>(haidian.token, '/fire/alarm/list')).total).toBe(1);
    const out = await get(haidian.token, '/fire/alarm/survey', { areaCode: '110105' });
    expect(out.statusCode).toBe(403);
    expect(out.json().code).toBe(ErrorCode.AREA_OUT_OF_SCOPE);
    expect((await get(haidian.token, '/fire/alarm/list', { siteCode: 'CY-F' })).statusCode).toBe(404);
    const cyFire = (await ok<Page<AlarmRow>>(admin, '/fire/alarm/list', { type: 'fire' })).list[0];
    expect((await get(haidian.token, '/fire/alarm/detail', { alarmId: cyFire?.alarmId ?? '' })).statusCode).toBe(404);
    expect((await ok<Page<unknown>>(haidian.token, '/fire/site/findList')).total).toBe(1);
  });

  it('refuses junk and callers without the permission', async () => {
    const bad = await get(admin, '/fire/alarm/survey', { dateType: 'quarter' });
    expect(bad.statusCode).toBe(400);
    expect((await get(admin, '/fire/alarm/list', { pageSize: '0' })).statusCode).toBe(400);
    expect((await get(admin, '/fire/alarm/survey', { areaCode: '999999' })).statusCode).toBe(404);
    // 海淀 may look but not handle.
    const handle = await platformCall(app, {
      url: '/fire/alarm/handle',
      token: haidian.token,
      body: { alarmId: '1', action: 'acknowledge' },
    });
    expect(handle.statusCode).toBe(403);
    expect((await get('', '/fire/alarm/survey')).statusCode).toBe(401);
  });
});
