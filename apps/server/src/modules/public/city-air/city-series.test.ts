import { ErrorCode } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { addHours, addStations, NOW, stationHour } from '../../../testing/fixtures/city-air-scene';
import { signedInject } from '../../../testing/signed';
import { AirStore, type PeriodAggregateColumns } from '../../data/air';

let app: TestApp;

function period(city: string, extra: Partial<PeriodAggregateColumns>): PeriodAggregateColumns {
  return {
    city_code: city,
    pm2_5: 41,
    pm10: 70,
    so2: 5,
    no2: 30,
    co_p95: 0.9,
    o3_8h_p90: 150,
    composite_index: 3.92,
    aqi_mean: 72.5,
    days: 31,
    good_days: 25,
    level1_days: 8,
    level2_days: 17,
    level3_days: 5,
    level4_days: 1,
    level5_days: 0,
    level6_days: 0,
    source: 'cnemc',
    updated_at: NOW,
    ...extra,
  };
}

beforeAll(async () => {
  app = await createTestApp({ now: () => NOW });
  await addStations(app.database);
  // Beijing's hours ending 10:00–14:00, except 12:00, which never came.
  await addHours(
    app.database,
    [10, 11, 13, 14].flatMap((h) => [
      stationHour('1001A', chinaTime(2024, 5, 10, h), { pm2_5: 10 * h }),
      stationHour('1002A', chinaTime(2024, 5, 10, h), { pm2_5: 10 * h }),
    ]),
  );
  const air = new AirStore(app.database);
  // A complete earlier day, stored directly so its values are known exactly.
  await air.cityDays.upsert([
    {
      city_code: '110000',
      day: chinaTime(2024, 5, 8),
      aqi: 87,
      level: 2,
      primary_pollutant: 'o3_8h',
      pm2_5: 30,
      pm10: 60,
      so2: 4,
      no2: 25,
      co: 0.5,
      o3_1h_max: 190,
      o3_8h: 170,
      valid_hours: 24,
      source: 'cnemc',
      updated_at: NOW,
    },
  ]);
  await air.cityMonths.upsert([{ ...period('110000', {}), month: 202404 }]);
  await air.cityYears.upsert([
    { ...period('110000', { days: 365, good_days: 300 }), year: 2023 },
    { ...period('110000', { days: 130, good_days: 100 }), year: 2024 },
  ]);
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, params: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'POST', url, params });

describe('getCityHoursData', () => {
  it('lists the stored hours of the last 24 by default and counts the missing ones', async () => {
    const res = await post('/api/getCityHoursData', { city: 'beijing' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      cityCode: '110000',
      startTime: '2024-05-09 15:00:00',
      endTime: '2024-05-10 14:00:00',
      expectedHours: 24,
      missingHours: 20,
    });
    expect(data.items.map((i: { time: string }) => i.time)).toEqual([
      '2024-05-10 10:00:00',
      '2024-05-10 11:00:00',
      '2024-05-10 13:00:00',
      '2024-05-10 14:00:00',
    ]);
    expect(data.items[3]).toMatchObject({
      pm2_5: 140,
      aqi: 186,
      level: 4,
      stationCount: 2,
      source: 'cnemc',
      isDemo: false,
    });
  });

  it('takes a range, and does not count hours that cannot have ended yet as missing', async () => {
    const { data } = (
      await post('/api/getCityHoursData', {
        city: '110000',
        startTime: '2024-05-10 10:00:00',
        endTime: '2024-05-10 20:00:00',
      })
    ).json();
    expect(data).toMatchObject({ expectedHours: 5, missingHours: 1 });
    expect(data.items).toHaveLength(4);
  });

  it('refuses a range over 31 days, an end before the start and an invalid time, naming the field', async () => {
    const long = await post('/api/getCityHoursData', {
      city: '110000',
      startTime: '2024-04-01 00:00:00',
      endTime: '2024-05-10 00:00:00',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe('参数错误：endTime 时间范围不能超过 31 天');
    const backwards = await post('/api/getCityHoursData', {
      city: '110000',
      startTime: '2024-05-10 00:00:00',
      endTime: '2024-05-09 00:00:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().msg).toContain('endTime');
    const startOnly = await post('/api/getCityHoursData', { city: '110000', startTime: '2024-01-01 00:00:00' });
    expect(startOnly.json().msg).toBe('参数错误：startTime 时间范围不能超过 31 天');
    const invalid = await post('/api/getCityHoursData', { city: '110000', startTime: '2024-02-30 00:00:00' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().msg).toContain('startTime');
  });

  it('answers an unknown city with 404', async () => {
    const res = await post('/api/getCityHoursData', { city: 'atlantis' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ErrorCode.CITY_NOT_FOUND);
  });
});

describe('getCityDayData', () => {
  it('lists the stored days of the last 30 by default, today with its valid hours so far', async () => {
    const { data } = (await post('/api/getCityDayData', { city: '110000' })).json();
    expect(data).toMatchObject({ startDate: '2024-04-11', endDate: '2024-05-10', expectedDays: 30, missingDays: 28 });
    expect(data.items.map((d: { date: string }) => d.date)).toEqual(['2024-05-08', '2024-05-10']);
    expect(data.items[0]).toMatchObject({
      time: '2024-05-08 00:00:00',
      aqi: 87,
      levelName: '良',
      primaryPollutant: ['o3_8h'],
      o3: 190,
      o3_8h: 170,
      validHours: 24,
    });
    // Four hours are not enough for daily means (HJ 633-2012 needs 20): the values stay null.
    expect(data.items[1]).toMatchObject({ validHours: 4, pm2_5: null, aqi: null, level: 0 });
  });

  it('refuses more than 366 days and answers an unknown city with 404', async () => {
    const long = await post('/api/getCityDayData', {
      city: '110000',
      startTime: '2023-01-01 00:00:00',
      endTime: '2024-01-02 00:00:00',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('366');
    expect((await post('/api/getCityDayData', { city: '990100' })).statusCode).toBe(404);
  });
});

describe('getCityMonthData', () => {
  it('lists the last 12 months by default, with the period statistics and level days', async () => {
    const { data } = (await post('/api/getCityMonthData', { city: '110000' })).json();
    expect(data).toMatchObject({ startMonth: '2023-06', endMonth: '2024-05' });
    expect(data.items).toHaveLength(2);
    expect(data.items[0]).toMatchObject({
      month: '2024-04',
      pm2_5: 41,
      co: 0.9,
      o3_8h: 150,
      compositeIndex: 3.92,
      aqiMean: 72.5,
      days: 31,
      goodDays: 25,
      source: 'cnemc',
    });
    expect(data.items[0].goodRate).toBeCloseTo(25 / 31);
    expect(data.items[0].levelDays).toEqual([
      { level: 1, levelName: '优', color: '#00e400', days: 8 },
      { level: 2, levelName: '良', color: '#ffff00', days: 17 },
      { level: 3, levelName: '轻度污染', color: '#ff7e00', days: 5 },
      { level: 4, levelName: '中度污染', color: '#ff0000', days: 1 },
      { level: 5, levelName: '重度污染', color: '#99004c', days: 0 },
      { level: 6, levelName: '严重污染', color: '#7e0023', days: 0 },
    ]);
    expect(data.items[1].month).toBe('2024-05');
  });

  it('takes a year, and refuses a year together with a range or a malformed year', async () => {
    const { data } = (await post('/api/getCityMonthData', { city: '110000', year: '2024' })).json();
    expect(data).toMatchObject({ startMonth: '2024-01', endMonth: '2024-12' });
    const both = await post('/api/getCityMonthData', {
      city: '110000',
      year: '2024',
      startTime: '2024-01-01 00:00:00',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().msg).toContain('year');
    const bad = await post('/api/getCityMonthData', { city: '110000', year: '24' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('year');
    const empty = (await post('/api/getCityMonthData', { city: '110000', year: '2020' })).json();
    expect(empty).toMatchObject({ code: 0, data: { items: [] } });
  });

  it('answers an unknown city with 404', async () => {
    expect((await post('/api/getCityMonthData', { city: '110099' })).statusCode).toBe(404);
  });
});

describe('getCityYearData', () => {
  it('lists every stored year', async () => {
    const { data } = (await post('/api/getCityYearData', { city: '110000' })).json();
    expect(data.items.map((y: { year: number; days: number }) => [y.year, y.days])).toEqual([
      [2023, 365],
      [2024, 130],
    ]);
    expect(data.items[0].goodRate).toBeCloseTo(300 / 365);
  });

  it('answers a city without years with an empty list, an unknown one with 404', async () => {
    expect((await post('/api/getCityYearData', { city: '310000' })).json()).toMatchObject({
      code: 0,
      data: { items: [] },
    });
    expect((await post('/api/getCityYearData', { city: '000000' })).statusCode).toBe(404);
    expect((await post('/api/getCityYearData', { city: '' })).statusCode).toBe(400);
  });
});
