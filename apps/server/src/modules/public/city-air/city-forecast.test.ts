import { ErrorCode } from '@lantian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { addForecasts, NOW } from '../../../testing/fixtures/city-air-scene';
import { signedInject } from '../../../testing/signed';
import { NEXT_HOURS_NOTE } from './city-forecast.service';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ now: () => NOW });
  await addForecasts(app.database);
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, params: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'POST', url, params });

describe('getCity3Day', () => {
  it('answers the forecast of today and the next two days, with level ranges and primary pollutant', async () => {
    const res = await post('/api/getCity3Day', { city: 'beijing' });
    expect(res.statusCode).toBe(200);
    const { items } = res.json().data;
    expect(items.map((d: { date: string }) => d.date)).toEqual(['2024-05-10', '2024-05-11', '2024-05-12']);
    expect(items[1]).toMatchObject({
      aqiMin: 85,
      aqiMax: 120,
      levelMin: { level: 2, levelName: '良', color: '#ffff00' },
      levelMax: { level: 3, levelName: '轻度污染' },
      levelText: '良至轻度污染',
      primaryPollutant: ['o3_8h'],
      primaryPollutantNames: ['臭氧8小时'],
      issuedAt: '2024-05-10 08:00:00',
      source: 'cnemc',
    });
    expect(items[2]).toMatchObject({ levelText: '优', primaryPollutant: [] });
  });

  it('answers a city without a forecast with an empty list, an unknown city with 404', async () => {
    expect((await post('/api/getCity3Day', { city: '310000' })).json()).toMatchObject({ code: 0, data: { items: [] } });
    const unknown = await post('/api/getCity3Day', { city: '123400' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
  });
});

describe('getCityForeText', () => {
  it("answers the newest issue's text with its issue time", async () => {
    const { data } = (await post('/api/getCityForeText', { city: '110000' })).json();
    expect(data.forecast).toEqual({
      text: '预计未来三天以良为主',
      issuedAt: '2024-05-10 08:00:00',
      date: '2024-05-11',
      source: 'cnemc',
      isDemo: false,
    });
  });

  it('answers null without a forecast, 404 for an unknown city and 400 for a malformed one', async () => {
    expect((await post('/api/getCityForeText', { city: 'shanghai' })).json().data.forecast).toBeNull();
    expect((await post('/api/getCityForeText', { city: 'nowhereatall' })).statusCode).toBe(404);
    const bad = await post('/api/getCityForeText', { city: '11000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('city');
  });
});

describe('getCityNextHoursData', () => {
  it("joins each forecast hour's weather with its day's air-quality forecast, inventing no hourly AQI", async () => {
    const { data } = (await post('/api/getCityNextHoursData', { city: '110000' })).json();
    expect(data).toMatchObject({ hours: 24, note: NEXT_HOURS_NOTE });
    expect(data.items).toHaveLength(24);
    expect(data.items[0]).toMatchObject({
      time: '2024-05-10 15:00:00',
      weather: {
        temperature: 20,
        windDirectionName: '南',
        windForce: 3,
        text: '多云',
        icon: '101',
        precipitationProbability: 10,
        isDemo: true,
      },
      dayAirForecast: { date: '2024-05-10', aqiMin: 60, aqiMax: 90 },
    });
    expect(data.items[0]).not.toHaveProperty('aqi');
    // The hour ending at midnight closes 05-10; the next one is the first of 05-11.
    const midnight = data.items.findIndex((i: { time: string }) => i.time === '2024-05-11 00:00:00');
    expect(data.items[midnight].dayAirForecast.date).toBe('2024-05-10');
    expect(data.items[midnight + 1].dayAirForecast.date).toBe('2024-05-11');
    expect(data.items[23].time).toBe('2024-05-11 14:00:00');
  });

  it('takes up to 72 hours, listing only the hours that have a forecast', async () => {
    const { data } = (await post('/api/getCityNextHoursData', { city: '110000', hours: '72' })).json();
    expect(data.hours).toBe(72);
    expect(data.items).toHaveLength(30);
    expect(data.items[29].dayAirForecast).toMatchObject({ date: '2024-05-11' });
  });

  it('refuses 0 or more than 72 hours naming the field, and answers a city without forecasts empty', async () => {
    for (const hours of ['0', '73', 'x']) {
      const res = await post('/api/getCityNextHoursData', { city: '110000', hours });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('hours');
    }
    expect((await post('/api/getCityNextHoursData', { city: '310000' })).json().data.items).toEqual([]);
    expect((await post('/api/getCityNextHoursData', { city: '999999' })).statusCode).toBe(404);
  });
});
