import { ErrorCode } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { cityDay, cityHour } from '../../../testing/fixtures/air-rows';
import { signedInject } from '../../../testing/signed';
import { AirStore, type PeriodAggregateColumns } from '../../data/air';

const clock = chinaTime(2024, 5, 10, 12, 30);
const H = 3600;
let app: TestApp;

const period: PeriodAggregateColumns = {
  city_code: '320100',
  pm2_5: 40,
  pm10: 60,
  so2: 8,
  no2: 30,
  co_p95: 1.1,
  o3_8h_p90: 170,
  composite_index: 4.5,
  aqi_mean: 88.4,
  days: 3,
  good_days: 1,
  level1_days: 0,
  level2_days: 1,
  level3_days: 2,
  level4_days: 0,
  level5_days: 0,
  level6_days: 0,
  source: 'cnemc',
  updated_at: 0,
};

/** O3 of 2024-05-09 in Nanjing: 40 the evening before, 60 until 10:00, 210 from 11:00 to 18:00, then 80. */
function o3Of(hourOfDay: number): number {
  if (hourOfDay <= 10) return 60;
  if (hourOfDay <= 18) return 210;
  return 80;
}

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  const air = new AirStore(app.database);
  await air.cityDays.upsert([
    cityDay('320100', chinaTime(2024, 5, 9), {
      aqi: 120,
      level: 3,
      primary_pollutant: 'pm2_5',
      pm2_5: 90,
      pm10: 140,
      so2: 10,
      no2: 40,
      co: 1.2,
      o3_8h: 160,
      valid_hours: 22,
    }),
    cityDay('320100', chinaTime(2024, 4, 1), { pm2_5: 80, aqi: 107, level: 3 }),
    cityDay('320100', chinaTime(2024, 4, 2), { pm2_5: 70, aqi: 94, level: 2 }),
    cityDay('320100', chinaTime(2024, 4, 3), { pm2_5: 90, o3_8h: 170, aqi: 119, level: 3 }),
  ]);
  await air.cityMonths.upsert([{ ...period, month: 202404 }]);
  await air.cityYears.upsert([
    { ...period, year: 2023, days: 330, good_days: 300, pm2_5: 30, o3_8h_p90: 150, composite_index: 3.8 },
  ]);
  const day = chinaTime(2024, 5, 9);
  const hours = [];
  for (let h = -6; h <= 24; h++) hours.push(cityHour('320100', day + h * H, { o3: h <= 0 ? 40 : o3Of(h) }));
  await air.cityHours.upsert(hours);
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, params: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'POST', url, params });

describe('getDailyStandard', () => {
  it("checks yesterday's 24-hour values against the grade II limits", async () => {
    const res = await post('/api/getDailyStandard', { city: 'nanjing' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      cityCode: '320100',
      period: 'day',
      time: '2024-05-09 00:00:00',
      label: '2024-05-09',
      days: 1,
      goodDays: 0,
      goodRate: 0,
      levelDays: [0, 0, 1, 0, 0, 0],
      aqi: 120,
      level: 3,
      primaryPollutant: ['pm2_5'],
      compositeIndex: null,
      validity: { required: 20, actual: 22, unit: '小时', met: true },
      attained: false,
      source: 'cnemc',
    });
    const byKey = Object.fromEntries(data.pollutants.map((p: { key: string }) => [p.key, p]));
    expect(byKey.pm2_5).toMatchObject({
      value: 90,
      limit: 75,
      exceeded: true,
      ratio: 1.2,
      exceedMultiple: 0.2,
      exceedDays: 1,
    });
    // Equal to the limit attains it.
    expect(byKey.o3_8h).toMatchObject({
      value: 160,
      limit: 160,
      exceeded: false,
      exceedMultiple: null,
      statistic: '日最大 8 小时平均',
    });
    expect(byKey.co).toMatchObject({ value: 1.2, limit: 4, unit: 'mg/m³', exceeded: false, ratio: 0.3 });
  });

  it('answers a day without data with nulls, never zeros for values', async () => {
    const data = (await post('/api/getDailyStandard', { city: 'suzhou', time: '2024-05-09 08:00:00' })).json().data;
    expect(data).toMatchObject({ days: 0, goodRate: null, aqi: null, attained: null, source: null, isDemo: false });
    expect(
      data.pollutants.every((p: { value: unknown; exceeded: unknown }) => p.value === null && p.exceeded === null),
    ).toBe(true);
  });

  it('answers an unknown city with 404 and a bad time with 400', async () => {
    const unknown = await post('/api/getDailyStandard', { city: 'nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
    const bad = await post('/api/getDailyStandard', { city: 'nanjing', time: '2024-05-09' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('time');
  });
});

describe('getMonthlyStandard and getYearlyStandard', () => {
  it('checks a month against the period limits, with exceedance days and the composite index', async () => {
    const res = await post('/api/getMonthlyStandard', { city: '320100', month: '2024-04' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      period: 'month',
      label: '2024-04',
      time: '2024-04-01 00:00:00',
      days: 3,
      goodDays: 1,
      goodRate: 33.3,
      levelDays: [0, 1, 2, 0, 0, 0],
      aqi: 88,
      level: 2,
      compositeIndex: 4.5,
      validity: { required: 27, actual: 3, unit: '天', met: false },
      attained: false,
    });
    const byKey = Object.fromEntries(data.pollutants.map((p: { key: string }) => [p.key, p]));
    expect(byKey.pm2_5).toMatchObject({
      value: 40,
      limit: 35,
      exceeded: true,
      exceedMultiple: 0.14,
      exceedDays: 2,
      statistic: '月平均',
    });
    expect(byKey.o3_8h).toMatchObject({ value: 170, limit: 160, exceeded: true, exceedDays: 1 });
    expect(byKey.so2).toMatchObject({ exceeded: false, exceedDays: null });
    // PM2.5's single index (40 / 35) is the largest.
    expect(data.primaryPollutant).toEqual(['pm2_5']);
    const viaTime = (await post('/api/getMonthlyStandard', { city: 'nanjing', time: '2024-04-20 10:00:00' })).json()
      .data;
    expect(viaTime.label).toBe('2024-04');
  });

  it('checks a year, attained when all six are within their limits', async () => {
    const data = (await post('/api/getYearlyStandard', { city: 'nanjing', year: '2023' })).json().data;
    expect(data).toMatchObject({
      period: 'year',
      label: '2023',
      days: 330,
      goodRate: 90.9,
      validity: { required: 324, actual: 330, met: true },
      attained: true,
      compositeIndex: 3.8,
    });
    expect(data.pollutants.find((p: { key: string }) => p.key === 'pm2_5')).toMatchObject({
      statistic: '年平均',
      limit: 35,
      exceeded: false,
    });
    const current = (await post('/api/getYearlyStandard', { city: 'nanjing' })).json().data;
    expect(current).toMatchObject({ label: '2024', days: 0, attained: null });
  });

  it('refuses a malformed month or year with 400 naming it', async () => {
    const month = await post('/api/getMonthlyStandard', { city: 'nanjing', month: '2024-13' });
    expect(month.statusCode).toBe(400);
    expect(month.json().msg).toContain('month');
    const year = await post('/api/getYearlyStandard', { city: 'nanjing', year: '24' });
    expect(year.statusCode).toBe(400);
    expect(year.json().msg).toContain('year');
    const unknown = await post('/api/getYearlyStandard', { city: '990000' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('getO3DaySchemeData', () => {
  it("gives the day's hourly O3, 8-hour moving means, daily maximum and hours over the limits", async () => {
    const res = await post('/api/getO3DaySchemeData', { city: 'nanjing', time: '2024-05-09 00:00:00' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ time: '2024-05-09 00:00:00', label: '2024-05-09', source: 'cnemc' });
    expect(data.hours).toHaveLength(24);
    // The 01:00 window reaches back into the evening before: (7 × 40 + 60) / 8 = 42.5 → 42.
    expect(data.hours[0]).toEqual({ time: '2024-05-09 01:00:00', o3: 60, o3_8h: 42, level: 1, color: '#00e400' });
    expect(data.hours[10]).toMatchObject({ time: '2024-05-09 11:00:00', o3: 210, level: 3 });
    expect(data.hours[23]).toMatchObject({ time: '2024-05-10 00:00:00', o3: 80 });
    expect(data.max1h).toEqual({ value: 210, time: '2024-05-09 11:00:00' });
    expect(data.max8h).toEqual({ value: 210, time: '2024-05-09 18:00:00' });
    expect(data).toMatchObject({
      max8hLevel: 3,
      max8hIaqi: 146,
      hoursOver160: 8,
      hoursOver200: 8,
      // Windows ending 16:00 … 21:00 average above 160 (21:00: (5 × 210 + 3 × 80) / 8 = 161.25).
      eightHourOver160: 6,
    });
  });

  it('answers a day without data with empty hours and no maximum', async () => {
    const data = (await post('/api/getO3DaySchemeData', { city: 'suzhou' })).json().data;
    expect(data.label).toBe('2024-05-10');
    expect(data.hours.every((h: { o3: unknown }) => h.o3 === null)).toBe(true);
    expect(data).toMatchObject({ max8h: { value: null, time: null }, max8hIaqi: null, source: null });
  });

  it('answers an unknown city with 404 and a bad time with 400', async () => {
    expect((await post('/api/getO3DaySchemeData', { city: '000000' })).statusCode).toBe(404);
    const bad = await post('/api/getO3DaySchemeData', { city: 'nanjing', time: '2024-05-09 25:00:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('time');
  });
});
