import { ErrorCode } from '@lantian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { NOW } from '../../../testing/fixtures/city-air-scene';
import { addDataAnalysisScene, SHAPES } from '../../../testing/fixtures/data-analysis-scene';
import { signedInject } from '../../../testing/signed';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ now: () => NOW });
  await addDataAnalysisScene(app.database);
}, 60_000);
afterAll(async () => {
  await app.close();
});

const get = (url: string, params: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'GET', url, params });

const PARAMS = { factor: 'pm2_5', days: '7', k: '2' };

describe('station clusters', () => {
  it('groups the stations by the shape of their day, not their level, as a GeoJSON layer', async () => {
    const res = await get('/api/getClusterData', PARAMS);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.type).toBe('FeatureCollection');
    const clusterOf = Object.fromEntries(
      data.features.map((f: { properties: { stationCode: string; cluster: number } }) => [
        f.properties.stationCode,
        f.properties.cluster,
      ]),
    );
    expect(Object.keys(clusterOf).sort()).toEqual(Object.keys(SHAPES).sort());
    const morning = Object.keys(SHAPES).filter((c) => (SHAPES[c]?.peak ?? 0) < 12);
    const afternoon = Object.keys(SHAPES).filter((c) => (SHAPES[c]?.peak ?? 0) >= 12);
    expect(new Set(morning.map((c) => clusterOf[c])).size).toBe(1);
    expect(new Set(afternoon.map((c) => clusterOf[c])).size).toBe(1);
    expect(clusterOf[morning[0] ?? '']).not.toBe(clusterOf[afternoon[0] ?? '']);
    const first = data.features.find(
      (f: { properties: { stationCode: string } }) => f.properties.stationCode === '1001A',
    );
    expect(first.geometry).toEqual({ type: 'Point', coordinates: [116.37, 39.87] });
    expect(first.properties).toMatchObject({ stationName: '万寿西宫', cityName: '北京市' });
    expect(data.method).toMatchObject({ k: 2, kUsed: 2, stations: 6, excludedStations: 0, pollutant: 'pm2_5' });
    expect(data.method.silhouette).toBeGreaterThan(0.5);
  });

  it('answers the same clusters every time (fixed seed), and the three calls agree', async () => {
    const one = (await get('/api/getClusterData', PARAMS)).json();
    const two = (await get('/api/getClusterData', { ...PARAMS })).json();
    expect(two).toEqual(one);
    const msg = (await get('/api/getClusterMsg', PARAMS)).json().data;
    expect(msg).toEqual(one.data.method);
    expect(msg.algorithm).toContain('k-means');
    expect(msg.normalisation).toContain('z-score');
    expect(msg.endTime).toBe('2024-05-10 14:00:00');
    expect(msg.startTime).toBe('2024-05-03 14:00:00');
    const each = (await get('/api/getClusterEachData', PARAMS)).json().data;
    expect(each).toHaveLength(2);
    expect(each.reduce((s: number, c: { size: number }) => s + c.size, 0)).toBe(6);
    for (const c of each) {
      expect(c.centroid).toHaveLength(24);
      expect(c.meanProfile).toHaveLength(24);
      expect(c.members).toHaveLength(c.size);
    }
    // The morning group peaks at 08:00–09:00, the afternoon group at 15:00–16:00 (hours by their end).
    const peaks = each.map((c: { peakHour: number }) => c.peakHour).sort((a: number, b: number) => a - b);
    expect(peaks[0]).toBeGreaterThanOrEqual(8);
    expect(peaks[0]).toBeLessThanOrEqual(10);
    expect(peaks[1]).toBeGreaterThanOrEqual(15);
    expect(peaks[1]).toBeLessThanOrEqual(17);
  });

  it('uses at most as many clusters as stations (k > n), and keeps to the cities asked', async () => {
    const res = await get('/api/getClusterMsg', { ...PARAMS, k: '10', cities: '320100' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ k: 10, kUsed: 2, stations: 2 });
  });

  it('leaves out stations whose hours of the day lack data over the period', async () => {
    // Three days ending at the first hour of data: only a few hours of the day have values.
    const res = await get('/api/getClusterMsg', { ...PARAMS, days: '3', time: '2024-05-03 06:00:00' });
    expect(res.json().data).toMatchObject({ stations: 0, kUsed: 0, excludedStations: 6, silhouette: null });
  });

  it('refuses bad parameters with 4xx', async () => {
    const cases: [Record<string, string>, number, number][] = [
      [{ k: '1' }, 400, ErrorCode.VALIDATION],
      [{ k: '11' }, 400, ErrorCode.VALIDATION],
      [{ days: '91' }, 400, ErrorCode.VALIDATION],
      [{ factor: 'pm25' }, 400, ErrorCode.VALIDATION],
      [{ time: '2024-02-30 00:00:00' }, 400, ErrorCode.VALIDATION],
      [{ cities: 'atlantis' }, 404, ErrorCode.CITY_NOT_FOUND],
    ];
    for (const [params, status, code] of cases) {
      for (const url of ['/api/getClusterData', '/api/getClusterMsg', '/api/getClusterEachData']) {
        const res = await get(url, params);
        expect(res.statusCode, `${url} ${JSON.stringify(params)}`).toBe(status);
        expect(res.json().code).toBe(code);
      }
    }
  });
});
