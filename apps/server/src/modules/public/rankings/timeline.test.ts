import { ErrorCode } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { cityDay, cityHour } from '../../../testing/fixtures/air-rows';
import { signedInject } from '../../../testing/signed';
import { AirStore } from '../../data/air';

const T = chinaTime(2024, 5, 10, 12);
const H = 3600;

let clock = T + 30 * 60;
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  const air = new AirStore(app.database);
  await air.cityHours.upsert([
    // AQI from PM2.5: 80 → 107 (轻度), 20 → 29 (优), 50 → 69 (良), 30 → 43.
    cityHour('320100', T, { pm2_5: 80 }),
    cityHour('320500', T, { pm2_5: 20 }),
    cityHour('110000', T, { pm2_5: 50 }, 'demo'),
    cityHour('320100', T - H, { pm2_5: 30 }),
    cityHour('320500', T - 2 * H, {}),
  ]);
  await air.cityDays.upsert([
    cityDay('320100', chinaTime(2024, 5, 9), { aqi: 60, level: 2 }),
    cityDay('320500', chinaTime(2024, 5, 9), { aqi: 45, level: 1 }),
    cityDay('320100', chinaTime(2024, 5, 8), { aqi: 120, level: 3, primary_pollutant: 'pm2_5' }),
  ]);
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, params: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'POST', url, params });

describe('getTimeLineData', () => {
  it('gives the 24 hours up to the latest one, each with cities per level and the mean AQI', async () => {
    const res = await post('/api/getTimeLineData', {});
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      timeType: 'hour',
      startTime: '2024-05-09 13:00:00',
      endTime: '2024-05-10 12:00:00',
      stale: false,
    });
    expect(data.items).toHaveLength(24);
    expect(data.items[0]).toEqual({
      time: '2024-05-09 13:00:00',
      cityCount: 0,
      levelCounts: [0, 0, 0, 0, 0, 0, 0],
      meanAqi: null,
      level: 0,
      color: '#999999',
    });
    expect(data.items.slice(-3)).toEqual([
      {
        time: '2024-05-10 10:00:00',
        cityCount: 1,
        levelCounts: [1, 0, 0, 0, 0, 0, 0],
        meanAqi: null,
        level: 0,
        color: '#999999',
      },
      {
        time: '2024-05-10 11:00:00',
        cityCount: 1,
        levelCounts: [0, 1, 0, 0, 0, 0, 0],
        meanAqi: 43,
        level: 1,
        color: '#00e400',
      },
      {
        time: '2024-05-10 12:00:00',
        cityCount: 3,
        levelCounts: [0, 1, 1, 1, 0, 0, 0],
        meanAqi: 68,
        level: 2,
        color: '#ffff00',
      },
    ]);
  });

  it('marks the latest range stale when its last hour is more than 3 hours old, but not an asked-for range', async () => {
    clock = T + 4 * H;
    const latest = (await post('/api/getTimeLineData', {})).json().data;
    const asked = (
      await post('/api/getTimeLineData', { startTime: '2024-05-10 10:00:00', endTime: '2024-05-10 12:59:59' })
    ).json().data;
    clock = T + 30 * 60;
    expect(latest.stale).toBe(true);
    expect(asked.stale).toBe(false);
    expect(asked.items.map((i: { time: string }) => i.time)).toEqual([
      '2024-05-10 10:00:00',
      '2024-05-10 11:00:00',
      '2024-05-10 12:00:00',
    ]);
  });

  it('gives days up to the last complete one', async () => {
    const data = (await post('/api/getTimeLineData', { timeType: 'day', startTime: '2024-05-08 00:00:00' })).json()
      .data;
    expect(data.endTime).toBe('2024-06-06 00:00:00');
    const byDefault = (await post('/api/getTimeLineData', { timeType: 'day' })).json().data;
    expect(byDefault).toMatchObject({ startTime: '2024-04-10 00:00:00', endTime: '2024-05-09 00:00:00' });
    expect(byDefault.items).toHaveLength(30);
    expect(byDefault.items.slice(-2)).toEqual([
      {
        time: '2024-05-08 00:00:00',
        cityCount: 1,
        levelCounts: [0, 0, 0, 1, 0, 0, 0],
        meanAqi: 120,
        level: 3,
        color: '#ff7e00',
      },
      {
        time: '2024-05-09 00:00:00',
        cityCount: 2,
        levelCounts: [0, 1, 1, 0, 0, 0, 0],
        meanAqi: 53,
        level: 2,
        color: '#ffff00',
      },
    ]);
  });

  it('refuses a range longer than 7 days of hours or 366 days, reversed, or with a bad time, naming the field', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ startTime: '2024-05-01 00:00:00', endTime: '2024-05-08 01:00:00' }, 'endTime'],
      [{ timeType: 'day', startTime: '2023-01-01 00:00:00', endTime: '2024-01-03 00:00:00' }, 'endTime'],
      [{ startTime: '2024-05-02 00:00:00', endTime: '2024-05-01 00:00:00' }, 'endTime'],
      [{ startTime: '2024/05/01' }, 'startTime'],
      [{ timeType: 'month' }, 'timeType'],
    ];
    for (const [params, field] of cases) {
      const res = await post('/api/getTimeLineData', params);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.VALIDATION, msg: expect.stringContaining(field) });
    }
    const week = await post('/api/getTimeLineData', {
      startTime: '2024-05-01 00:00:00',
      endTime: '2024-05-08 00:00:00',
    });
    expect(week.json().data.items).toHaveLength(169);
  });
});

describe('getCityTimeLineData', () => {
  it("gives a city's AQI and level for every hour, empty where it has none", async () => {
    const res = await post('/api/getCityTimeLineData', {
      city: 'nanjing',
      startTime: '2024-05-10 10:00:00',
      endTime: '2024-05-10 12:00:00',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ cityCode: '320100', cityName: '南京市', provinceCode: '320000', timeType: 'hour' });
    expect(data.items).toEqual([
      {
        time: '2024-05-10 10:00:00',
        aqi: null,
        level: 0,
        levelName: '未知',
        color: '#999999',
        primaryPollutant: [],
        source: null,
        isDemo: false,
      },
      {
        time: '2024-05-10 11:00:00',
        aqi: 43,
        level: 1,
        levelName: '优',
        color: '#00e400',
        primaryPollutant: [],
        source: 'cnemc',
        isDemo: false,
      },
      {
        time: '2024-05-10 12:00:00',
        aqi: 107,
        level: 3,
        levelName: '轻度污染',
        color: '#ff7e00',
        primaryPollutant: ['pm2_5'],
        source: 'cnemc',
        isDemo: false,
      },
    ]);
  });

  it('gives days, and marks demo data', async () => {
    const data = (await post('/api/getCityTimeLineData', { city: '320100', timeType: 'day' })).json().data;
    expect(data.items).toHaveLength(30);
    expect(data.items.at(-2)).toMatchObject({ time: '2024-05-08 00:00:00', aqi: 120, primaryPollutant: ['pm2_5'] });
    const beijing = (await post('/api/getCityTimeLineData', { city: 'beijing' })).json().data;
    expect(beijing.items.at(-1)).toMatchObject({ aqi: 69, source: 'demo', isDemo: true });
  });

  it('answers an unknown city with 404 and a bad parameter with 400', async () => {
    const unknown = await post('/api/getCityTimeLineData', { city: '990100' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
    const bad = await post('/api/getCityTimeLineData', { city: 'nanjing', endTime: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('endTime');
  });
});
