import { ErrorCode } from '@lantian/contracts';
import { HEALTH_ADVICE } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { addHours, addStations, H, HOUR, NOW, stationHour } from '../../../testing/fixtures/city-air-scene';
import { signedInject } from '../../../testing/signed';
import { notifyHourIngested } from '../../data/air';

let app: TestApp;
let clock = NOW;

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  await addStations(app.database);
  await addHours(app.database, [
    stationHour('1001A', HOUR - H, { pm2_5: 30 }),
    stationHour('1002A', HOUR - H, { pm2_5: 30 }),
    stationHour('1001A', HOUR, { pm2_5: 80 }),
    stationHour('1002A', HOUR, { pm2_5: 90 }),
    // A reference station: it must not pull the city's mean down.
    stationHour('1012A', HOUR, { pm2_5: 10 }),
    // Shanghai's only station last reported four hours ago.
    stationHour('D310000-01', HOUR - 4 * H, { pm2_5: 20 }, 'demo'),
  ]);
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, params: Record<string, string>, headers?: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'POST', url, params, ...(headers ? { headers } : {}) });

describe('getCityCurrentData', () => {
  it("answers the city's latest hour with IAQI, levels, primary pollutant, health advice and its time", async () => {
    const res = await post('/api/getCityCurrentData', { city: '110000' });
    expect(res.statusCode).toBe(200);
    const { code, data } = res.json();
    expect(code).toBe(0);
    expect(data).toMatchObject({ cityCode: '110000', cityName: '北京市', pyName: 'beijing' });
    // Mean of the two counted stations: PM2.5 85 → IAQI 112.5, rounded up to 113 (HJ 633-2012).
    expect(data.current).toMatchObject({
      aqi: 113,
      pm2_5: 85,
      level: 3,
      levelName: '轻度污染',
      color: '#ff7e00',
      primaryPollutant: ['pm2_5'],
      primaryPollutantNames: ['细颗粒物(PM2.5)'],
      time: '2024-05-10 14:00:00',
      stale: false,
      stationCount: 2,
      source: 'cnemc',
      isDemo: false,
      health: HEALTH_ADVICE[3],
    });
    const byKey = Object.fromEntries((data.current.pollutants as Array<{ key: string }>).map((p) => [p.key, p]));
    expect(Object.keys(byKey)).toEqual(['pm2_5', 'pm10', 'so2', 'no2', 'o3', 'o3_8h', 'co']);
    expect(byKey.pm2_5).toMatchObject({ value: 85, iaqi: 113, level: 3, name: '细颗粒物', unit: 'μg/m³' });
    expect(byKey.pm10).toMatchObject({ value: 60, iaqi: 55, level: 2 });
    expect(byKey.co).toMatchObject({ value: 0.6, iaqi: 6, level: 1, unit: 'mg/m³' });
    expect(byKey.o3_8h).toMatchObject({ value: 50, iaqi: null, level: 1 });
  });

  it('takes the pinyin name as well as the area code', async () => {
    const res = await post('/api/getCityCurrentData', { city: 'beijing' });
    expect(res.json().data.current.aqi).toBe(113);
  });

  it('marks an hour older than 3 hours as stale and still says when it was', async () => {
    const { data } = (await post('/api/getCityCurrentData', { city: 'shanghai' })).json();
    expect(data.current).toMatchObject({ time: '2024-05-10 10:00:00', stale: true, source: 'demo', isDemo: true });
    expect(data.current.primaryPollutant).toEqual(['pm10']);
  });

  it('answers a district (no city values) with current null, not an error', async () => {
    const res = await post('/api/getCityCurrentData', { city: '110105' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ cityCode: '110105', current: null });
  });

  it('answers an unknown city with 404 未找到该城市 and a malformed one with 400 naming the field', async () => {
    const unknown = await post('/api/getCityCurrentData', { city: '999900' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
    const bad = await post('/api/getCityCurrentData', { city: 'Bei Jing' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ErrorCode.VALIDATION, msg: expect.stringContaining('city') });
    const missing = await post('/api/getCityCurrentData', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('city');
  });

  it('refuses an unsigned call with 401', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/getCityCurrentData',
      payload: 'city=110000',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.SIGNATURE_INVALID);
  });

  it('sends an ETag and max-age until the next hour, and 304 for a client that has this version', async () => {
    const first = await post('/api/getCityCurrentData', { city: '110000' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);
    // The next hour (ending 15:00) cannot exist before 15:00: 40 minutes from 14:20.
    expect(first.headers['cache-control']).toBe('public, max-age=2400');
    const again = await post('/api/getCityCurrentData', { city: '110000' }, { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await post('/api/getCityCurrentData', { city: '110000' }, { 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
    // Every city is asked at the same URL: Beijing's tag must not answer Shanghai.
    const shanghai = await post('/api/getCityCurrentData', { city: '310000' }, { 'if-none-match': String(etag) });
    expect(shanghai.statusCode).toBe(200);
  });

  it('changes the ETag when the hour turns stale, though the snapshot did not change', async () => {
    const fresh = (await post('/api/getCityCurrentData', { city: '110000' })).headers.etag;
    clock = NOW + 3 * H;
    try {
      const res = await post('/api/getCityCurrentData', { city: '110000' }, { 'if-none-match': String(fresh) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.current.stale).toBe(true);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    } finally {
      clock = NOW;
    }
  });

  it('serves a new hour after it is announced on air:hour-ingested', async () => {
    const before = await post('/api/getCityCurrentData', { city: '110000' });
    await addHours(app.database, [
      stationHour('1001A', HOUR + H, { pm2_5: 20 }),
      stationHour('1002A', HOUR + H, { pm2_5: 20 }),
    ]);
    clock = NOW + H;
    try {
      // Not announced yet: still the snapshot's hour (the safety net runs only once a minute).
      expect((await post('/api/getCityCurrentData', { city: '110000' })).json().data.current.time).toBe(
        '2024-05-10 14:00:00',
      );
      await notifyHourIngested(app.state, HOUR + H);
      let data = (await post('/api/getCityCurrentData', { city: '110000' })).json().data;
      for (let i = 0; i < 50 && data.current.time !== '2024-05-10 15:00:00'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        data = (await post('/api/getCityCurrentData', { city: '110000' })).json().data;
      }
      expect(data.current).toMatchObject({ time: '2024-05-10 15:00:00', pm2_5: 20, primaryPollutant: ['pm10'] });
      const after = await post(
        '/api/getCityCurrentData',
        { city: '110000' },
        { 'if-none-match': String(before.headers.etag) },
      );
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      clock = NOW;
    }
  });
});
