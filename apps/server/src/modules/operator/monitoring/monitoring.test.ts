import { ErrorCode } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { addHours, addStations, HOUR, NOW, stationHour } from '../../../testing/fixtures/city-air-scene';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  platformCall,
} from '../../../testing/platform';
import { air } from '../../data/air';
import { stations } from '../../data/stations';
import { devices } from '../devices';

/**
 * The monitoring calls over a small bureau: the data clock stands at 2024-05-10 14:20 China time;
 * 朝阳 (110105) and 海淀 (110108) each have a site with a noise monitor, a micro-station and an
 * exhaust remote-sensing device, 朝阳 also a catering-fume monitor; Beijing has national stations.
 */

interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
interface StationRow {
  stationId: string;
  code: string;
  kind: 'national' | 'device';
  type: string | null;
  areaCode: string;
  online: string;
  time: string | null;
  values: { aqi: number | null; pm2_5: number | null; pm10: number | null; levelName: string };
}
interface NoiseHourRow {
  deviceCode: string;
  zone: string;
  time: string;
  LA: number | null;
  value: number | null;
  valid: boolean;
  period: string;
  periodName: string;
  limit: number;
  exceedance: number | null;
}
interface NoiseAlarmRow {
  deviceCode: string;
  time: string;
  period: string;
  periodName: string;
  limit: number;
  value: number;
  exceedance: number;
}

let app: TestApp;
let admin: string;
let chaoyang: DistrictOperator;
/** 海淀: air only, no noise permission. */
let haidian: DistrictOperator;
const ids: Record<string, number> = {};

const at = (day: number, hour: number, minute = 0) => chinaTime(2024, 5, day, hour, minute);

async function site(siteCode: string, name: string, areaCode: string): Promise<string> {
  const body = { siteCode, name, areaCode, lon: 116.4, lat: 39.9, address: '' };
  return dataOf<{ siteId: string }>(await platformCall(app, { url: '/device/site/save', token: admin, body })).siteId;
}

async function device(mn: string, type: string, siteId: string, factors: string[], noiseZone: string | null = null) {
  const body = {
    mn,
    name: `${mn}设备`,
    type,
    siteId,
    password: 'abc12345',
    factors: factors.map((code) => ({ code })),
    config: { intervalSeconds: null, noiseZone },
  };
  const row = dataOf<{ deviceId: string }>(await platformCall(app, { url: '/device/save', token: admin, body }));
  ids[mn] = Number(row.deviceId);
}

/** A full hour of minute values (the 60 minutes of the hour ending `hourEnd`), as a data logger sends them. */
async function hourOfMinutes(mn: string, hourEnd: number, values: Record<string, number>, receivedAt?: number) {
  const deviceId = ids[mn];
  if (deviceId === undefined) throw new Error(`no device ${mn}`);
  await app.use(devices).telemetry.ingest(
    Array.from({ length: 60 }, (_, i) => {
      const dataTime = hourEnd - 3600 + (i + 1) * 60;
      return {
        deviceId,
        cn: '2051',
        dataTime,
        receivedAt: receivedAt ?? dataTime,
        values: Object.entries(values).map(([factor, value]) => ({ factor, value, flag: 'N' })),
      };
    }),
  );
}

const get = (token: string, url: string, query: Record<string, string> = {}) =>
  platformCall(app, { url, token, query });
const ok = async <T>(token: string, url: string, query: Record<string, string> = {}) =>
  dataOf<T>(await get(token, url, query));

beforeAll(async () => {
  app = await createPlatformApp({}, () => NOW);
  admin = await adminToken(app);
  chaoyang = await districtOperator(app, admin, {
    username: 'chaoyang',
    areaCode: '110105',
    orgName: '朝阳区生态环境局',
    permissions: ['air:view', 'device:view', 'noise:view'],
  });
  haidian = await districtOperator(app, admin, {
    username: 'haidian',
    areaCode: '110108',
    orgName: '海淀区生态环境局',
    permissions: ['air:view'],
  });

  const cy = await site('CY-01', '朝阳站点', '110105');
  const hd = await site('HD-01', '海淀站点', '110108');
  await device('NOISE0001', 'N01', cy, ['LA', 'LAeq'], '1');
  await device('NOISE0002', 'N01', hd, ['LA']);
  await device('MICRO0001', 'A01', cy, ['a34004', 'a34002']);
  await device('MICRO0002', 'A01', hd, ['a34004', 'a34002']);
  await device('EXH0001', 'E01', cy, ['exhCO', 'exhHC', 'exhNO', 'opacity']);
  await device('EXH0002', 'E01', hd, ['exhCO', 'exhHC', 'exhNO', 'opacity']);
  await device('FUME0001', 'S01', cy, ['oilFume']);

  // 朝阳's noise monitor is in a 1类 zone (day 55, night 45): 52 dB at night is over, by day it is not; 58 by day is.
  await hourOfMinutes('NOISE0001', at(10, 3), { LA: 52 });
  await hourOfMinutes('NOISE0001', at(10, 11), { LA: 52 });
  await hourOfMinutes('NOISE0001', at(10, 13), { LA: 58 });
  // 海淀's has no zone configured: 2类 (night 50).
  await hourOfMinutes('NOISE0002', at(10, 3), { LA: 52 });
  await hourOfMinutes('MICRO0001', at(10, 14), { a34004: 35, a34002: 60 }, NOW - 30);
  await hourOfMinutes('MICRO0002', at(10, 14), { a34004: 120, a34002: 150 }, NOW - 30);
  await hourOfMinutes('EXH0001', at(10, 9), { exhCO: 0.5, exhHC: 100, exhNO: 300, opacity: 40 });
  await hourOfMinutes('EXH0001', at(10, 10), { exhCO: 0.3, exhHC: 80, exhNO: 200, opacity: 10 });
  await hourOfMinutes('EXH0002', at(10, 10), { exhCO: 0.2, exhHC: 50, exhNO: 100, opacity: 20 }, NOW - 30);
  await hourOfMinutes('FUME0001', at(10, 14), { oilFume: 1.2 }, NOW - 30);
  await app.use(devices).telemetry.rollUp({ includeRunningHour: true });

  // National stations: 西城, 昌平 and a reference station of Beijing (fixture), and one in 朝阳.
  await addStations(app.database);
  await app.use(stations).repository.upsert(
    [
      {
        code: '1003A',
        name: '农展馆',
        city_code: '110000',
        county_code: '110105',
        longitude: 116.46,
        latitude: 39.94,
        source: 'cnemc',
      },
    ],
    0,
  );
  await addHours(app.database, [
    stationHour('1001A', HOUR, { pm2_5: 80 }),
    stationHour('1002A', HOUR, { pm2_5: 40 }),
    stationHour('1012A', HOUR, { pm2_5: 20 }),
    stationHour('1003A', HOUR, { pm2_5: 60 }),
  ]);
  await app.use(air).current.refresh();
});
afterAll(async () => {
  await app.close();
});

describe('/onlineMonitor/airStation', () => {
  it('lists the national stations and the micro-stations of the area, with their latest values', async () => {
    const all = await ok<StationRow[]>(admin, '/onlineMonitor/airStation/getVoAllStation');
    expect(all.filter((s) => s.kind === 'national').map((s) => s.code)).toEqual([
      '1001A',
      '1002A',
      '1003A',
      '1012A',
      'D310000-01',
    ]);
    expect(all.filter((s) => s.kind === 'device').map((s) => s.code)).toEqual(['MICRO0001', 'MICRO0002']);
    const xicheng = all.find((s) => s.code === '1001A');
    expect(xicheng).toMatchObject({ areaCode: '110102', online: 'online', time: '2024-05-10 14:00:00' });
    expect(xicheng?.values.pm2_5).toBe(80);
    expect(xicheng?.values.aqi).toBeGreaterThan(100);
    const micro = all.find((s) => s.code === 'MICRO0001');
    expect(micro).toMatchObject({ type: 'A01', areaCode: '110105', online: 'online', time: '2024-05-10 14:00:00' });
    expect(micro?.values).toMatchObject({ pm2_5: 35, pm10: 60, aqi: 55, levelName: '良' });

    // 朝阳 sees its own national station and micro-station only.
    const mine = await ok<StationRow[]>(chaoyang.token, '/onlineMonitor/airStation/getVoAllStation');
    expect(mine.map((s) => s.code)).toEqual(['1003A', 'MICRO0001']);
    const onlyDevices = await ok<StationRow[]>(admin, '/onlineMonitor/airStation/getVoAllStation', {
      kind: 'device',
      areaCode: '110108',
    });
    expect(onlyDevices.map((s) => s.code)).toEqual(['MICRO0002']);
  });

  it('lists a city’s stations, refusing a city outside the operator’s area', async () => {
    const beijing = await ok<StationRow[]>(admin, '/onlineMonitor/airStation/getCityVoAllStation', {
      cityCode: '110000',
    });
    expect(beijing.map((s) => s.code)).toEqual(['1001A', '1002A', '1003A', '1012A', 'MICRO0001', 'MICRO0002']);

    const refused = await get(chaoyang.token, '/onlineMonitor/airStation/getCityVoAllStation', { cityCode: '110000' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.AREA_OUT_OF_SCOPE });
    const own = await ok<StationRow[]>(chaoyang.token, '/onlineMonitor/airStation/getCityVoAllStation', {
      cityCode: '110105',
    });
    expect(own.map((s) => s.code)).toEqual(['1003A', 'MICRO0001']);

    expect((await get(admin, '/onlineMonitor/airStation/getCityVoAllStation', { cityCode: '999999' })).statusCode).toBe(
      404,
    );
    for (const cityCode of ['beijing', '11000', '']) {
      const res = await get(admin, '/onlineMonitor/airStation/getCityVoAllStation', { cityCode });
      expect(res.statusCode, cityCode).toBe(400);
    }
    expect((await get(admin, '/onlineMonitor/airStation/getCityVoAllStation')).statusCode).toBe(400);
  });

  it('answers a city’s current AQI with its stations and devices counted', async () => {
    const snapshotCity = (await app.use(air).current.current()).cities.get('110000');
    const totals = await ok<{
      cityName: string;
      current: { aqi: number | null; time: string; stationCount: number } | null;
      nationalStations: { total: number; reporting: number };
      devices: { total: number; online: number; offline: number; never: number };
      airDevices: { total: number; online: number };
      activeAlarms: number;
    }>(admin, '/onlineMonitor/airStation/getCityRealTimeAndTotalData', { cityCode: '110000' });
    expect(totals.cityName).toBe('北京市');
    expect(totals.current).toMatchObject({ time: '2024-05-10 14:00:00', stationCount: 3, aqi: snapshotCity?.aqi });
    expect(totals.nationalStations).toEqual({ total: 4, reporting: 4 });
    // Online: the two micro-stations, 海淀's exhaust device and the fume monitor heard at 14:19:30.
    expect(totals.devices).toEqual({ total: 7, online: 4, offline: 3, never: 0 });
    expect(totals.airDevices).toMatchObject({ total: 2, online: 2 });
    expect(totals.activeAlarms).toBeGreaterThanOrEqual(0);

    const last = await ok<{ cityCode: string; aqi: number; pm2_5_24h: number | null } | null>(
      admin,
      '/onlineMonitor/airStation/getOpenLastCityData',
      { cityCode: '110000' },
    );
    expect(last).toMatchObject({ cityCode: '110000', aqi: snapshotCity?.aqi });
    expect(await ok(admin, '/onlineMonitor/airStation/getOpenLastCityData', { cityCode: '120000' })).toBeNull();
    const refused = await get(chaoyang.token, '/onlineMonitor/airStation/getCityRealTimeAndTotalData', {
      cityCode: '110000',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('pages the stations with a keyword', async () => {
    const page = await ok<Page<StationRow>>(admin, '/onlineMonitor/airStation/airStations', {
      pageNum: '2',
      pageSize: '3',
    });
    expect(page).toMatchObject({ total: 7, pageNum: 2, pageSize: 3 });
    expect(page.list.map((s) => s.code)).toEqual(['1012A', 'D310000-01', 'MICRO0001']);
    const found = await ok<Page<StationRow>>(admin, '/onlineMonitor/airStation/airStations', { keyword: 'micro' });
    expect(found.list.map((s) => s.code)).toEqual(['MICRO0001', 'MICRO0002']);
    expect((await get(admin, '/onlineMonitor/airStation/airStations', { pageSize: '1000' })).statusCode).toBe(400);
  });

  it('lists the pollution-source devices with their latest values', async () => {
    const sources = await ok<
      Array<{ mn: string; type: string; latest: Array<{ factor: string; name: string; unit: string; value: number }> }>
    >(chaoyang.token, '/onlineMonitor/airStation/pollutionSources');
    expect(sources.map((s) => s.mn)).toEqual(['EXH0001', 'FUME0001']);
    const fume = await ok<typeof sources>(admin, '/onlineMonitor/airStation/pollutionSources', { type: 'S01' });
    expect(fume.map((s) => s.mn)).toEqual(['FUME0001']);
    expect(fume[0]?.latest).toEqual([
      { factor: 'oilFume', name: '油烟浓度', unit: 'mg/m³', value: 1.2, flag: 'N', time: '2024-05-10 14:00:00' },
    ]);
    expect((await get(admin, '/onlineMonitor/airStation/pollutionSources', { type: 'N01' })).statusCode).toBe(400);
  });

  it('needs air:view', async () => {
    const noAir = await districtOperator(app, admin, {
      username: 'noise-only',
      areaCode: '110105',
      orgName: '朝阳噪声科',
      permissions: ['noise:view'],
    });
    expect((await get(noAir.token, '/onlineMonitor/airStation/getVoAllStation')).statusCode).toBe(403);
    expect((await get(noAir.token, '/exh/bigdata/overview')).statusCode).toBe(403);
    expect((await platformCall(app, { url: '/onlineMonitor/airStation/getVoAllStation' })).statusCode).toBe(401);
  });
});

describe('/dataQuery/realtimeData/vorealtimeData', () => {
  interface RealtimeRow {
    mn: string;
    online: string;
    time: string | null;
    values: Record<string, number | null>;
    flags: Record<string, string | null>;
  }
  it('pages the devices with each factor’s latest value in one row', async () => {
    const noise = await ok<Page<RealtimeRow> & { factors: Array<{ code: string; name: string; unit: string }> }>(
      admin,
      '/dataQuery/realtimeData/vorealtimeData',
      { deviceType: 'N01' },
    );
    expect(noise.total).toBe(2);
    expect(noise.factors.map((f) => f.code)).toEqual(['LA', 'LAeq']);
    expect(noise.factors[0]).toEqual({ code: 'LA', name: '噪声（A 声级）', unit: 'dB(A)' });
    expect(noise.list.map((r) => [r.mn, r.values.LA, r.time])).toEqual([
      ['NOISE0001', 58, '2024-05-10 13:00:00'],
      ['NOISE0002', 52, '2024-05-10 03:00:00'],
    ]);
    expect(noise.list[0]?.flags).toEqual({ LA: 'N' });

    const mine = await ok<Page<RealtimeRow>>(chaoyang.token, '/dataQuery/realtimeData/vorealtimeData', {
      pageSize: '100',
    });
    expect(mine.list.map((r) => r.mn).sort()).toEqual(['EXH0001', 'FUME0001', 'MICRO0001', 'NOISE0001']);
    const micro = mine.list.find((r) => r.mn === 'MICRO0001');
    expect(micro).toMatchObject({ online: 'online', values: { a34004: 35, a34002: 60 } });

    const page = await ok<Page<RealtimeRow>>(admin, '/dataQuery/realtimeData/vorealtimeData', {
      keyword: 'EXH',
      pageNum: '2',
      pageSize: '1',
    });
    expect(page).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(page.list.map((r) => r.mn)).toEqual(['EXH0002']);
  });

  it('refuses junk parameters and areas outside the scope', async () => {
    const junk: Record<string, string>[] = [
      { pageSize: 'abc' },
      { pageNum: '0' },
      { deviceType: 'n01' },
      { areaCode: '1101' },
    ];
    for (const query of junk) {
      const res = await get(admin, '/dataQuery/realtimeData/vorealtimeData', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    const res = await get(chaoyang.token, '/dataQuery/realtimeData/vorealtimeData', { areaCode: '110108' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: ErrorCode.AREA_OUT_OF_SCOPE });
    expect((await get(haidian.token, '/dataQuery/realtimeData/vorealtimeData')).statusCode).toBe(403);
  });
});

describe('/noise', () => {
  it('answers a device’s hourly series with the limit of its zone at every point', async () => {
    const series = await ok<{
      deviceCode: string;
      zone: string;
      zoneName: string;
      dayLimit: number;
      nightLimit: number;
      dataType: string;
      startTime: string;
      endTime: string;
      points: Array<{
        time: string;
        LA: number | null;
        value: number | null;
        valid: boolean;
        period: string | null;
        limit: number | null;
        exceedance: number | null;
      }>;
    }>(chaoyang.token, '/noise/histories/getData', { deviceCode: 'NOISE0001' });
    expect(series).toMatchObject({
      deviceCode: 'NOISE0001',
      zone: '1',
      zoneName: '1类',
      dayLimit: 55,
      nightLimit: 45,
      dataType: 'hour',
      startTime: '2024-05-09 14:20:00',
      endTime: '2024-05-10 14:20:00',
    });
    expect(series.points.map((p) => [p.time, p.value, p.period, p.limit, p.exceedance])).toEqual([
      ['2024-05-10 03:00:00', 52, 'night', 45, 7],
      ['2024-05-10 11:00:00', 52, 'day', 55, null],
      ['2024-05-10 13:00:00', 58, 'day', 55, 3],
    ]);
    expect(series.points.every((p) => p.valid)).toBe(true);

    const minutes = await ok<typeof series>(chaoyang.token, '/noise/histories/getData', {
      deviceCode: 'NOISE0001',
      dataType: 'minute',
      startTime: '2024-05-10 02:58:00',
      endTime: '2024-05-10 03:00:00',
    });
    expect(minutes.points.map((p) => [p.time, p.LA, p.limit, p.exceedance])).toEqual([
      ['2024-05-10 02:59:00', 52, 45, 7],
      ['2024-05-10 03:00:00', 52, 45, 7],
    ]);
    const days = await ok<typeof series>(chaoyang.token, '/noise/histories/getData', {
      deviceCode: 'NOISE0001',
      dataType: 'day',
      startTime: '2024-05-09 00:00:00',
      endTime: '2024-05-11 00:00:00',
    });
    expect(days.points.map((p) => [p.time, p.period, p.limit, p.exceedance])).toEqual([
      ['2024-05-10 00:00:00', null, null, null],
    ]);
  });

  it('uses zone 2 for a device without a zone, and hides devices outside the scope', async () => {
    const series = await ok<{ zone: string; points: Array<{ limit: number; exceedance: number | null }> }>(
      admin,
      '/noise/histories/getData',
      { deviceCode: 'NOISE0002' },
    );
    expect(series.zone).toBe('2');
    expect(series.points.map((p) => [p.limit, p.exceedance])).toEqual([[50, 2]]);
    for (const url of ['/noise/histories/getData', '/noise/histories/list', '/noise/alarm/page']) {
      const res = await get(chaoyang.token, url, { deviceCode: 'NOISE0002' });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await get(admin, '/noise/histories/getData', { deviceCode: 'MICRO0001' })).statusCode).toBe(404);
  });

  it('pages the hour values of the area’s noise devices, newest first', async () => {
    const all = await ok<Page<NoiseHourRow>>(admin, '/noise/histories/list', { pageSize: '3' });
    expect(all.total).toBe(4);
    expect(all.list.map((r) => [r.deviceCode, r.time, r.periodName, r.limit])).toEqual([
      ['NOISE0001', '2024-05-10 13:00:00', '昼间', 55],
      ['NOISE0001', '2024-05-10 11:00:00', '昼间', 55],
      ['NOISE0001', '2024-05-10 03:00:00', '夜间', 45],
    ]);
    const mine = await ok<Page<NoiseHourRow>>(chaoyang.token, '/noise/histories/list');
    expect(mine.list.map((r) => r.deviceCode)).toEqual(['NOISE0001', 'NOISE0001', 'NOISE0001']);
    const range = await ok<Page<NoiseHourRow>>(admin, '/noise/histories/list', {
      startTime: '2024-05-10 10:00:00',
      endTime: '2024-05-10 12:00:00',
    });
    expect(range.list.map((r) => r.time)).toEqual(['2024-05-10 11:00:00']);
  });

  it('lists the hours over the day or night limit of the zone', async () => {
    const over = await ok<Page<NoiseAlarmRow>>(admin, '/noise/alarm/page');
    expect(over.list.map((r) => [r.deviceCode, r.time, r.periodName, r.limit, r.value, r.exceedance])).toEqual([
      ['NOISE0001', '2024-05-10 13:00:00', '昼间', 55, 58, 3],
      ['NOISE0001', '2024-05-10 03:00:00', '夜间', 45, 52, 7],
      ['NOISE0002', '2024-05-10 03:00:00', '夜间', 50, 52, 2],
    ]);
    // 52 dB by day in zone 1 (limit 55) is no exceedance.
    expect(over.list.some((r) => r.deviceCode === 'NOISE0001' && r.time === '2024-05-10 11:00:00')).toBe(false);

    const mine = await ok<Page<NoiseAlarmRow>>(chaoyang.token, '/noise/alarm/page', { deviceCode: 'NOISE0001' });
    expect(mine.list.map((r) => [r.time, r.period])).toEqual([
      ['2024-05-10 13:00:00', 'day'],
      ['2024-05-10 03:00:00', 'night'],
    ]);
    const theirs = await ok<Page<NoiseAlarmRow>>(chaoyang.token, '/noise/alarm/page');
    expect(theirs.list.every((r) => r.deviceCode === 'NOISE0001')).toBe(true);
  });

  it('refuses junk parameters and callers without noise:view', async () => {
    for (const [url, query] of [
      ['/noise/histories/getData', {}],
      ['/noise/histories/getData', { deviceCode: 'NOISE-1' }],
      ['/noise/histories/getData', { deviceCode: 'NOISE0001', dataType: 'week' }],
      ['/noise/histories/getData', { deviceCode: 'NOISE0001', startTime: '2024-05-10' }],
      ['/noise/histories/getData', { deviceCode: 'NOISE0001', startTime: '2024-02-30 00:00:00' }],
      ['/noise/histories/getData', { deviceCode: 'NOISE0001', dataType: 'minute', startTime: '2024-05-01 00:00:00' }],
      ['/noise/histories/list', { startTime: '2024-05-10 12:00:00', endTime: '2024-05-10 10:00:00' }],
      ['/noise/histories/list', { startTime: '2024-03-01 00:00:00' }],
      ['/noise/alarm/page', { pageNum: '-1' }],
    ] as const) {
      const res = await get(admin, url, query);
      expect(res.statusCode, `${url} ${JSON.stringify(query)}`).toBe(400);
    }
    expect((await get(haidian.token, '/noise/alarm/page')).statusCode).toBe(403);
  });
});

describe('/exh', () => {
  interface RankRow {
    rank: number;
    mn: string;
    hours: number;
    overHours: number;
    maxOpacity: number | null;
    means: { opacity: number | null; exhCO: number | null };
  }
  it('ranks the exhaust sites by mean opacity or by hours over the limit', async () => {
    const rank = await ok<{ opacityLimit: number; list: RankRow[] }>(admin, '/exh/exhAllAround/exhSiteRank');
    expect(rank.opacityLimit).toBe(30);
    expect(rank.list.map((r) => [r.rank, r.mn, r.means.opacity, r.hours, r.overHours, r.maxOpacity])).toEqual([
      [1, 'EXH0001', 25, 2, 1, 40],
      [2, 'EXH0002', 20, 1, 0, 20],
    ]);
    expect(rank.list[0]?.means.exhCO).toBe(0.4);

    const byOver = await ok<{ list: RankRow[] }>(admin, '/exh/exhAllAround/exhSiteRank', {
      opacityLimit: '15',
      sortBy: 'overHours',
    });
    expect(byOver.list.map((r) => [r.mn, r.overHours])).toEqual([
      ['EXH0001', 1],
      ['EXH0002', 1],
    ]);
    const mine = await ok<{ list: RankRow[] }>(chaoyang.token, '/exh/exhAllAround/exhSiteRank');
    expect(mine.list.map((r) => r.mn)).toEqual(['EXH0001']);
    const before = await ok<{ list: RankRow[] }>(admin, '/exh/exhAllAround/exhSiteRank', {
      endTime: '2024-05-10 00:00:00',
    });
    expect(before.list.map((r) => [r.mn, r.hours, r.means.opacity])).toEqual([
      ['EXH0001', 0, null],
      ['EXH0002', 0, null],
    ]);
    const junk: Record<string, string>[] = [{ opacityLimit: '101' }, { opacityLimit: 'x' }, { sortBy: 'co' }];
    for (const query of junk) {
      expect((await get(admin, '/exh/exhAllAround/exhSiteRank', query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('answers the totals and the daily trend of one site or all of them', async () => {
    const overview = await ok<{
      devices: { total: number; online: number };
      hours: number;
      overHours: number;
      maxOpacity: number;
      means: { opacity: number };
    }>(admin, '/exh/bigdata/overview');
    expect(overview).toMatchObject({
      devices: { total: 2, online: 1 },
      hours: 3,
      overHours: 1,
      maxOpacity: 40,
      means: { opacity: 23.33 },
    });
    const one = await ok<typeof overview>(admin, '/exh/bigdata/overview', { deviceid: String(ids.EXH0002) });
    expect(one).toMatchObject({ devices: { total: 1 }, hours: 1, means: { opacity: 20 } });

    const trend = await ok<{ days: Array<{ date: string; hours: number; opacity: number | null }> }>(
      admin,
      '/exh/bigdata/trend',
      { startTime: '2024-05-08 00:00:00', endTime: '2024-05-10 14:00:00' },
    );
    expect(trend.days.map((d) => [d.date, d.hours, d.opacity])).toEqual([
      ['2024-05-08', 0, null],
      ['2024-05-09', 0, null],
      ['2024-05-10', 3, 23.33],
    ]);

    expect((await get(admin, '/exh/bigdata/overview', { deviceid: String(ids.NOISE0001) })).statusCode).toBe(404);
    expect((await get(chaoyang.token, '/exh/bigdata/trend', { deviceid: String(ids.EXH0002) })).statusCode).toBe(404);
    expect((await get(admin, '/exh/bigdata/trend', { deviceid: 'abc' })).statusCode).toBe(400);
  });
});
