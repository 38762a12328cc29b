import { ErrorCode } from '@lantian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/app';
import { signedInject } from './testing/signed';

/**
 * Issue 5's call list, checked as a whole: every call is served, documented in /api/docs, refuses an
 * unsigned request (spec §7), and — where it takes a city — answers an unknown city with 404
 * 未找到该城市 and a malformed time with 400 naming the field. Each module's own tests cover the
 * happy paths with data.
 */

const POST_API = [
  'getFocusCityData',
  'getAllFocusCityData',
  'getCityCurrentData',
  'getCity3Day',
  'getCityHoursData',
  'getCityDayData',
  'getCityMonthData',
  'getCityYearData',
  'getCityNextHoursData',
  'getCitySite',
  'getCityRank',
  'getCustomAreaRank',
  'getTimeLineData',
  'getCityTimeLineData',
  'getCityForeText',
  'getDailyStandard',
  'getMonthlyStandard',
  'getYearlyStandard',
  'getO3DaySchemeData',
  'getRankAnalysis',
  'getSiteCurrentData',
  'getSiteDetail',
  'getMapSiteData',
  'getWeather',
  'getCityDayWeather',
  'getMeteoAnaData',
  'getAqiSurMeteoData',
  'getHighMeteoData',
  'getAlarmInfo',
  'getAlarmItemTrend',
  'getAlarmCode',
  'getShortUrl',
].map((name) => `/api/${name}`);

const CITY_ANA = [
  'getAreaWeatherDataList',
  'getAreaSiteData',
  'getAreaSiteAllData',
  'getCityMeteo',
  'getCityCalendar',
  'getAreaWeatherData',
  'getAreaAqiData',
  'getWeatherAqiHourData',
  'getAreaWeatherViewdata',
  'getForeDayData',
].map((name) => `/api/cityAna/${name}`);

const OTHERS = ['/api/getCityList', '/api/getProvinceList', '/api/getSiteInfoList', '/anon/user/getUniqueId'];

interface OpenApi {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>
  >;
}

let app: TestApp;
let docs: OpenApi;
beforeAll(async () => {
  app = await createTestApp();
  docs = (await app.server.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await app.close();
});

function operation(path: string) {
  const item = docs.paths[path];
  if (item === undefined) return undefined;
  const method = Object.keys(item)[0] ?? '';
  return { method: method.toUpperCase() as 'GET' | 'POST', op: item[method] };
}

function bodyFields(path: string): string[] {
  const content = operation(path)?.op?.requestBody?.content ?? {};
  const schema = Object.values(content)[0]?.schema;
  return Object.keys(schema?.properties ?? {});
}

describe.each([...POST_API, ...CITY_ANA, ...OTHERS])('%s', (path) => {
  it('is documented in /api/docs and refuses an unsigned request with 401', async () => {
    const found = operation(path);
    expect(found, `${path} is missing from /api/docs`).toBeDefined();
    const res = await app.server.inject({ method: found?.method ?? 'POST', url: path });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.SIGNATURE_INVALID);
  });

  it('answers an unknown city with 404 未找到该城市 when it takes a city', async () => {
    if (!bodyFields(path).includes('city')) return;
    const res = await signedInject(app.server, app.config, {
      method: 'POST',
      url: path,
      // Every other parameter any of these calls requires, valid, so only the city can be wrong.
      params: {
        city: '999900',
        time: '2024-05-10 14:00:00',
        startTime: '2024-05-09 14:00:00',
        endTime: '2024-05-10 14:00:00',
        item: 'aqi',
        year: '2024',
      },
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
  });

  it('answers a malformed time with 400 naming the field when it takes a time', async () => {
    if (!bodyFields(path).includes('time')) return;
    const res = await signedInject(app.server, app.config, {
      method: 'POST',
      url: path,
      params: { city: '110000', time: '2024-13-45 99:00' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('time');
  });
});

describe('IP lookup', () => {
  it('GET /api/common/ipPlus and /ipPlus/{ip} are documented and signed', async () => {
    expect(operation('/api/common/ipPlus')).toBeDefined();
    expect(operation('/api/common/ipPlus/{ip}')).toBeDefined();
    expect((await app.server.inject({ method: 'GET', url: '/api/common/ipPlus/8.8.8.8' })).statusCode).toBe(401);
  });
});

describe('parameter errors together', () => {
  it('answers 400 naming the malformed field when an unknown city comes with a malformed time', async () => {
    const res = await signedInject(app.server, app.config, {
      method: 'POST',
      url: '/api/getCityHoursData',
      params: { city: '999900', startTime: 'yesterday' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.VALIDATION, msg: expect.stringContaining('startTime') });
  });

  it('lists the unknown cities of a follow list in the 404', async () => {
    const res = await signedInject(app.server, app.config, {
      method: 'POST',
      url: '/api/getAllFocusCityData',
      params: { stationCodes: '110000,999900,nowhere' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: ErrorCode.CITY_NOT_FOUND,
      msg: '未找到该城市',
      data: { stationCodes: ['999900', 'nowhere'] },
    });
  });
});
