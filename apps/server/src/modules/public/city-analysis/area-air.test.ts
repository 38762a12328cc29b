import { ErrorCode } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { seedStationHours } from '../../../testing/fixtures/air-rows';
import { station, stationHour } from '../../../testing/fixtures/weather-rows';
import { signedInject } from '../../../testing/signed';

/** The data clock: 2026-11-22 10:20 China time. */
const NOW = chinaTime(2026, 11, 22, 10, 20);
const H = 3600;
let clock = NOW;
let app: TestApp;

/** Full days of 1001A (PM2.5 20, 60, 100 → daily AQI 40 优, 82 良, 132 轻度污染), labelled 01:00 … 24:00. */
function fullDays() {
  return [20, 60, 100].flatMap((pm, d) =>
    Array.from({ length: 24 }, (_, i) => stationHour('1001A', chinaTime(2026, 11, 1 + d, 1) + i * H, pm)),
  );
}

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  const at = (h: number) => chinaTime(2026, 11, 22, h);
  await seedStationHours(
    app.database,
    [
      station('1001A', '110000', '万寿西宫', { county_code: '110102' }),
      station('1003A', '110000', '东四', { county_code: '110101' }),
      station('1012A', '110000', '定陵(对照点)', { is_reference: 1 }),
      station('1099A', '110000', '已撤销', { active: 0 }),
      station('1141A', '120000', '天津站'),
    ],
    [
      ...fullDays(),
      ...[8, 9, 10].flatMap((h) => [stationHour('1001A', at(h), 80), stationHour('1012A', at(h), 30)]),
      ...[8, 9].map((h) => stationHour('1003A', at(h), 80)),
      stationHour('1141A', at(6), 50),
    ],
  );
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  clock = NOW;
});

const post = (method: string, params: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'POST', url: `/api/cityAna/${method}`, params });

const codes = (list: { siteCode: string }[]) => list.map((s) => s.siteCode);

describe('getAreaSiteData', () => {
  it("lists the city's stations at its latest hour; a silent station is listed with missing values", async () => {
    const { data } = (await post('getAreaSiteData', { city: 'beijing' })).json();
    expect(data).toMatchObject({ cityCode: '110000', time: '2026-11-22 10:00:00', stale: false });
    expect(codes(data.sites)).toEqual(['1001A', '1003A', '1012A']);
    expect(data.sites[0]).toMatchObject({
      siteName: '万寿西宫',
      countyCode: '110102',
      reported: true,
      aqi: 107,
      level: 3,
      primaryPollutant: ['pm2_5'],
      pm2_5: 80,
      isReference: false,
      source: 'cnemc',
    });
    expect(data.sites[1]).toMatchObject({ reported: false, aqi: null, pm2_5: null, level: 0, levelName: '未知' });
    expect(data.sites[2]).toMatchObject({ isReference: true, reported: true, pm2_5: 30 });
  });

  it('reads the hour asked for, marks an old latest hour stale, and answers a city without data with no time', async () => {
    const eight = (await post('getAreaSiteData', { city: '110000', time: '2026-11-22 08:59:59' })).json().data;
    expect(eight.time).toBe('2026-11-22 08:00:00');
    expect(eight.sites.every((s: { reported: boolean }) => s.reported)).toBe(true);
    const tianjin = (await post('getAreaSiteData', { city: 'tianjin' })).json().data;
    expect(tianjin).toMatchObject({ time: '2026-11-22 06:00:00', stale: true });
    const shanghai = (await post('getAreaSiteData', { city: '310000' })).json().data;
    expect(shanghai).toEqual({ cityCode: '310000', cityName: '上海市', time: null, stale: false, sites: [] });
  });

  it('answers 404 for an unknown city, 400 naming a malformed time, and 401 without a signature', async () => {
    const unknown = await post('getAreaSiteData', { city: '999900' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
    const bad = await post('getAreaSiteData', { city: '110000', time: '2026-11-22T10:00:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('time');
    const unsigned = await app.server.inject({
      method: 'POST',
      url: '/api/cityAna/getAreaSiteData',
      payload: 'city=110000',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe('getAreaSiteAllData', () => {
  const range = { city: '110000', startTime: '2026-11-22 08:00:00', endTime: '2026-11-22 10:00:00' };

  it('pages every station hour newest first (page size 999 by default)', async () => {
    const { data } = (await post('getAreaSiteAllData', range)).json();
    expect(data).toMatchObject({ total: 8, pageNum: 1, pageSize: 999 });
    expect(data.list.map((r: { time: string; siteCode: string }) => `${r.time.slice(11, 13)} ${r.siteCode}`)).toEqual([
      '10 1001A',
      '10 1012A',
      '09 1001A',
      '09 1003A',
      '09 1012A',
      '08 1001A',
      '08 1003A',
      '08 1012A',
    ]);
    expect(data.list[0]).toMatchObject({ siteName: '万寿西宫', countyCode: '110102', aqi: 107, isDemo: false });
    const second = (await post('getAreaSiteAllData', { ...range, pageNum: '2', pageSize: '3' })).json().data;
    expect(codes(second.list)).toEqual(['1003A', '1012A', '1001A']);
  });

  it('refuses more than 7 days or a page over 999, naming the field', async () => {
    const long = await post('getAreaSiteAllData', { ...range, startTime: '2026-11-14 00:00:00' });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('7 天');
    const big = await post('getAreaSiteAllData', { ...range, pageSize: '1000' });
    expect(big.statusCode).toBe(400);
    expect(big.json().msg).toContain('pageSize');
    const zero = await post('getAreaSiteAllData', { ...range, pageNum: '0' });
    expect(zero.json().msg).toContain('pageNum');
    expect((await post('getAreaSiteAllData', { ...range, city: 'atlantis' })).statusCode).toBe(404);
  });
});

describe('getCityCalendar', () => {
  it('gives each day of a month with its level and colour, and the days per level', async () => {
    const { data } = (await post('getCityCalendar', { city: '110000', year: '2026', month: '11' })).json();
    expect(data).toMatchObject({ year: 2026, month: 11 });
    expect(data.days).toEqual([
      {
        date: '2026-11-01',
        aqi: 40,
        level: 1,
        levelName: '优',
        color: '#00e400',
        primaryPollutant: [],
        source: 'cnemc',
        isDemo: false,
      },
      expect.objectContaining({ date: '2026-11-02', aqi: 82, level: 2, primaryPollutant: ['pm2_5'] }),
      expect.objectContaining({ date: '2026-11-03', aqi: 132, level: 3, color: '#ff7e00' }),
      // Three hours of today are too few for a daily mean: listed, with the level unknown.
      expect.objectContaining({ date: '2026-11-22', aqi: null, level: 0 }),
    ]);
    expect(data.levelDays.map((l: { days: number }) => l.days)).toEqual([1, 1, 1, 1, 0, 0, 0]);
    const year = (await post('getCityCalendar', { city: '110000', year: '2026' })).json().data;
    expect(year).toMatchObject({ month: null });
    expect(year.days).toHaveLength(4);
    const october = (await post('getCityCalendar', { city: '110000', year: '2026', month: '10' })).json().data;
    expect(october.days).toEqual([]);
  });

  it('requires a year and refuses a month outside 1–12, naming the field', async () => {
    const noYear = await post('getCityCalendar', { city: '110000' });
    expect(noYear.statusCode).toBe(400);
    expect(noYear.json().msg).toContain('year');
    const month = await post('getCityCalendar', { city: '110000', year: '2026', month: '13' });
    expect(month.statusCode).toBe(400);
    expect(month.json().msg).toContain('month');
    expect((await post('getCityCalendar', { city: '999900', year: '2026' })).statusCode).toBe(404);
  });
});

describe('getAreaAqiData', () => {
  it('gives the daily AQI of the range and how many days were good', async () => {
    const { data } = (
      await post('getAreaAqiData', { city: '110000', startTime: '2026-11-01 00:00:00', endTime: '2026-11-22 23:00:00' })
    ).json();
    expect(data).toMatchObject({ startDate: '2026-11-01', endDate: '2026-11-22' });
    expect(data.days).toHaveLength(4);
    expect(data.days[2]).toMatchObject({ date: '2026-11-03', aqi: 132, pm2_5: 100, o3: 30, o3_8h: 30, validHours: 24 });
    expect(data.summary).toMatchObject({ days: 3, goodDays: 2, goodRate: 66.7, meanAqi: 84.7, maxAqi: 132 });
    expect(data.summary.levelDays[3]).toMatchObject({ level: 3, levelName: '轻度污染', days: 1 });
  });

  it('refuses more than 366 days, naming endTime', async () => {
    const res = await post('getAreaAqiData', {
      city: '110000',
      startTime: '2024-01-01 00:00:00',
      endTime: '2026-11-22 00:00:00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('endTime');
    expect(
      (
        await post('getAreaAqiData', {
          city: '999900',
          startTime: '2026-11-01 00:00:00',
          endTime: '2026-11-02 00:00:00',
        })
      ).statusCode,
    ).toBe(404);
  });
});
