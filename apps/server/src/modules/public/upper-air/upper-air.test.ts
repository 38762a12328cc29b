import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode, type SignableParams, signParams } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { signedInject } from '../../../testing/signed';
import { cfFile, DEMO_GRID, demoSoundings, upperAir, writeIgra, writeNetcdf } from '../../data/upper-air';

/**
 * The public upper-air calls through the server: the real IGRA records and the demo ascents of the
 * Chinese stations imported, a uniform 10 m/s westerly imported as a CF NetCDF forecast (so that the
 * trajectory's length is known by hand), refusals, and the "no data yet" answers before any import.
 */

const NOW = chinaTime(2026, 11, 28, 14, 0);
const R = 6_371_000;
const FIXTURE = readFileSync(path.join(__dirname, '../../data/upper-air/fixtures/igra2-sample.txt'), 'utf8');

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, params?: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'GET', url, ...(params ? { params } : {}) });
const trajectory = async (body: SignableParams) => {
  const headers = await signParams(body, app.config.publicApiKey);
  return app.server.inject({ method: 'POST', url: '/api/getAirTrajectoryData', payload: body, headers });
};

/** A westerly of 10 m/s everywhere, hourly over 36 h up to two hours after NOW. */
function westerly(level: '10m' | '850hPa', speed: number) {
  const hours = 36;
  const start = NOW - 34 * 3600;
  const n = DEMO_GRID.nx * DEMO_GRID.ny * hours;
  const file = cfFile(start, hours, level, new Float32Array(n).fill(speed), new Float32Array(n), 'uniform');
  file.attributes = {
    ...file.attributes,
    source: { type: 'char', value: 'test' },
    lantian_demo: { type: 'char', value: 'no' },
  };
  return writeNetcdf(file);
}

describe('before anything is imported', () => {
  it('says "no data yet" rather than inventing values', async () => {
    const point = await get('/api/common/lonlat/116.40,39.90');
    expect(point.json().data).toEqual({
      available: false,
      longitude: 116.4,
      latitude: 39.9,
      time: null,
      demo: false,
      values: [],
    });
    const traj = await trajectory({ city: 'beijing', time: '2026-11-28 14:00:00' });
    expect(traj.statusCode).toBe(404);
    expect(traj.json().msg).toContain('暂无格点风场数据');
    const sounding = await get('/api/common/getSoundingData', { soundingCode: '54511' });
    expect(sounding.statusCode).toBe(404);
    expect(sounding.json().msg).toBe('探空站 北京 暂无探空数据');
    const products = await get('/api/getMeteoinfoMsg');
    expect(products.json().data.map((p: { times: string[] }) => p.times)).toEqual([[], []]);
  });
});

describe('soundings', () => {
  it('imports the real IGRA records and the demo ascents, and lists the stations with their latest time', async () => {
    const api = app.use(upperAir);
    expect(await api.soundings.importIgra(FIXTURE, 'igra2-sample.txt')).toEqual({
      soundings: 3,
      stations: ['USM00072381', 'USM00072357'],
      skippedLevels: 0,
    });
    await api.soundings.importIgra(writeIgra(demoSoundings(NOW - 86_400, NOW)), 'demo', 'demo');
    const res = await get('/api/common/getAirSoundingStation');
    expect(res.statusCode).toBe(200);
    const features = res.json().data.features as Array<{
      geometry: { coordinates: number[] };
      properties: { code: string; latestTime: string | null; name: string };
    }>;
    const beijing = features.find((f) => f.properties.code === '54511');
    expect(beijing?.properties).toMatchObject({
      name: '北京',
      igraId: 'CHM00054511',
      areaCode: '110115',
      latestTime: '2026-11-28 08:00:00',
    });
    expect(beijing?.geometry.coordinates).toEqual([116.47, 39.81]);
    expect(features.find((f) => f.properties.code === 'USM00072381')?.properties.latestTime).toBe(
      '2026-07-23 01:00:00',
    );
  });

  it('answers a real ascent level by level, with its indices', async () => {
    const res = await get('/api/common/getSoundingData', { soundingCode: 'USM00072381', time: '2026-07-23 01:00:00' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.source).toBe('igra2');
    expect(data.demo).toBe(false);
    expect(data.levels[0]).toEqual({
      pressure: 932,
      height: null,
      temperature: 33.6,
      dewpoint: 10.6,
      windDirection: 240,
      windSpeed: 4.6,
    });
    expect(data.levels).toHaveLength(5);
    expect(data.indices.lclPressure).toBeGreaterThan(600);
    expect(data.indices.lclPressure).toBeLessThan(700);
    // Only up to 803 hPa: the indices that need 700/500 hPa are unknown, not guessed.
    expect(data.indices.kIndex).toBeNull();
    expect(data.times).toEqual(['2026-07-23 01:00:00', '2020-01-15 20:00:00']);
  });

  it('answers the 08:00 demo ascent of Beijing with its ground inversion, the latest at or before the time asked', async () => {
    const res = await get('/api/common/getSoundingData', { soundingCode: '54511', time: '2026-11-28 13:59:00' });
    const data = res.json().data;
    expect(data.time).toBe('2026-11-28 08:00:00');
    expect(data.demo).toBe(true);
    expect(data.levels[0].height).toBe(32);
    expect(data.levels.length).toBeGreaterThan(8);
    expect(data.indices.kIndex).not.toBeNull();
    expect(data.indices.precipitableWater).toBeGreaterThan(0);
    const first = data.levels[0];
    const second = data.levels[1];
    // The demo's morning inversion: warmer 30 hPa up unless the wind was 5 m/s or more.
    if (second.temperature > first.temperature) expect(data.indices.inversions[0].baseHeight).toBe(32);
  });

  it('refuses bad parameters with 400 naming the field, and unknown stations with 404', async () => {
    const missing = await get('/api/common/getSoundingData', { time: '2026-11-28 08:00:00' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('soundingCode');
    const unknown = await get('/api/common/getSoundingData', { soundingCode: '99999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.NOT_FOUND, msg: '未找到探空站 99999' });
  });

  it('keeps nothing of a corrupted file', async () => {
    const api = app.use(upperAir);
    const broken = FIXTURE.replace('#USM00072357 2026 01 01 00 2302    1', '#USM00072357 2026 01 01 00 2302    4');
    await expect(api.soundings.importIgra(broken, 'broken.txt')).rejects.toMatchObject({
      code: ErrorCode.VALIDATION,
      message: '探空文件 broken.txt 有误，未导入：第 12 行：头记录（第 10 行）声明 4 层，实际只有 1 层',
    });
    const changed = FIXTURE.replace('2026 07 22 17', '2026 07 21 17').replace('-9999   230   240', '-9999   230   2x0');
    await expect(api.soundings.importIgra(changed, 'changed.txt')).rejects.toMatchObject({
      code: ErrorCode.VALIDATION,
    });
    const res = await get('/api/common/getSoundingData', { soundingCode: 'USM00072381', time: '2026-07-22 01:00:00' });
    expect(res.json().data.time).toBe('2020-01-15 20:00:00');
  });
});

describe('the gridded wind', () => {
  beforeAll(async () => {
    const api = app.use(upperAir);
    await api.wind.importNetcdf(westerly('10m', 10), 'westerly-10m.nc');
    await api.wind.importNetcdf(westerly('850hPa', 20), 'westerly-850.nc');
  });

  it('answers the wind at a point for every level', async () => {
    const res = await get('/api/common/lonlat/116.40,39.90');
    expect(res.json().data).toEqual({
      available: true,
      longitude: 116.4,
      latitude: 39.9,
      time: '2026-11-28 14:00:00',
      demo: false,
      values: [
        { level: '10m', u: 10, v: 0, speed: 10, direction: 270 },
        { level: '850hPa', u: 20, v: 0, speed: 20, direction: 270 },
      ],
    });
    const outside = await get('/api/common/lonlat/10.00,10.00');
    expect(outside.json().data.values).toEqual([]);
    const bad = await get('/api/common/lonlat/116.4;39.9');
    expect(bad.statusCode).toBe(400);
  });

  it('draws a back trajectory of the length a 10 m/s westerly gives: 36 km an hour, from the west', async () => {
    const res = await trajectory({
      longitude: 116.4,
      latitude: 39.9,
      time: '2026-11-28 14:00:00',
      hours: 10,
      heights: [100, 1500],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.method).toContain('Petterssen');
    const [low, high] = data.features;
    expect(low.properties).toMatchObject({ height: 100, level: '10m', direction: 'backward', complete: true });
    expect(low.properties.times[0]).toBe('2026-11-28 14:00:00');
    expect(low.properties.times[10]).toBe('2026-11-28 04:00:00');
    const degrees = (metres: number) => (metres / (R * Math.cos((39.9 * Math.PI) / 180))) * (180 / Math.PI);
    expect(low.geometry.coordinates[10][0]).toBeCloseTo(116.4 - degrees(360_000), 3);
    expect(low.geometry.coordinates[10][1]).toBeCloseTo(39.9, 6);
    expect(high.properties.level).toBe('850hPa');
    expect(high.geometry.coordinates[10][0]).toBeCloseTo(116.4 - degrees(720_000), 3);
  });

  it('stops a trajectory where the forecast ends and says so', async () => {
    const res = await trajectory({ city: 'beijing', time: '2026-11-28 14:00:00', hours: 6, direction: 'forward' });
    const feature = res.json().data.features[0];
    expect(feature.properties.complete).toBe(false);
    // The forecast's last hour is 15:00.
    expect(feature.properties.times.at(-1)).toBe('2026-11-28 15:00:00');
  });

  it('refuses a start without a place, or half a place', async () => {
    const none = await trajectory({ time: '2026-11-28 14:00:00' });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toContain('起点');
    const half = await trajectory({ city: 'beijing', longitude: 116, time: '2026-11-28 14:00:00' });
    expect(half.statusCode).toBe(400);
    const unknown = await trajectory({ city: '999900', time: '2026-11-28 14:00:00' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
  });

  it('lists the products and answers one with its speed statistics', async () => {
    const list = (await get('/api/getMeteoinfoMsg')).json().data;
    expect(list.map((p: { type: string }) => p.type)).toEqual(['wind10m', 'wind850hPa']);
    expect(list[0].times).toHaveLength(36);
    const data = (await get('/api/getMeteoinfoData', { type: 'wind850hPa', time: '2026-11-28 09:20:00' })).json().data;
    expect(data.time).toBe('2026-11-28 09:00:00');
    expect(data.stats).toEqual({ min: 20, max: 20, mean: 20 });
    expect(data.field.records[0].header).toMatchObject({
      nx: 63,
      ny: 37,
      lo1: 73,
      la1: 54,
      lo2: 135,
      la2: 18,
      parameterNumber: 2,
    });
    const unknown = await get('/api/getMeteoinfoData', { type: 'rain' });
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps nothing of a corrupted NetCDF file', async () => {
    const api = app.use(upperAir);
    const bytes = westerly('10m', 30);
    await expect(api.wind.importNetcdf(bytes.subarray(0, bytes.length - 1000), 'cut.nc')).rejects.toMatchObject({
      code: ErrorCode.VALIDATION,
    });
    const point = (await get('/api/common/lonlat/116.40,39.90')).json().data;
    expect(point.values[0].speed).toBe(10);
  });

  it('documents every call in the OpenAPI page', async () => {
    const doc = (await app.server.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of [
      '/api/common/getAirSoundingStation',
      '/api/common/getSoundingData',
      '/api/common/lonlat/{x}',
      '/api/getAirTrajectoryData',
      '/api/getMeteoinfoMsg',
      '/api/getMeteoinfoData',
      '/air/sounding/getStationList',
      '/atmoWindy/nationalWindy/getServerData',
      '/atmoWindy/nationalWindy/getAQIData',
    ])
      expect(doc.paths[p], p).toBeDefined();
  });
});
