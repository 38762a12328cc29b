import { ErrorCode } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { cityDay, newStation, seedStationHours, stationHour } from '../../../testing/fixtures/air-rows';
import { signedInject } from '../../../testing/signed';
import { AirStore, type CityMonthlyTable } from '../../data/air';

const T = chinaTime(2024, 5, 10, 12); // the ranked hour, 12:00
const H = 3600;
const DAY = chinaTime(2024, 5, 9);

let clock = T + 30 * 60;
let app: TestApp;

function month(city: string, key: number, compositeIndex: number | null, extra: Partial<CityMonthlyTable> = {}) {
  return {
    city_code: city,
    month: key,
    pm2_5: 30,
    pm10: 60,
    so2: 8,
    no2: 30,
    co_p95: 1.1,
    o3_8h_p90: 150,
    composite_index: compositeIndex,
    aqi_mean: 70,
    days: 31,
    good_days: 28,
    level1_days: 10,
    level2_days: 18,
    level3_days: 3,
    level4_days: 0,
    level5_days: 0,
    level6_days: 0,
    source: 'cnemc' as const,
    updated_at: 0,
    ...extra,
  };
}

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  await seedStationHours(
    app.database,
    [
      newStation('NJ1', '320100'),
      newStation('SZ1', '320500'),
      newStation('WX1', '320200'),
      newStation('BJ1', '110000'),
      newStation('SH1', '310000'),
      newStation('SH2', '310000'),
    ],
    [
      // PM2.5 alone decides each AQI: 80 → 107, 20 → 29, 50 (Shanghai's mean) → 69, 120 → 158, 10 → 15.
      stationHour('NJ1', T, { pm2_5: 80 }),
      stationHour('SZ1', T, { pm2_5: 20 }),
      stationHour('BJ1', T, { pm2_5: 20 }, 'demo'),
      stationHour('SH1', T, { pm2_5: 40 }),
      stationHour('SH2', T, { pm2_5: 60 }),
      // Wuxi last reported two hours before: it must not be ranked with an older hour.
      stationHour('WX1', T - 2 * H, { pm2_5: 10 }),
      stationHour('NJ1', T - H, { pm2_5: 120 }),
      stationHour('SZ1', T - H, { pm2_5: 10 }),
    ],
  );
  const air = new AirStore(app.database);
  await air.cityDays.upsert([
    cityDay('320100', DAY, { aqi: 60, level: 2, primary_pollutant: 'pm10' }),
    cityDay('320500', DAY, { aqi: 45, level: 1 }),
    cityDay('110000', DAY, { aqi: null, level: 0, valid_hours: 12 }),
  ]);
  await air.cityMonths.upsert([
    month('320100', 202404, 4.2),
    month('320500', 202404, 3.9),
    month('110000', 202404, 3.9, { pm2_5: 50 }),
    month('310000', 202404, null),
  ]);
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, params: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'POST', url, params });

type Item = { cityCode: string; rank: number | null; aqi: number | null; stale: boolean; lastTime: string | null };

describe('getCityRank', () => {
  it('ranks the latest hour by AQI, cleanest first, ties sharing a rank, and lists a city missing that hour as stale', async () => {
    const res = await post('/api/getCityRank', {});
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ timeType: 'hour', time: '2024-05-10 12:00:00', rankType: 'all', sortBy: 'aqi' });
    expect(data.stale).toBe(false);
    expect(data.total).toBe(4);
    const items = data.items as Item[];
    expect(items.map((i) => [i.cityCode, i.rank, i.aqi])).toEqual([
      ['110000', 1, 29],
      ['320500', 1, 29],
      ['310000', 3, 69],
      ['320100', 4, 107],
      ['320200', null, null],
    ]);
    expect(items[4]).toMatchObject({ stale: true, lastTime: '2024-05-10 10:00:00', time: null, level: 0 });
    expect(items[3]).toMatchObject({
      cityName: '南京市',
      pyName: 'nanjing',
      provinceCode: '320000',
      provinceName: '江苏省',
      level: 3,
      levelName: '轻度污染',
      primaryPollutant: ['pm2_5'],
      source: 'cnemc',
      isDemo: false,
      stale: false,
      time: '2024-05-10 12:00:00',
    });
    expect(items[0]).toMatchObject({ provinceCode: '110000', source: 'demo', isDemo: true, primaryPollutant: [] });
  });

  it("takes the spec's time type name 'real' for the hour", async () => {
    const data = (await post('/api/getCityRank', { timeType: 'real', rankType: 'all' })).json().data;
    expect(data).toMatchObject({ timeType: 'hour', time: '2024-05-10 12:00:00', total: 4 });
  });

  it('takes an earlier hour and a province, and marks an hour older than 3 hours as stale', async () => {
    clock = T + 4 * H;
    const res = await post('/api/getCityRank', { time: '2024-05-10 11:20:00', rankType: 'province:320000' });
    clock = T + 30 * 60;
    const data = res.json().data;
    expect(data.time).toBe('2024-05-10 11:00:00');
    expect(data.stale).toBe(true);
    expect((data.items as Item[]).map((i) => [i.cityCode, i.rank, i.aqi])).toEqual([
      ['320500', 1, 15],
      ['320100', 2, 158],
      ['320200', null, null],
    ]);
  });

  it('ranks the last complete day by AQI, a city without a daily AQI last', async () => {
    const data = (await post('/api/getCityRank', { timeType: 'day' })).json().data;
    expect(data.time).toBe('2024-05-09 00:00:00');
    expect((data.items as Item[]).map((i) => [i.cityCode, i.rank, i.aqi, i.stale])).toEqual([
      ['320500', 1, 45, false],
      ['320100', 2, 60, false],
      ['110000', null, null, false],
    ]);
  });

  it('ranks a month by composite index, with the period statistics', async () => {
    const data = (await post('/api/getCityRank', { timeType: 'month', time: '2024-04-15 00:00:00' })).json().data;
    expect(data).toMatchObject({ time: '2024-04-01 00:00:00', sortBy: 'compositeIndex', total: 3 });
    const items = data.items as Array<Item & Record<string, unknown>>;
    expect(items.map((i) => [i.cityCode, i.rank, i.compositeIndex])).toEqual([
      ['110000', 1, 3.9],
      ['320500', 1, 3.9],
      ['320100', 3, 4.2],
      ['310000', null, null],
    ]);
    expect(items[0]).toMatchObject({ aqi: 70, level: 2, days: 31, goodDays: 28, o3: null, o3_8h: 150, co: 1.1 });
    // Beijing's PM2.5 (50 / 35) is its largest single index; the others' is O3 (150 / 160).
    expect(items[0]?.primaryPollutant).toEqual(['pm2_5']);
    expect(items[1]?.primaryPollutant).toEqual(['o3_8h']);
  });

  it('answers a period without data with an empty ranking', async () => {
    const data = (await post('/api/getCityRank', { timeType: 'year', time: '2023-06-01 00:00:00' })).json().data;
    expect(data).toMatchObject({ time: '2023-01-01 00:00:00', total: 0, items: [] });
  });

  it('refuses an unknown rankType, an unknown province and a bad time with 400 naming the field', async () => {
    for (const params of [{ rankType: 'city28' }, { rankType: 'province:990000' }, { rankType: 'province:320100' }]) {
      const res = await post('/api/getCityRank', params);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.VALIDATION, msg: expect.stringContaining('rankType') });
    }
    const badTime = await post('/api/getCityRank', { time: '2024-02-30 00:00:00' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().msg).toContain('time');
    const badType = await post('/api/getCityRank', { timeType: 'week' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().msg).toContain('timeType');
  });

  it('refuses an unsigned call', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/getCityRank',
      payload: 'timeType=hour',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.SIGNATURE_INVALID);
  });
});

describe('getCustomAreaRank', () => {
  it('ranks only the given cities, each once, listing one without data', async () => {
    const res = await post('/api/getCustomAreaRank', { areaCodes: '320100, 310000,320100,440100' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ rankType: 'custom', total: 2 });
    expect((data.items as Item[]).map((i) => [i.cityCode, i.rank, i.stale])).toEqual([
      ['310000', 1, false],
      ['320100', 2, false],
      ['440100', null, true],
    ]);
  });

  it('answers an unknown city with 404 and a malformed or too long list with 400', async () => {
    const unknown = await post('/api/getCustomAreaRank', { areaCodes: '320100,999900' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
    const tooMany = Array.from({ length: 51 }, (_, i) => String(110000 + i * 100)).join(',');
    for (const areaCodes of ['nanjing', tooMany, '']) {
      const res = await post('/api/getCustomAreaRank', { areaCodes });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('areaCodes');
    }
  });
});

describe('getRankAnalysis', () => {
  it("gives the city's national and provincial rank and the change since the previous hour", async () => {
    const res = await post('/api/getRankAnalysis', { city: 'suzhou', timeType: 'hour' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ cityCode: '320500', provinceName: '江苏省', sortBy: 'aqi', stale: false });
    expect(data.current).toMatchObject({
      time: '2024-05-10 12:00:00',
      value: 29,
      rank: 1,
      total: 4,
      provinceRank: 1,
      provinceTotal: 2,
      level: 1,
    });
    expect(data.previous).toMatchObject({ time: '2024-05-10 11:00:00', value: 15, rank: 1, total: 2 });
    expect(data.change).toEqual({ rank: 0, provinceRank: 0, value: 14 });
    const nanjing = (await post('/api/getRankAnalysis', { city: '320100', timeType: 'hour' })).json().data;
    expect(nanjing.current).toMatchObject({ rank: 4, provinceRank: 2 });
    expect(nanjing.previous).toMatchObject({ rank: 2, provinceRank: 2 });
    expect(nanjing.change).toEqual({ rank: -2, provinceRank: 0, value: -51 });
  });

  it('compares months by composite index', async () => {
    const data = (
      await post('/api/getRankAnalysis', { city: 'beijing', timeType: 'month', time: '2024-04-01 00:00:00' })
    ).json().data;
    expect(data.current).toMatchObject({ value: 3.9, rank: 1, provinceRank: 1, provinceTotal: 1 });
    expect(data.previous).toMatchObject({ time: '2024-03-01 00:00:00', value: null, rank: null, total: 0 });
    expect(data.change).toEqual({ rank: null, provinceRank: null, value: null });
  });

  it('gives the rank over time when periods is asked, oldest first, and nothing more without it', async () => {
    const data = (await post('/api/getRankAnalysis', { city: 'suzhou', timeType: 'hour', periods: '3' })).json().data;
    expect(data.history.map((h: { time: string }) => h.time)).toEqual([
      '2024-05-10 10:00:00',
      '2024-05-10 11:00:00',
      '2024-05-10 12:00:00',
    ]);
    // The last two are the answer's previous and current standings.
    expect(data.history[2]).toEqual(data.current);
    expect(data.history[1]).toEqual(data.previous);
    const plain = (await post('/api/getRankAnalysis', { city: 'suzhou', timeType: 'hour' })).json().data;
    expect(plain).not.toHaveProperty('history');
    for (const periods of ['1', '37', 'x']) {
      const res = await post('/api/getRankAnalysis', { city: 'suzhou', periods });
      expect(res.statusCode).toBe(400);
    }
  });

  it('answers an unknown city with 404 and a bad city parameter with 400', async () => {
    const unknown = await post('/api/getRankAnalysis', { city: 'atlantis' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
    const bad = await post('/api/getRankAnalysis', { city: 'Nan Jing' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('city');
  });

  it('documents every ranking, standard and site call in the OpenAPI document', async () => {
    const doc = (await app.server.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const tagged = {
      rankings: ['getCityRank', 'getCustomAreaRank', 'getRankAnalysis', 'getTimeLineData', 'getCityTimeLineData'],
      standards: ['getDailyStandard', 'getMonthlyStandard', 'getYearlyStandard', 'getO3DaySchemeData'],
      sites: ['getCitySite', 'getSiteCurrentData', 'getSiteDetail', 'getMapSiteData'],
    };
    for (const [tag, calls] of Object.entries(tagged)) {
      for (const call of calls) {
        const operation = doc.paths[`/api/${call}`]?.post;
        expect(operation?.tags, call).toEqual([tag]);
        expect(operation?.summary, call).toMatch(/[\u4e00-\u9fff]/);
        expect(operation?.responses?.['200'], call).toBeDefined();
      }
    }
  });
});
