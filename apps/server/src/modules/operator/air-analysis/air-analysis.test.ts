import { ErrorCode } from '@lantian/contracts';
import {
  aqiLevel,
  attainmentOf,
  chinaTime,
  dailyAqi,
  daysFromCivil,
  goodDaysTarget,
  periodStatistics,
} from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import {
  addForecasts,
  addHours,
  addStations,
  H,
  HOUR,
  NOW,
  stationHour,
} from '../../../testing/fixtures/city-air-scene';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  platformCall,
} from '../../../testing/platform';
import { AirStore, HOUR_INGESTED_CHANNEL } from '../../data/air';
import { stations } from '../../data/stations';

/**
 * The analysis and forecast calls over a small scene: the data clock at 2024-05-10 14:20 China time;
 * Beijing's national stations (西城, 昌平, a reference station, and 农展馆 in 朝阳) with two hours,
 * Beijing's and Shanghai's days of 2023 and 2024 up to 05-10, Beijing's forecasts. 朝阳's operator
 * (110105) holds analysis:view and forecast:view; 海淀's only air:view.
 */

interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

let app: TestApp;
let admin: string;
let chaoyang: DistrictOperator;
let haidian: DistrictOperator;

/** A plausible day of a city: a seasonal PM2.5 with a weekly swing; the rest follow from it. */
function cityDay(cityCode: string, year: number, month: number, date: number, base: number) {
  const n = daysFromCivil(year, month, date);
  const pm2_5 = Math.round(base + 25 * Math.sin(n / 3.5) + (month <= 2 ? 30 : 0));
  const values = { pm2_5, pm10: Math.round(pm2_5 * 1.6), so2: 7, no2: 35, co: 0.9, o3_8h: 80 + (n % 7) * 12 };
  const result = dailyAqi(values);
  return {
    city_code: cityCode,
    day: chinaTime(year, month, date),
    ...values,
    o3_1h_max: values.o3_8h + 20,
    valid_hours: 24,
    aqi: result.aqi,
    level: result.level,
    primary_pollutant: result.primaryPollutants.join(',') || null,
    source: 'cnemc' as const,
    updated_at: NOW,
  };
}

function daysOf(cityCode: string, year: number, base: number) {
  const rows = [];
  for (let n = daysFromCivil(year, 1, 1); n <= daysFromCivil(year, 5, 10); n++) {
    const d = new Date(n * 86_400_000);
    rows.push(cityDay(cityCode, d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), base));
  }
  return rows;
}

const beijing2024 = daysOf('110000', 2024, 45);
const beijing2023 = daysOf('110000', 2023, 50);

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
    permissions: ['analysis:view', 'forecast:view'],
  });
  haidian = await districtOperator(app, admin, {
    username: 'haidian',
    areaCode: '110108',
    orgName: '海淀区生态环境局',
    permissions: ['air:view'],
  });
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
    stationHour('1001A', HOUR - H, { pm2_5: 70 }),
    stationHour('1002A', HOUR - H, { pm2_5: 30 }),
    stationHour('1003A', HOUR - H, { pm2_5: 50 }),
    stationHour('1001A', HOUR, { pm2_5: 80 }),
    stationHour('1002A', HOUR, { pm2_5: 40 }),
    stationHour('1012A', HOUR, { pm2_5: 20 }),
    stationHour('1003A', HOUR, { pm2_5: 60 }),
    stationHour('D310000-01', HOUR, { pm2_5: 20 }, 'demo'),
  ]);
  await addForecasts(app.database);
  const store = new AirStore(app.database);
  await store.cityDays.upsert([...beijing2023, ...beijing2024, ...daysOf('310000', 2024, 30)]);
});
afterAll(async () => {
  await app.close();
});

describe('access and area scope', () => {
  it('needs analysis:view, and forecast:view for the forecasts', async () => {
    const denied = await get(haidian.token, '/bigdata/home/getMonitorTypes');
    expect(denied.statusCode).toBe(403);
    const noForecast = await districtOperator(app, admin, {
      username: 'analyst',
      areaCode: '110105',
      orgName: '朝阳区分析组',
      permissions: ['analysis:view'],
    });
    expect((await get(noForecast.token, '/threePartyForecast/getAreaLevel')).statusCode).toBe(403);
    expect((await get(noForecast.token, '/zhhb/center/getAqiMapUrl')).statusCode).toBe(200);
  });

  it('answers 403 AREA_OUT_OF_SCOPE for a city or area outside the district, and changes nothing', async () => {
    for (const [url, query] of [
      ['/bigdata/home/getCityAQITrend', { cityCode: '110000' }],
      ['/analysis/cityData/getCityDatList', { cityCode: '110000' }],
      ['/analysis/uptoStandard/getStandardRate', { cityCode: '110000' }],
      ['/analysis/airStations/getSiteHistoryDataList', { areaCode: '110108' }],
      ['/threePartyForecast/getAreaLevel', { areaCode: '110000' }],
    ] as const) {
      const response = await get(chaoyang.token, url, query);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ code: ErrorCode.AREA_OUT_OF_SCOPE, msg: '该地区不在您的管辖范围内' });
    }
  });

  it('refuses junk with a 400 and a Chinese message', async () => {
    const badDate = await get(admin, '/analysis/cityData/getCityDatList', {
      cityCode: '110000',
      startDate: '2024-02-30',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().msg).toContain('不是有效的日期');
    const tooLong = await get(admin, '/analysis/cityData/getCityDatList', {
      cityCode: '110000',
      startDate: '2022-01-01',
      endDate: '2024-01-02',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().msg).toContain('366');
    const reversed = await get(admin, '/analysis/airStations/getSiteHistoryDataList', {
      startTime: '2024-05-10 12:00:00',
      endTime: '2024-05-10 10:00:00',
    });
    expect(reversed.statusCode).toBe(400);
    expect((await get(admin, '/analysis/cityData/getCityDatList', { cityCode: 'abc' })).statusCode).toBe(400);
    const unknown = await get(admin, '/analysis/cityData/getCityDatList', { cityCode: '110105' });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await get(admin, '/analysis/uptoStandard/getStandardRate', { cityCode: '110000', targetRate: '1.5' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('the big-data home', () => {
  it('lists the AQI and the pollutants with units', async () => {
    const types = await ok<{ code: string; unit: string }[]>(admin, '/bigdata/home/getMonitorTypes');
    expect(types.map((t) => t.code)).toEqual(['aqi', 'so2', 'no2', 'pm10', 'co', 'o3', 'o3_8h', 'pm2_5']);
    expect(types.find((t) => t.code === 'co')?.unit).toBe('mg/m³');
  });

  it('gives the city AQI trend of the last 24 hours from the city hours', async () => {
    const trend = await ok<{ items: { time: string; aqi: number; pm2_5: number }[] }>(
      admin,
      '/bigdata/home/getCityAQITrend',
      {
        cityCode: '110000',
      },
    );
    expect(trend.items.map((i) => i.time)).toEqual(['2024-05-10 13:00:00', '2024-05-10 14:00:00']);
    // The city's value is the mean of its stations without the reference station: (80 + 40 + 60) / 3.
    expect(trend.items[1]?.pm2_5).toBe(60);
    const days = await ok<{ items: { time: string }[] }>(admin, '/bigdata/home/getCityAQITrend', {
      cityCode: '110000',
      type: 'day',
    });
    expect(days.items).toHaveLength(30);
    expect(days.items.at(-1)?.time).toBe('2024-05-10');
  });

  it('ranks the cities of the area at the newest hour, lowest first; a district without cities gets none', async () => {
    const rank = await ok<{ time: string; list: { cityCode: string; rank: number; aqi: number }[] }>(
      admin,
      '/bigdata/home/getCityRank',
    );
    expect(rank.time).toBe('2024-05-10 14:00:00');
    expect(rank.list.map((r) => [r.cityCode, r.rank])).toEqual([
      ['310000', 1],
      ['110000', 2],
    ]);
    const district = await ok<{ time: string | null; list: unknown[] }>(chaoyang.token, '/bigdata/home/getCityRank');
    expect(district).toEqual({ time: null, list: [] });
  });
});

describe('city data', () => {
  it('lists the days with their exceedances of the 24-hour limits', async () => {
    const days = await ok<{ date: string; pm2_5: number; exceeding: string[] }[]>(
      admin,
      '/analysis/cityData/getCityDatList',
      {
        cityCode: '110000',
        startDate: '2024-01-01',
        endDate: '2024-01-31',
      },
    );
    expect(days).toHaveLength(31);
    for (const d of days) expect(d.exceeding.includes('pm2_5')).toBe(d.pm2_5 > 75);
  });

  it('pages the city hours on the server, newest first', async () => {
    const page = await ok<Page<{ time: string }>>(admin, '/analysis/cityData/getCityDataList', {
      cityCode: '110000',
      pageSize: '1',
      pageNum: '2',
    });
    expect(page).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(page.list.map((r) => r.time)).toEqual(['2024-05-10 13:00:00']);
  });

  it('draws the calendar of a year with the days per level', async () => {
    const calendar = await ok<{ days: { level: number }[]; levelDays: { level: number; days: number }[] }>(
      admin,
      '/analysis/cityData/getCityCalendarData',
      { cityCode: '110000', year: '2024' },
    );
    expect(calendar.days).toHaveLength(beijing2024.length);
    for (const l of calendar.levelDays) {
      expect(l.days).toBe(beijing2024.filter((d) => d.level === l.level).length);
    }
  });

  it('compares a month in progress with the same days of past years', async () => {
    const answer = await ok<{
      through: string;
      current: { label: string; days: number; pm2_5: number; goodRate: number };
      history: { label: string; days: number; pm2_5: number; goodRate: number }[];
      change: { pm2_5: number; goodRate: number };
    }>(admin, '/analysis/cityData/month/getRegionAndHisDate', { cityCode: '110000', month: '2024-05' });
    expect(answer.through).toBe('05-10');
    expect(answer.current).toMatchObject({ label: '2024-05', days: 10 });
    expect(answer.history.map((h) => [h.label, h.days])).toEqual([['2023-05', 10]]);
    const may = (rows: typeof beijing2024) =>
      rows.filter(
        (r) => r.day >= chinaTime(2024, 5, 1) || (r.day >= chinaTime(2023, 5, 1) && r.day < chinaTime(2024, 1, 1)),
      );
    const expected = periodStatistics(may(beijing2024));
    const before = periodStatistics(may(beijing2023));
    expect(answer.current.pm2_5).toBe(expected.pm2_5);
    expect(answer.history[0]?.pm2_5).toBe(before.pm2_5);
    expect(answer.change.pm2_5).toBeCloseTo(((expected.pm2_5 ?? 0) - (before.pm2_5 ?? 0)) / (before.pm2_5 ?? 1), 4);
  });
});

describe('standards', () => {
  it('evaluates the year so far against GB 3095-2012 and counts the good days still needed', async () => {
    const answer = await ok<{
      stats: { days: number; goodDays: number; pm2_5: number };
      attained: boolean | null;
      exceeding: string[];
      remainingDays: number;
      target: { rate: number; needed: number; achievable: boolean };
      lastYear: { days: number } | null;
    }>(admin, '/analysis/uptoStandard/getStandardRate', { cityCode: '110000', year: '2024', targetRate: '0.8' });
    const stats = periodStatistics(beijing2024);
    expect(answer.stats).toMatchObject({ days: stats.days, goodDays: stats.goodDays, pm2_5: stats.pm2_5 });
    expect(answer.attained).toBe(attainmentOf(stats).attained);
    expect(answer.remainingDays).toBe(daysFromCivil(2024, 12, 31) - daysFromCivil(2024, 5, 10));
    expect(answer.target).toMatchObject({
      rate: 0.8,
      ...goodDaysTarget(stats.goodDays, stats.days, answer.remainingDays, 0.8),
    });
    expect(answer.lastYear?.days).toBe(beijing2023.length);
  });

  it('lists the days over a 24-hour limit', async () => {
    const answer = await ok<{ days: number; exceedDays: number; byPollutant: { key: string; days: number }[] }>(
      admin,
      '/analysis/uptoStandard/getExceedDays',
      { cityCode: '110000', startDate: '2024-01-01', endDate: '2024-02-29' },
    );
    const rows = beijing2024.filter((d) => d.day < chinaTime(2024, 3, 1));
    expect(answer.days).toBe(rows.length);
    expect(answer.byPollutant.find((p) => p.key === 'pm2_5')?.days).toBe(rows.filter((d) => d.pm2_5 > 75).length);
  });

  it('ranks the cities of a region by the composite index, with the region line', async () => {
    const answer = await ok<{
      region: { days: number };
      list: { cityCode: string; rank: number; compositeIndex: number }[];
    }>(admin, '/analysis/cityStandard/day/getRegionMeanData', { startDate: '2024-01-01', endDate: '2024-05-10' });
    expect(answer.list.map((r) => r.cityCode)).toEqual(['310000', '110000']);
    expect(answer.list[0]?.compositeIndex).toBeLessThan(answer.list[1]?.compositeIndex ?? 0);
    expect(answer.region.days).toBe(beijing2024.length);
  });
});

describe('stations', () => {
  it('pages the station hours 999 a page by default, newest first, within the district', async () => {
    const all = await ok<Page<{ stationCode: string; time: string }>>(
      admin,
      '/analysis/airStations/getSiteHistoryDataList',
      {
        areaCode: '110000',
      },
    );
    expect(all.pageSize).toBe(999);
    expect(all.total).toBe(7);
    expect(all.list[0]?.time).toBe('2024-05-10 14:00:00');
    const district = await ok<Page<{ stationCode: string }>>(
      chaoyang.token,
      '/analysis/airStations/getSiteHistoryDataList',
    );
    expect(district.list.map((r) => r.stationCode)).toEqual(['1003A', '1003A']);
    const outside = await get(chaoyang.token, '/analysis/airStations/getSiteHistoryDataList', { stationCode: '1001A' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().code).toBe(ErrorCode.STATION_NOT_FOUND);
  });

  it('lists the cities and stations of the district only', async () => {
    const tree = await ok<{ cityCode: string; stations: { code: string }[] }[]>(
      chaoyang.token,
      '/analysis/airStations/getCityAndSite',
    );
    expect(tree).toEqual([
      expect.objectContaining({ cityCode: '110000', stations: [expect.objectContaining({ code: '1003A' })] }),
    ]);
    const data = await ok<{ time: string; city: unknown; stations: { code: string; pm2_5: number }[] }>(
      chaoyang.token,
      '/analysis/airStations/getCityAndSiteData',
      { cityCode: '110105' },
    );
    expect(data).toMatchObject({ time: '2024-05-10 14:00:00', city: null, stations: [{ code: '1003A', pm2_5: 60 }] });
  });

  it('interpolates an hour over the stations, exact at a station, as JSON or an ESRI ASCII grid', async () => {
    const grid = await ok<{
      ncols: number;
      nrows: number;
      xllcorner: number;
      yllcorner: number;
      cellsize: number;
      stations: number;
      values: (number | null)[][];
      min: number;
      max: number;
    }>(admin, '/analysis/airStations/getSiteInterpolationDataFile', { areaCode: '110000', index: 'pm2_5' });
    expect(grid.stations).toBe(4);
    expect(grid.values).toHaveLength(grid.nrows);
    expect(grid.min).toBeGreaterThanOrEqual(20);
    expect(grid.max).toBeLessThanOrEqual(80);
    // The cell holding 万寿西宫 (116.37, 39.87) is nearest to it: its value is close to the station's 80.
    const col = Math.floor((116.37 - grid.xllcorner) / grid.cellsize);
    const row = grid.nrows - 1 - Math.floor((39.87 - grid.yllcorner) / grid.cellsize);
    expect(grid.values[row]?.[col]).toBeGreaterThan(70);
    const asc = await get(admin, '/analysis/airStations/getSiteInterpolationDataFile', {
      areaCode: '110000',
      format: 'asc',
    });
    expect(asc.headers['content-type']).toContain('text/plain');
    expect(
      asc.body
        .split('\n')
        .slice(0, 6)
        .map((l) => l.split(' ')[0]),
    ).toEqual(['ncols', 'nrows', 'xllcorner', 'yllcorner', 'cellsize', 'NODATA_value']);
    const none = await get(admin, '/analysis/airStations/getSiteInterpolationDataFile', { areaCode: '440300' });
    expect(none.statusCode).toBe(404);
  });

  it('draws the trend of several stations hour by hour', async () => {
    const trend = await ok<{ times: string[]; series: { stationCode: string; values: (number | null)[] }[] }>(
      admin,
      '/analysis/airSiteTrend/vochartslist',
      { stationCodes: '1001A,1002A', index: 'pm2_5', startTime: '2024-05-10 12:00:00', endTime: '2024-05-10 14:00:00' },
    );
    expect(trend.times).toEqual(['2024-05-10 12:00:00', '2024-05-10 13:00:00', '2024-05-10 14:00:00']);
    expect(trend.series.map((s) => s.values)).toEqual([
      [null, 70, 80],
      [null, 30, 40],
    ]);
    expect(
      (await get(chaoyang.token, '/analysis/airSiteTrend/vochartslist', { stationCodes: '1001A' })).statusCode,
    ).toBe(404);
  });

  it('gives the area mean of the newest hour from its stations, without the reference station', async () => {
    const data = await ok<{ stations: number; mean: { pm2_5: number; aqi: number; level: number } }>(
      admin,
      '/zhhb/center/getPultData',
      { areaCode: '110000' },
    );
    expect(data.stations).toBe(4);
    expect(data.mean.pm2_5).toBe(60);
    expect(data.mean.level).toBe(aqiLevel(data.mean.aqi));
  });
});

describe('forecasts', () => {
  it('answers the city weather forecast by day and hour', async () => {
    const answer = await ok<{ days: { date: string; textDay: string }[]; hours: unknown[] }>(
      admin,
      '/fore/weatherForecast/getCityForecast',
      { cityCode: '110000' },
    );
    expect(answer.days).toEqual([expect.objectContaining({ date: '2024-05-10', textDay: '多云' })]);
    expect(answer.hours).toHaveLength(24);
  });

  it('gives the area level forecasts, the bulletin written from them and a level map per day', async () => {
    const level = await ok<{ dates: string[]; list: { cityCode: string; days: { levelText: string }[] }[] }>(
      admin,
      '/threePartyForecast/getAreaLevel',
      { areaCode: '110000', days: '3' },
    );
    expect(level.dates).toEqual(['2024-05-10', '2024-05-11', '2024-05-12']);
    expect(level.list[0]?.days.map((d) => d.levelText)).toEqual(['良', '良至轻度污染', '优']);
    const text = await ok<{ text: string; cities: number }>(admin, '/threePartyForecast/getVoAreaForecastText', {
      areaCode: '110000',
      days: '3',
    });
    expect(text.text).toContain(
      '5月11日，北京市1个城市中，预计轻度污染1个；北京市可能出现轻度污染，首要污染物为O₃_8h。',
    );
    expect(text.text).toMatch(/未来3天北京市空气质量趋于好转。$/);
    const images = await ok<{ name: string; url: string }[]>(admin, '/threePartyForecast/forecastImgs', {
      areaCode: '110000',
    });
    expect(images.map((i) => i.name)).toEqual(['110000_20240510.png', '110000_20240511.png', '110000_20240512.png']);
    const png = await get(admin, images[1]?.url ?? '');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await get(chaoyang.token, '/threePartyForecast/forecastImg/110000_20240511.png')).statusCode).toBe(403);
    expect((await get(admin, '/threePartyForecast/forecastImg/110000_20240231.png')).statusCode).toBe(400);
  });

  it('filters the future city data by source and gives the district its own map', async () => {
    const demo = await ok<{ list: unknown[] }>(admin, '/zhhb/center/getFutureCityData', {
      areaCode: '110000',
      dataSource: 'demo',
    });
    expect(demo.list).toEqual([]);
    const map = await ok<{ areaCode: string; mapUrl: string }>(chaoyang.token, '/zhhb/center/getAqiMapUrl');
    expect(map).toMatchObject({ areaCode: '110105', mapUrl: '/maps/110105.json' });
  });
});

describe('the hourly answers of the region calls', () => {
  it('keeps the region mean until a new hour is stored, per operator area', async () => {
    const cached = await createPlatformApp({ RESPONSE_CACHE_MS: '600000' }, () => NOW);
    try {
      const token = await adminToken(cached);
      const store = new AirStore(cached.database);
      await store.cityDays.upsert(beijing2024);
      const call = async () =>
        dataOf<{ list: { cityCode: string; days: number }[] }>(
          await platformCall(cached, {
            url: '/analysis/cityStandard/day/getRegionMeanData',
            token,
            query: { startDate: '2024-05-01' },
          }),
        );
      expect((await call()).list.map((r) => r.cityCode)).toEqual(['110000']);
      await store.cityDays.upsert(daysOf('310000', 2024, 30));
      // The same hour: the kept answer.
      expect((await call()).list.map((r) => r.cityCode)).toEqual(['110000']);
      // A new hour stored drops it.
      await addHours(cached.database, [stationHour('1001A', HOUR, { pm2_5: 50 })]);
      await cached.state.publish(HOUR_INGESTED_CHANNEL, String(HOUR));
      await expect.poll(async () => (await call()).list.map((r) => r.cityCode)).toEqual(['310000', '110000']);
    } finally {
      await cached.close();
    }
  });
});

describe('junk input', () => {
  it('answers every call’s junk with a 4xx and a Chinese message, never a 500', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/bigdata/home/getCityAQITrend', { cityCode: '11000x' }],
      ['/bigdata/home/getCityAQITrend', { cityCode: '110000', type: 'week' }],
      ['/bigdata/home/getCityRank', { areaCode: '999999' }],
      ['/bigdata/home/getCityRank', { index: 'pm25' }],
      ['/bigdata/home/getFutureCityData', {}],
      ['/analysis/cityData/getCityDataList', { cityCode: '110000', pageSize: '1000' }],
      ['/analysis/cityData/getCityDataList', { cityCode: '110000', startTime: '2024-05-10T10:00:00' }],
      ['/analysis/cityData/getCityCalendarData', { cityCode: '110000', year: '1999' }],
      ['/analysis/cityData/month/getRegionAndHisDate', { cityCode: '110000', month: '2024-13' }],
      ['/analysis/cityData/getYearRegionAndHisDate', { cityCode: '110000', year: 'abc' }],
      ['/analysis/cityStandard/day/getRegionMeanData', { startDate: '2024-05-10', endDate: '2024-05-01' }],
      ['/analysis/uptoStandard/getExceedDays', { cityCode: '110000', endDate: '2024/05/01' }],
      ['/analysis/airStations/getSiteHistoryDataList', { stationCode: '1001A;drop' }],
      ['/analysis/airStations/getSiteHistoryDataList', { pageNum: '0' }],
      ['/analysis/airStations/getSiteInterpolationDataFile', { areaCode: '110000', format: 'tif' }],
      ['/analysis/airStations/getCityAndSiteData', { cityCode: '110000', time: '2024-05-10 25:00:00' }],
      ['/analysis/airSiteTrend/vochartslist', { stationCodes: 'a,b,c,d,e,f,g,h,i,j,k' }],
      [
        '/analysis/airSiteTrend/vochartslist',
        { stationCodes: '1001A', startTime: '2024-01-01 00:00:00', endTime: '2024-05-10 00:00:00' },
      ],
      ['/threePartyForecast/getAreaLevel', { days: '8' }],
      ['/threePartyForecast/getVoAreaForecastText', { dataSource: 'nmc' }],
      ['/threePartyForecast/forecastImg/110000_2024051.png', {}],
      ['/fore/weatherForecast/getCityForecast', { cityCode: '000000' }],
      ['/zhhb/center/getFutureWeatherData', { days: 'x' }],
      ['/zhhb/center/getPultData', { areaCode: '12' }],
    ];
    for (const [url, query] of cases) {
      const response = await get(admin, url, query);
      const label = `${url} ${JSON.stringify(query)}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(response.json().msg, label).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
