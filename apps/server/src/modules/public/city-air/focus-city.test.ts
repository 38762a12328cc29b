import { ErrorCode } from '@lantian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import {
  addForecasts,
  addHours,
  addStations,
  H,
  HOUR,
  NOW,
  stationHour,
} from '../../../testing/fixtures/city-air-scene';
import { signedInject } from '../../../testing/signed';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ now: () => NOW });
  await addStations(app.database);
  await addForecasts(app.database);
  await addHours(app.database, [
    stationHour('1001A', HOUR, { pm2_5: 80 }),
    stationHour('1002A', HOUR, { pm2_5: 90 }),
    stationHour('D310000-01', HOUR - H, { pm2_5: 10, pm10: 20 }, 'demo'),
  ]);
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, params: Record<string, string>, headers?: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'POST', url, params, ...(headers ? { headers } : {}) });

describe('getFocusCityData', () => {
  it("answers the spec's fields: meteo[0].textDay/iconDay and airquality[0].aqi/mainPol, with the time", async () => {
    const res = await post('/api/getFocusCityData', { stationCode: '110000', regionCode: '110000', stationType: '3' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      stationCode: '110000',
      regionCode: '110000',
      stationType: 3,
      stationName: '北京市',
      pyName: 'beijing',
    });
    expect(data.meteo).toHaveLength(1);
    expect(data.meteo[0]).toMatchObject({
      date: '2024-05-10',
      textDay: '多云',
      iconDay: '101',
      tempMax: 27,
      tempMin: 15,
    });
    expect(data.airquality).toEqual([
      {
        aqi: 113,
        mainPol: '细颗粒物(PM2.5)',
        primaryPollutant: ['pm2_5'],
        level: 3,
        levelName: '轻度污染',
        color: '#ff7e00',
        time: '2024-05-10 14:00:00',
        stale: false,
        source: 'cnemc',
        isDemo: false,
      },
    ]);
    expect(res.headers.etag).toBeDefined();
    const again = await post(
      '/api/getFocusCityData',
      { stationCode: '110000' },
      { 'if-none-match': String(res.headers.etag) },
    );
    expect(again.statusCode).toBe(304);
  });

  it('gives no main pollutant when AQI ≤ 50, and empty lists where there is no data (a district)', async () => {
    const shanghai = (await post('/api/getFocusCityData', { stationCode: 'shanghai' })).json().data;
    expect(shanghai.airquality[0]).toMatchObject({ aqi: 20, mainPol: null, primaryPollutant: [], isDemo: true });
    expect(shanghai.meteo).toEqual([]);
    const district = await post('/api/getFocusCityData', {
      stationCode: '110105',
      regionCode: '110000',
      stationType: '2',
    });
    expect(district.json()).toMatchObject({
      code: 0,
      data: { stationType: 2, regionCode: '110000', meteo: [], airquality: [] },
    });
  });

  it('refuses a stationType that contradicts the code, an unknown city and a malformed regionCode', async () => {
    const wrongType = await post('/api/getFocusCityData', { stationCode: '110105', stationType: '3' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toContain('stationType');
    const unknown = await post('/api/getFocusCityData', { stationCode: '999900' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
    const badRegion = await post('/api/getFocusCityData', { stationCode: '110000', regionCode: 'bj' });
    expect(badRegion.statusCode).toBe(400);
    expect(badRegion.json().msg).toContain('regionCode');
  });
});

describe('getAllFocusCityData', () => {
  it('answers each followed city in the order asked, once each', async () => {
    const res = await post('/api/getAllFocusCityData', { stationCodes: 'shanghai,110000,310000' });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Array<{ stationCode: string; airquality: Array<{ aqi: number }> }>;
    expect(list.map((c) => c.stationCode)).toEqual(['310000', '110000']);
    expect(list[1]?.airquality[0]?.aqi).toBe(113);
    expect(res.headers['cache-control']).toBe('public, max-age=2400');
  });

  it('refuses more than 50 cities or a malformed list naming the field, and names unknown cities in a 404', async () => {
    const many = Array.from({ length: 51 }, () => '110000').join(',');
    const tooMany = await post('/api/getAllFocusCityData', { stationCodes: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toContain('stationCodes');
    const malformed = await post('/api/getAllFocusCityData', { stationCodes: '110000,,beijing' });
    expect(malformed.statusCode).toBe(400);
    const unknown = await post('/api/getAllFocusCityData', { stationCodes: '110000,999900' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: ErrorCode.CITY_NOT_FOUND,
      msg: '未找到该城市',
      data: { stationCodes: ['999900'] },
    });
  });

  it('is documented in the OpenAPI page with the other city calls', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const call of [
      'getCityCurrentData',
      'getCity3Day',
      'getCityForeText',
      'getCityHoursData',
      'getCityDayData',
      'getCityMonthData',
      'getCityYearData',
      'getCityNextHoursData',
      'getFocusCityData',
      'getAllFocusCityData',
    ]) {
      expect(paths).toContain(`/api/${call}`);
    }
  });
});
