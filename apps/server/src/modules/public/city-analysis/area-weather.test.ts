import { ErrorCode } from '@lantian/contracts';
import { chinaDayStart, chinaTime, daysFromCivil } from '@lantian/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { seedStationHours } from '../../../testing/fixtures/air-rows';
import { forecastDayRow, station, stationHour, weatherRow } from '../../../testing/fixtures/weather-rows';
import { signedInject } from '../../../testing/signed';
import { AirStore } from '../../data/air';
import { WeatherRepository } from '../../data/weather';

/** The data clock: 2026-11-22 10:20 China time. */
const NOW = chinaTime(2026, 11, 22, 10, 20);
const H = 3600;
let clock = NOW;
let app: TestApp;
const TODAY = daysFromCivil(2026, 11, 22);

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  const weather = new WeatherRepository(app.database);
  // Beijing: every hour from 2026-11-21 01:00 to 2026-11-22 10:00, 1 °C warmer each hour from −20 °C.
  const start = chinaTime(2026, 11, 21, 1);
  await weather.upsertObservations([
    ...Array.from({ length: 34 }, (_, i) =>
      weatherRow('110000', start + i * H, {
        temperature: -20 + i,
        humidity: 40 + (i % 2) * 10,
        wind_direction: 45,
        wind_speed: 4,
        pressure: 1021.3,
        radiation: i === 33 ? 300 : null,
        precipitation: i < 24 ? 0.5 : 0,
      }),
    ),
    weatherRow('310000', chinaTime(2026, 11, 22, 5), { temperature: 14 }),
    weatherRow('420100', chinaTime(2026, 11, 22, 10), { temperature: 12, weather_text: '阴', weather_code: '104' }),
    weatherRow('420500', chinaTime(2026, 11, 22, 6), { temperature: 9, source: 'demo' }),
  ]);
  await weather.upsertDailyForecasts(
    Array.from({ length: 7 }, (_, d) => forecastDayRow('110000', chinaDayStart(TODAY + d), { temp_max: 10 + d })),
  );
  await new AirStore(app.database).forecasts.upsert(
    Array.from({ length: 4 }, (_, d) => ({
      city_code: '110000',
      day: chinaDayStart(TODAY + d),
      issued_at: NOW - 2 * H,
      aqi_min: 60 + d * 20,
      aqi_max: 90 + d * 20,
      level_min: 2,
      level_max: d === 0 ? 2 : 3,
      primary_pollutant: 'pm2_5',
      text: '静稳天气，污染物逐渐累积',
      source: 'cnemc',
      updated_at: NOW,
    })),
  );
  const hours = [9, 10].map((h) => chinaTime(2026, 11, 22, h));
  await seedStationHours(
    app.database,
    [station('1001A', '110000', '万寿西宫')],
    hours.map((t) => stationHour('1001A', t, 80)),
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

const morning = { startTime: '2026-11-22 01:00:00', endTime: '2026-11-22 10:00:00' };

describe('getAreaWeatherDataList', () => {
  it('pages the hourly observations newest first, with the total', async () => {
    const res = await post('getAreaWeatherDataList', { city: 'beijing', ...morning, pageNum: '2', pageSize: '4' });
    const { data } = res.json();
    expect(data).toMatchObject({ cityCode: '110000', total: 10, pageNum: 2, pageSize: 4 });
    expect(data.list.map((h: { time: string }) => h.time.slice(11, 13))).toEqual(['06', '05', '04', '03']);
    expect(data.list[0]).toMatchObject({ temperature: -20 + 29, windDirectionName: '东北', windForce: 3 });
    const past = (
      await post('getAreaWeatherDataList', { city: '110000', ...morning, pageNum: '4', pageSize: '4' })
    ).json().data;
    expect(past).toMatchObject({ total: 10, list: [] });
    const first = (await post('getAreaWeatherDataList', { city: '110000', ...morning })).json().data;
    expect(first).toMatchObject({ pageNum: 1, pageSize: 24 });
    expect(first.list).toHaveLength(10);
  });

  it('refuses a page size over 500 and a range over 31 days, naming the field; 404 for an unknown city', async () => {
    const big = await post('getAreaWeatherDataList', { city: '110000', ...morning, pageSize: '501' });
    expect(big.statusCode).toBe(400);
    expect(big.json().msg).toContain('pageSize');
    const long = await post('getAreaWeatherDataList', {
      city: '110000',
      startTime: '2026-10-01 00:00:00',
      endTime: '2026-11-22 00:00:00',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('endTime');
    const unknown = await post('getAreaWeatherDataList', { city: '999900', ...morning });
    expect(unknown.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
  });

  it('refuses an unsigned call with 401', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/cityAna/getAreaWeatherDataList',
      payload: new URLSearchParams({ city: '110000', ...morning }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('getCityMeteo', () => {
  it('gives the latest observation and each layer with its legend range and the city value', async () => {
    const { data } = (await post('getCityMeteo', { city: '110000' })).json();
    expect(data.now).toMatchObject({ time: '2026-11-22 10:00:00', stale: false, temperature: 13 });
    expect(data.legends.map((l: { layer: string }) => l.layer)).toEqual([
      'temp',
      'hum',
      'pre',
      'wind',
      'rain',
      'radiat',
      'isobar',
    ]);
    expect(data.legends[2]).toMatchObject({ layer: 'pre', min: 995, max: 1040, unit: 'hPa', value: 1021.3 });
    expect(data.legends[2].position).toBeCloseTo(26.3 / 45, 9);
    expect(data.legends[5]).toMatchObject({ layer: 'radiat', value: 300 });
    expect(data.legends[6]).toMatchObject({ layer: 'isobar', value: 102_130, min: 99_000 });
  });

  it('marks an old observation stale, and gives null values where a city never had one', async () => {
    const shanghai = (await post('getCityMeteo', { city: 'shanghai' })).json().data;
    expect(shanghai.now).toMatchObject({ time: '2026-11-22 05:00:00', stale: true });
    const none = (await post('getCityMeteo', { city: '440100' })).json().data;
    expect(none.now).toBeNull();
    expect(
      none.legends.every((l: { value: unknown; position: unknown }) => l.value === null && l.position === null),
    ).toBe(true);
    expect((await post('getCityMeteo', { city: 'x1' })).statusCode).toBe(400);
    expect((await post('getCityMeteo', { city: '999900' })).statusCode).toBe(404);
  });
});

describe('getAreaWeatherData', () => {
  it('summarises each observed day and the whole range', async () => {
    const { data } = (
      await post('getAreaWeatherData', {
        city: '110000',
        startTime: '2026-11-21 00:00:00',
        endTime: '2026-11-22 23:59:59',
      })
    ).json();
    expect(data).toMatchObject({ startDate: '2026-11-21', endDate: '2026-11-22' });
    expect(data.days[0]).toMatchObject({
      date: '2026-11-21',
      kind: 'observed',
      tempMin: -20,
      tempMax: 3,
      tempMean: -8.5,
      humidity: 45,
      precipitation: 12,
      windDirectionName: '东北',
      validHours: 24,
    });
    expect(data.days[1]).toMatchObject({ date: '2026-11-22', tempMin: 4, tempMax: 13, validHours: 10 });
    expect(data.summary).toMatchObject({ tempMin: -20, tempMax: 13, precipitation: 12, validHours: 34 });
  });

  it('refuses a reversed range, naming endTime', async () => {
    const res = await post('getAreaWeatherData', {
      city: '110000',
      startTime: '2026-11-22 00:00:00',
      endTime: '2026-11-21 00:00:00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('endTime');
    expect((await post('getAreaWeatherData', { city: 'nowhere', ...morning })).statusCode).toBe(404);
  });
});

describe('getWeatherAqiHourData', () => {
  it('puts AQI and PM2.5 beside wind, humidity and temperature hour by hour', async () => {
    const { data } = (
      await post('getWeatherAqiHourData', {
        city: '110000',
        startTime: '2026-11-22 08:00:00',
        endTime: '2026-11-22 10:00:00',
      })
    ).json();
    expect(data.hours).toHaveLength(3);
    expect(data.hours[0]).toMatchObject({ time: '2026-11-22 08:00:00', aqi: null, level: 0, pm2_5: null });
    expect(data.hours[2]).toEqual({
      time: '2026-11-22 10:00:00',
      aqi: 107,
      level: 3,
      levelName: '轻度污染',
      color: '#ff7e00',
      pm2_5: 80,
      temperature: 13,
      humidity: 50,
      windSpeed: 4,
      windDirection: 45,
      windDirectionName: '东北',
      windForce: 3,
    });
  });

  it('refuses a malformed time, naming the field', async () => {
    const res = await post('getWeatherAqiHourData', {
      city: '110000',
      startTime: '2026/11/22 08:00',
      endTime: '2026-11-22 10:00:00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('startTime');
    expect((await post('getWeatherAqiHourData', { city: '999900', ...morning })).statusCode).toBe(404);
  });
});

describe('getAreaWeatherViewdata', () => {
  it("lists the province's cities, each with its own latest observation (stale when old)", async () => {
    const { data } = (await post('getAreaWeatherViewdata', { city: 'wuhan' })).json();
    expect(data).toMatchObject({ provinceCode: '420000', provinceName: '湖北省', time: null });
    expect(data.cities).toHaveLength(13);
    const by = (code: string) => data.cities.find((c: { cityCode: string }) => c.cityCode === code);
    expect(by('420100').weather).toMatchObject({ time: '2026-11-22 10:00:00', stale: false, text: '阴', icon: '104' });
    expect(by('420500').weather).toMatchObject({ time: '2026-11-22 06:00:00', stale: true, isDemo: true });
    expect(by('420200').weather).toBeNull();
    expect(by('420100').longitude).toBeGreaterThan(110);
  });

  it('reads every city at the hour asked for; a municipality is its own province', async () => {
    const { data } = (await post('getAreaWeatherViewdata', { city: '420100', time: '2026-11-22 06:40:00' })).json();
    expect(data.time).toBe('2026-11-22 06:00:00');
    const by = (code: string) => data.cities.find((c: { cityCode: string }) => c.cityCode === code);
    expect(by('420500').weather).toMatchObject({ temperature: 9, stale: false });
    expect(by('420100').weather).toBeNull();
    const beijing = (await post('getAreaWeatherViewdata', { city: 'beijing' })).json().data;
    expect(beijing.cities.map((c: { cityCode: string }) => c.cityCode)).toEqual(['110000']);
    expect((await post('getAreaWeatherViewdata', { city: '110000', time: 'now' })).statusCode).toBe(400);
    expect((await post('getAreaWeatherViewdata', { city: '999900' })).statusCode).toBe(404);
  });
});

describe('getForeDayData', () => {
  it('joins the daily weather forecast with the air-quality forecast from today, 5 days by default', async () => {
    const { data } = (await post('getForeDayData', { city: '110000' })).json();
    expect(data.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
    expect(data.days[0].weather).toMatchObject({ textDay: '晴', iconDay: '100', tempMax: 10 });
    expect(data.days[0].air).toMatchObject({ aqiMin: 60, aqiMax: 90, levelName: '良', color: '#ffff00' });
    expect(data.days[1].air).toMatchObject({
      levelMin: 2,
      levelMax: 3,
      levelName: '良~轻度污染',
      color: '#ff7e00',
      primaryPollutant: ['pm2_5'],
      text: '静稳天气，污染物逐渐累积',
    });
    expect(data.days[4]).toMatchObject({ air: null, weather: { tempMax: 14 } });
  });

  it('takes 3 to 5 days and nothing else', async () => {
    const three = (await post('getForeDayData', { city: '110000', days: '3' })).json().data;
    expect(three.days).toHaveLength(3);
    const six = await post('getForeDayData', { city: '110000', days: '6' });
    expect(six.statusCode).toBe(400);
    expect(six.json().msg).toContain('days');
    expect((await post('getForeDayData', { city: '999900' })).statusCode).toBe(404);
  });
});
