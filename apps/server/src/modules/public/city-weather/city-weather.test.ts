import { ErrorCode } from '@lantian/contracts';
import { chinaDayStart, chinaTime, daysFromCivil } from '@lantian/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { seedStationHours } from '../../../testing/fixtures/air-rows';
import {
  forecastDayRow,
  forecastHourRow,
  station,
  stationHour,
  weatherRow,
} from '../../../testing/fixtures/weather-rows';
import { signedInject } from '../../../testing/signed';
import { demoSoundings, upperAir, writeIgra } from '../../data/upper-air';
import { WeatherRepository } from '../../data/weather';

/** The data clock: 2026-11-22 10:20 China time; the latest hour is 10:00. */
const NOW = chinaTime(2026, 11, 22, 10, 20);
const H = 3600;
let clock = NOW;
let app: TestApp;

/** 2026-11-21, labelled 01:00 … 24:00: a rainy afternoon, north wind most of the day. */
function rainyDay() {
  const start = chinaTime(2026, 11, 21, 1);
  return Array.from({ length: 24 }, (_, i) => {
    const label = (i + 1) % 24;
    const wet = label >= 14 && label <= 16;
    const daytime = label >= 9 && label <= 20;
    return weatherRow('110000', start + i * H, {
      temperature: -2 + i * 0.5,
      humidity: 50,
      precipitation: wet ? 0.4 : 0,
      weather_code: wet ? '305' : daytime ? '101' : '150',
      weather_text: wet ? '小雨' : daytime ? '多云' : '晴',
      wind_direction: i < 16 ? 0 : 90,
      wind_speed: i < 16 ? 3 : 5,
    });
  });
}

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  const weather = new WeatherRepository(app.database);
  const morning = Array.from({ length: 9 }, (_, i) => weatherRow('110000', chinaTime(2026, 11, 22, 1 + i)));
  await weather.upsertObservations([
    ...rainyDay(),
    ...morning,
    weatherRow('110000', chinaTime(2026, 11, 22, 10), {
      temperature: 6.5,
      humidity: 40,
      pressure: 1021.3,
      wind_speed: 3.4,
      wind_direction: 315,
      radiation: 250,
      weather_code: '100',
      weather_text: '晴',
    }),
    weatherRow('310000', chinaTime(2026, 11, 22, 5), { temperature: 14, source: 'demo' }),
  ]);
  const today = daysFromCivil(2026, 11, 22);
  await weather.upsertDailyForecasts(
    Array.from({ length: 8 }, (_, d) =>
      forecastDayRow('110000', chinaDayStart(today + d), { temp_max: 10 + d, text_day: d === 1 ? '小雨' : '晴' }),
    ),
  );
  await weather.upsertHourlyForecasts(
    Array.from({ length: 30 }, (_, i) => forecastHourRow('110000', chinaTime(2026, 11, 22, 8) + i * H)),
  );
  const hours = [9, 10].map((h) => chinaTime(2026, 11, 22, h));
  await seedStationHours(
    app.database,
    [station('1001A', '110000', '万寿西宫'), station('1003A', '110000', '东四')],
    hours.flatMap((t) => [stationHour('1001A', t, 80), stationHour('1003A', t, 80)]),
  );
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  clock = NOW;
});

const post = (url: string, params: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'POST', url, params });

describe('getWeather', () => {
  it('gives the latest observation with its time, 7 forecast days from today and the next 24 hours', async () => {
    const res = await post('/api/getWeather', { city: 'beijing' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ cityCode: '110000', cityName: '北京市' });
    expect(data.now).toEqual({
      time: '2026-11-22 10:00:00',
      stale: false,
      temperature: 6.5,
      humidity: 40,
      pressure: 1021.3,
      windSpeed: 3.4,
      windDirection: 315,
      windDirectionName: '西北',
      windForce: 3,
      precipitation: 0,
      radiation: 250,
      text: '晴',
      icon: '100',
      source: 'cnemc',
      isDemo: false,
    });
    expect(data.daily).toHaveLength(7);
    expect(data.daily[0]).toMatchObject({ date: '2026-11-22', textDay: '晴', iconDay: '100', iconNight: '150' });
    expect(data.daily[1]).toMatchObject({ date: '2026-11-23', textDay: '小雨', tempMax: 11, windDirectionName: '北' });
    expect(data.hourly).toHaveLength(24);
    expect(data.hourly[0]).toMatchObject({ time: '2026-11-22 11:00:00', precipitationProbability: 10 });
    expect(data.hourly[23].time).toBe('2026-11-23 10:00:00');
  });

  it('marks an observation older than 3 hours as stale and says when it was, and answers null where none exist', async () => {
    const shanghai = (await post('/api/getWeather', { city: '310000' })).json().data;
    expect(shanghai.now).toMatchObject({ time: '2026-11-22 05:00:00', stale: true, temperature: 14, isDemo: true });
    clock = NOW + 4 * H;
    const later = (await post('/api/getWeather', { city: '110000' })).json().data;
    expect(later.now).toMatchObject({ time: '2026-11-22 10:00:00', stale: true });
    const guangzhou = (await post('/api/getWeather', { city: 'guangzhou' })).json();
    expect(guangzhou).toMatchObject({ code: 0, data: { cityCode: '440100', now: null, daily: [], hourly: [] } });
  });

  it('answers an unknown city with 404 未找到该城市 and a malformed one with 400 naming the field', async () => {
    const unknown = await post('/api/getWeather', { city: '999900' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
    const bad = await post('/api/getWeather', { city: 'Bei Jing' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ErrorCode.VALIDATION, msg: expect.stringContaining('city') });
  });

  it('refuses an unsigned call with 401', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/getWeather',
      payload: 'city=110000',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.SIGNATURE_INVALID);
  });
});

describe('getCityDayWeather', () => {
  it('lists a week either side of today: observed days summarised from their hours, forecast days from today', async () => {
    const { data } = (await post('/api/getCityDayWeather', { city: '110000' })).json();
    expect(data).toMatchObject({ startDate: '2026-11-15', endDate: '2026-11-29' });
    expect(data.days).toHaveLength(15);
    expect(data.days[0]).toMatchObject({ date: '2026-11-15', kind: 'observed', tempMax: null, validHours: 0 });
    expect(data.days[0].source).toBeNull();
    expect(data.days[6]).toEqual({
      date: '2026-11-21',
      kind: 'observed',
      tempMax: 9.5,
      tempMin: -2,
      tempMean: 3.8,
      humidity: 50,
      precipitation: 1.2,
      windSpeed: 3.7,
      windDirectionName: '北',
      windForce: 3,
      validHours: 24,
      textDay: '小雨',
      iconDay: '305',
      textNight: '晴',
      iconNight: '150',
      source: 'cnemc',
      isDemo: false,
    });
    expect(data.days[7]).toMatchObject({ date: '2026-11-22', kind: 'forecast', tempMax: 10, validHours: null });
    expect(data.days[14]).toMatchObject({ date: '2026-11-29', kind: 'forecast', tempMax: 17 });
  });

  it('takes a range of days, both ends or neither, at most 31 days', async () => {
    const two = (
      await post('/api/getCityDayWeather', {
        city: '110000',
        startTime: '2026-11-21 00:00:00',
        endTime: '2026-11-22 23:00:00',
      })
    ).json().data;
    expect(two.days.map((d: { kind: string }) => d.kind)).toEqual(['observed', 'forecast']);
    const blank = await post('/api/getCityDayWeather', { city: '110000', startTime: '', endTime: '' });
    expect(blank.json().data.days).toHaveLength(15);
    const half = await post('/api/getCityDayWeather', { city: '110000', startTime: '2026-11-21 00:00:00' });
    expect(half.statusCode).toBe(400);
    expect(half.json().msg).toContain('endTime');
    const long = await post('/api/getCityDayWeather', {
      city: '110000',
      startTime: '2026-10-01 00:00:00',
      endTime: '2026-11-22 00:00:00',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('31 天');
  });

  it('answers an unknown city with 404', async () => {
    expect((await post('/api/getCityDayWeather', { city: 'atlantis' })).statusCode).toBe(404);
  });
});

describe('getMeteoAnaData', () => {
  it('pairs each hour of weather with the city hour of air, null where a side is missing', async () => {
    const res = await post('/api/getMeteoAnaData', {
      city: '110000',
      startTime: '2026-11-22 08:00:00',
      endTime: '2026-11-22 10:00:00',
    });
    const { data } = res.json();
    expect(data).toMatchObject({ startTime: '2026-11-22 08:00:00', endTime: '2026-11-22 10:00:00' });
    expect(data.hours.map((h: { time: string }) => h.time)).toEqual([
      '2026-11-22 08:00:00',
      '2026-11-22 09:00:00',
      '2026-11-22 10:00:00',
    ]);
    expect(data.hours[0].air).toBeNull();
    expect(data.hours[2].weather).toMatchObject({ temperature: 6.5, windDirectionName: '西北', source: 'cnemc' });
    expect(data.hours[2].air).toMatchObject({ aqi: 107, level: 3, levelName: '轻度污染', primaryPollutant: ['pm2_5'] });
    expect(data.hours[2].air.pm2_5).toBe(80);
  });

  it('requires both times and refuses more than 31 days, naming the field', async () => {
    const missing = await post('/api/getMeteoAnaData', { city: '110000', endTime: '2026-11-22 10:00:00' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('startTime');
    const long = await post('/api/getMeteoAnaData', {
      city: '110000',
      startTime: '2026-09-01 00:00:00',
      endTime: '2026-11-22 10:00:00',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('endTime');
    const unknown = await post('/api/getMeteoAnaData', {
      city: '999900',
      startTime: '2026-11-22 08:00:00',
      endTime: '2026-11-22 10:00:00',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('getAqiSurMeteoData', () => {
  it('gives every city on the layer at the latest hour with its AQI and the legend; isobars in Pa', async () => {
    const { data } = (await post('/api/getAqiSurMeteoData', { timeType: 'hour', layer: 'isobar' })).json();
    expect(data).toMatchObject({
      layer: 'isobar',
      time: '2026-11-22 10:00:00',
      stale: false,
      legend: { min: 99_000, max: 103_000, unit: 'Pa' },
    });
    expect(data.points).toHaveLength(1);
    expect(data.points[0]).toMatchObject({
      cityCode: '110000',
      cityName: '北京市',
      value: 102_130,
      aqi: 107,
      level: 3,
      color: '#ff7e00',
      windDirection: 315,
    });
    expect(data.points[0].position).toBeCloseTo(0.7825, 6);
  });

  it('reads the hour a given time falls in, with unknown AQI where the city has no air hour', async () => {
    const { data } = (await post('/api/getAqiSurMeteoData', { layer: 'temp', time: '2026-11-22 05:30:00' })).json();
    expect(data.time).toBe('2026-11-22 05:00:00');
    const shanghai = data.points.find((p: { cityCode: string }) => p.cityCode === '310000');
    expect(shanghai).toMatchObject({ value: 14, aqi: null, level: 0, levelName: '未知', isDemo: true });
    expect(data.stale).toBe(false);
  });

  it('marks the latest hour stale when it is more than 3 hours old', async () => {
    clock = NOW + 3 * H + 60;
    const { data } = (await post('/api/getAqiSurMeteoData', { layer: 'wind' })).json();
    expect(data).toMatchObject({ time: '2026-11-22 10:00:00', stale: true });
    expect(data.points[0].value).toBe(3.4);
  });

  it('refuses an unknown layer or time type, naming the field', async () => {
    const layer = await post('/api/getAqiSurMeteoData', { layer: 'ozone' });
    expect(layer.statusCode).toBe(400);
    expect(layer.json().msg).toContain('layer');
    const timeType = await post('/api/getAqiSurMeteoData', { layer: 'temp', timeType: 'day' });
    expect(timeType.statusCode).toBe(400);
    expect(timeType.json().msg).toContain('timeType');
  });
});

describe('getHighMeteoData', () => {
  it('before any ascent: the city with no station and no levels', async () => {
    const res = await post('/api/getHighMeteoData', { city: 'beijing', time: '2026-11-22 08:00:00' });
    expect(res.json()).toEqual({
      code: 0,
      msg: '成功',
      data: {
        cityCode: '110000',
        cityName: '北京市',
        time: '2026-11-22 08:00:00',
        stationCode: null,
        stationName: null,
        levels: [],
      },
    });
  });

  it("answers the nearest station's ascent at or before the time, the same levels getSoundingData has", async () => {
    const { soundings } = app.use(upperAir);
    await soundings.importIgra(writeIgra(demoSoundings(NOW - 2 * 86_400, NOW)), 'demo', 'demo');
    const res = await post('/api/getHighMeteoData', { city: 'beijing', time: '2026-11-22 09:00:00' });
    const data = res.json().data;
    // 北京 has its own station (54511); the 08:00 ascent is the last before 09:00.
    expect(data).toMatchObject({ stationCode: '54511', time: '2026-11-22 08:00:00' });
    const direct = await soundings.sounding('54511', chinaTime(2026, 11, 22, 9, 0), null);
    expect(data.levels).toHaveLength(direct.levels.length);
    expect(data.levels[0]).toEqual({
      pressure: direct.levels[0]?.pressure,
      height: direct.levels[0]?.height,
      temperature: direct.levels[0]?.temperature,
      dewPoint: direct.levels[0]?.dewpoint,
      windDirection: direct.levels[0]?.windDirection,
      windSpeed: direct.levels[0]?.windSpeed,
    });
    // 廊坊 has none: it borrows 北京's (about 50 km away).
    const langfang = (await post('/api/getHighMeteoData', { city: '131000', time: '2026-11-22 09:00:00' })).json().data;
    expect(langfang).toMatchObject({ cityName: '廊坊市', stationCode: '54511' });
    // Before the first ascent there is nothing to borrow.
    const early = (await post('/api/getHighMeteoData', { city: 'beijing', time: '2026-11-19 08:00:00' })).json().data;
    expect(early).toMatchObject({ stationCode: null, levels: [] });
  });

  it('still checks the city and the time', async () => {
    expect((await post('/api/getHighMeteoData', { city: '999900' })).statusCode).toBe(404);
    const bad = await post('/api/getHighMeteoData', { city: '110000', time: '2026-02-30 08:00:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('time');
  });
});
