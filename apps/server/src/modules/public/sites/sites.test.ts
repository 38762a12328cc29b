import { ErrorCode } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { newStation, seedStationHours, stationHour } from '../../../testing/fixtures/air-rows';
import { signedInject } from '../../../testing/signed';

const T = chinaTime(2024, 5, 10, 12);
const H = 3600;
const clock = T + 30 * 60;
let app: TestApp;

const full = { pm2_5: 80, pm10: 100, so2: 10, no2: 40, co: 0.8, o3: 120, o3_8h: 100 };

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  await seedStationHours(
    app.database,
    [
      newStation('NJ1', '320100', { name: '玄武湖', county_code: '320102', longitude: 118.79, latitude: 32.07 }),
      newStation('NJ2', '320100', { name: '仙林(对照点)', is_reference: 1 }),
      newStation('NJ3', '320100', { name: '草场门', longitude: null, latitude: null }),
      newStation('NJ4', '320100', { name: '新站', active: 0 }),
      newStation('SZ1', '320500', { source: 'demo' }),
    ],
    [
      stationHour('NJ1', T, full),
      stationHour('NJ1', T - H, { pm2_5: 60 }),
      stationHour('NJ1', T - 2 * H, { pm2_5: 40 }),
      stationHour('NJ2', T, { pm2_5: 20 }),
      stationHour('NJ3', T - 5 * H, { pm2_5: 30 }),
    ],
  );
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, params: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'POST', url, params });

describe('getCitySite', () => {
  it("lists the city's stations with their own latest hour, stale ones marked, beside the city's hour", async () => {
    const res = await post('/api/getCitySite', { city: 'nanjing' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ cityCode: '320100', cityName: '南京市', pyName: 'nanjing' });
    // The reference station does not count: the city's hour is NJ1's.
    expect(data.city).toMatchObject({ aqi: 107, time: '2024-05-10 12:00:00', stale: false, level: 3 });
    const sites = data.sites as Array<Record<string, unknown> & { latest: Record<string, unknown> | null }>;
    expect(sites.map((s) => s.siteCode)).toEqual(['NJ1', 'NJ2', 'NJ3', 'NJ4']);
    expect(sites[0]).toMatchObject({
      siteName: '玄武湖',
      countyCode: '320102',
      longitude: 118.79,
      latitude: 32.07,
      isReference: false,
      active: true,
      cityName: '南京市',
      latest: { aqi: 107, pm2_5: 80, time: '2024-05-10 12:00:00', stale: false, source: 'cnemc', isDemo: false },
    });
    expect(sites[1]).toMatchObject({ isReference: true, latest: { aqi: 29 } });
    expect(sites[2]).toMatchObject({ longitude: null, latest: { time: '2024-05-10 07:00:00', stale: true } });
    expect(sites[3]).toMatchObject({ active: false, latest: null });
  });

  it('answers a city without stations with an empty list, and an unknown city with 404', async () => {
    const empty = (await post('/api/getCitySite', { city: '440100' })).json().data;
    expect(empty).toMatchObject({ cityName: '广州市', city: null, sites: [] });
    const unknown = await post('/api/getCitySite', { city: 'gotham' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
    const bad = await post('/api/getCitySite', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('city');
  });
});

describe('getSiteCurrentData', () => {
  it("gives the station's latest hour with each pollutant's IAQI and level", async () => {
    const res = await post('/api/getSiteCurrentData', { siteCode: 'NJ1' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.site).toMatchObject({ siteCode: 'NJ1', cityCode: '320100', isDemo: false });
    expect(data.latest).toMatchObject({
      aqi: 107,
      level: 3,
      levelName: '轻度污染',
      primaryPollutant: ['pm2_5'],
      time: '2024-05-10 12:00:00',
      stale: false,
    });
    const byKey = Object.fromEntries(data.latest.pollutants.map((p: { key: string }) => [p.key, p]));
    expect(byKey.pm2_5).toMatchObject({ value: 80, iaqi: 107, level: 3 });
    expect(byKey.pm10).toMatchObject({ value: 100, iaqi: 75, level: 2, levelName: '良' });
    expect(byKey.o3).toMatchObject({ value: 120, iaqi: 38, level: 1 });
    expect(byKey.o3_8h).toMatchObject({ value: 100, iaqi: 50, level: 1 });
    expect(byKey.so2).toMatchObject({ iaqi: 4 });
    expect(byKey.co).toMatchObject({ value: 0.8, iaqi: 8 });
  });

  it('marks an hour older than 3 hours stale and a station that never reported as empty', async () => {
    expect((await post('/api/getSiteCurrentData', { siteCode: 'NJ3' })).json().data.latest).toMatchObject({
      stale: true,
      time: '2024-05-10 07:00:00',
    });
    expect((await post('/api/getSiteCurrentData', { siteCode: 'NJ4' })).json().data.latest).toBeNull();
  });

  it('answers an unknown station with 404 and a malformed code with 400', async () => {
    const unknown = await post('/api/getSiteCurrentData', { siteCode: '9999A' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.NOT_FOUND, msg: '未找到该站点' });
    const bad = await post('/api/getSiteCurrentData', { siteCode: "1001A' or 1=1" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('siteCode');
  });
});

describe('getSiteDetail', () => {
  it('gives the last 24 hours by default, oldest first', async () => {
    const res = await post('/api/getSiteDetail', { siteCode: 'NJ1' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      startTime: '2024-05-09 13:00:00',
      endTime: '2024-05-10 12:00:00',
      latestTime: '2024-05-10 12:00:00',
      stale: false,
      site: { siteName: '玄武湖' },
    });
    expect(data.items.map((i: { time: string; pm2_5: number }) => [i.time, i.pm2_5])).toEqual([
      ['2024-05-10 10:00:00', 40],
      ['2024-05-10 11:00:00', 60],
      ['2024-05-10 12:00:00', 80],
    ]);
    expect(data.items[0]).toMatchObject({ aqi: 57, level: 2, source: 'cnemc', isDemo: false, o3: null });
  });

  it('takes a range up to 31 days, and says when a station has no data', async () => {
    const ranged = (
      await post('/api/getSiteDetail', {
        siteCode: 'NJ1',
        startTime: '2024-05-10 11:00:00',
        endTime: '2024-05-10 11:59:59',
      })
    ).json().data;
    expect(ranged.items).toHaveLength(1);
    const silent = (await post('/api/getSiteDetail', { siteCode: 'NJ4' })).json().data;
    expect(silent).toMatchObject({ items: [], latestTime: null, stale: true });
    const tooLong = await post('/api/getSiteDetail', {
      siteCode: 'NJ1',
      startTime: '2024-04-01 00:00:00',
      endTime: '2024-05-02 00:00:01',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().msg).toContain('endTime');
    expect((await post('/api/getSiteDetail', { siteCode: 'NOPE' })).statusCode).toBe(404);
  });
});
