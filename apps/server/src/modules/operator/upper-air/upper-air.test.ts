import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { newStation, seedStationHours, stationHour } from '../../../testing/fixtures/air-rows';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  platformCall,
} from '../../../testing/platform';
import { demoSoundings, demoWindFiles, upperAir, writeIgra } from '../../data/upper-air';

/**
 * /air/sounding/* and /atmoWindy/nationalWindy/* through the server: a Beijing operator sees the
 * Beijing station only, an operator of 朝阳区 none (the station stands in 大兴区), the wind field in
 * the earth JSON layout from the demo forecast, and refusals.
 */

const NOW = chinaTime(2026, 11, 28, 14, 0);
const FIXTURE = readFileSync(path.join(__dirname, '../../data/upper-air/fixtures/igra2-sample.txt'), 'utf8');

let app: TestApp;
let admin: string;
let beijing: DistrictOperator;
let chaoyang: DistrictOperator;

beforeAll(async () => {
  app = await createPlatformApp({}, () => NOW);
  admin = await adminToken(app);
  const api = app.use(upperAir);
  await api.soundings.importIgra(FIXTURE, 'igra2-sample.txt');
  await api.soundings.importIgra(writeIgra(demoSoundings(NOW - 3 * 86_400, NOW)), 'demo', 'demo');
  for (const { file, level } of demoWindFiles(NOW - 3 * 3600, 6)) await api.wind.importNetcdf(file, `demo:${level}`);
  beijing = await districtOperator(app, admin, {
    username: 'bj_air',
    areaCode: '110000',
    orgName: '北京市生态环境局',
    permissions: ['air:view'],
  });
  chaoyang = await districtOperator(app, admin, {
    username: 'cy_air',
    areaCode: '110105',
    orgName: '朝阳区生态环境局',
    permissions: ['air:view'],
  });
}, 120_000);
afterAll(async () => {
  await app.close();
});

const get = (url: string, token: string, query: Record<string, string> = {}) =>
  platformCall(app, { url, token, query });

describe('soundings on the platform', () => {
  it('lists the stations of the operator’s area only', async () => {
    const all = dataOf<Array<{ code: string }>>(await get('/air/sounding/getStationList', admin));
    expect(all.map((s) => s.code)).toEqual(expect.arrayContaining(['54511', '58362', 'USM00072381']));
    const bj = dataOf<Array<{ code: string; latestTime: string }>>(
      await get('/air/sounding/getStationList', beijing.token),
    );
    expect(bj.map((s) => s.code)).toEqual(['54511']);
    expect(bj[0]?.latestTime).toBe('2026-11-28 08:00:00');
    expect(dataOf<unknown[]>(await get('/air/sounding/getStationList', chaoyang.token))).toEqual([]);
  });

  it('answers an ascent inside the area and 404 outside it', async () => {
    const inside = dataOf<{ station: { code: string }; levels: unknown[] }>(
      await get('/air/sounding/getSoundingData', beijing.token, { stationCode: '54511' }),
    );
    expect(inside.station.code).toBe('54511');
    const outside = await get('/air/sounding/getSoundingData', beijing.token, { stationCode: '58362' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ code: ErrorCode.NOT_FOUND, msg: '未找到探空站 58362' });
  });

  it('counts inversions and mixing heights per ascent over a span', async () => {
    const stats = dataOf<Array<{ time: string; mixingHeight: number | null; groundInversion: boolean }>>(
      await get('/air/sounding/getInversionStatistics', beijing.token, {
        stationCode: '54511',
        startTime: '2026-11-26 00:00:00',
        endTime: '2026-11-28 14:00:00',
      }),
    );
    expect(stats.map((s) => s.time)).toEqual([
      '2026-11-26 08:00:00',
      '2026-11-26 20:00:00',
      '2026-11-27 08:00:00',
      '2026-11-27 20:00:00',
      '2026-11-28 08:00:00',
    ]);
    // Evening ascents have no demo ground inversion.
    expect(stats.filter((s) => s.time.endsWith('20:00:00')).every((s) => !s.groundInversion)).toBe(true);
    const reversed = await get('/air/sounding/getInversionStatistics', beijing.token, {
      stationCode: '54511',
      startTime: '2026-11-28 00:00:00',
      endTime: '2026-11-27 00:00:00',
    });
    expect(reversed.statusCode).toBe(400);
  });
});

describe('the national wind field', () => {
  it('answers the grid in the earth / leaflet-velocity layout', async () => {
    const field = dataOf<{
      available: boolean;
      demo: boolean;
      time: string;
      times: string[];
      records: Array<{ header: { nx: number; ny: number; parameterNumber: number }; data: number[] }>;
    }>(await get('/atmoWindy/nationalWindy/getServerData', beijing.token, { level: '850hPa' }));
    expect(field.available).toBe(true);
    expect(field.demo).toBe(true);
    expect(field.time).toBe('2026-11-28 14:00:00');
    expect(field.times).toHaveLength(6);
    expect(field.records.map((r) => r.header.parameterNumber)).toEqual([2, 3]);
    expect(field.records[0]?.data).toHaveLength(63 * 37);
    // The demo's 850 hPa flow carries a westerly: the mean u is positive.
    const u = field.records[0]?.data ?? [];
    expect(u.reduce((a, b) => a + b, 0) / u.length).toBeGreaterThan(2);
  });

  it('refuses an unknown level, and callers without air:view', async () => {
    const bad = await get('/atmoWindy/nationalWindy/getServerData', beijing.token, { level: '500hPa' });
    expect(bad.statusCode).toBe(400);
    const nobody = await districtOperator(app, admin, {
      username: 'cy_grid',
      areaCode: '110105',
      orgName: '朝阳区网格',
      permissions: ['grid:view'],
    });
    expect((await get('/atmoWindy/nationalWindy/getServerData', nobody.token)).statusCode).toBe(403);
  });

  it('answers the AQI points of the operator’s cities only, from the latest hour', async () => {
    const hour = NOW - 3600;
    await seedStationHours(
      app.database,
      [newStation('1001A', '110000'), newStation('1141A', '310000')],
      [stationHour('1001A', hour, { pm2_5: 80 }), stationHour('1141A', hour, { pm2_5: 20 })],
    );
    const bj = dataOf<Array<{ code: string; name: string; aqi: number; time: string }>>(
      await get('/atmoWindy/nationalWindy/getAQIData', beijing.token),
    );
    expect(bj).toEqual([
      // PM2.5 80 μg/m³: IAQI 106.25, rounded up (HJ 633-2012).
      expect.objectContaining({ code: '110000', name: '北京市', aqi: 107, time: '2026-11-28 13:00:00' }),
    ]);
    const all = dataOf<Array<{ code: string }>>(await get('/atmoWindy/nationalWindy/getAQIData', admin));
    expect(all.map((p) => p.code)).toEqual(['110000', '310000']);
  });
});
