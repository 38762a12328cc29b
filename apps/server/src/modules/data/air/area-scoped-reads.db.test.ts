import { chinaTime } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import { freshDatabases, testDialects } from '../../../testing/databases';
import {
  addForecasts,
  addHours,
  addStations,
  H,
  HOUR,
  NOW,
  stationHour,
} from '../../../testing/fixtures/city-air-scene';
import { StationsRepository } from '../stations';
import { WeatherRepository } from '../weather';
import { AirStore } from './air.store';

/**
 * The platform's area-scoped reads (the air analysis): every scope given is applied in SQL, a
 * province's or municipality's code covers its cities, a county's its stations by their county code.
 * Beijing (110000) has 万寿西宫 in 西城 (110102), 定陵 in 昌平 (110114) and a reference station without
 * a county; Shanghai (310000) one demo station.
 */
describe.each(testDialects())('area-scoped air reads on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  const beijing = { areaCode: '110000' };
  const xicheng = { areaCode: '110102' };
  const country = { areaCode: '100000' };

  async function scene() {
    const { database } = await fresh();
    await addStations(database);
    await addHours(database, [
      stationHour('1001A', HOUR - H, { pm2_5: 70 }),
      stationHour('1002A', HOUR - H, { pm2_5: 30 }),
      stationHour('1001A', HOUR, { pm2_5: 80 }),
      stationHour('1002A', HOUR, { pm2_5: 40 }),
      stationHour('D310000-01', HOUR - H, { pm2_5: 20 }, 'demo'),
    ]);
    return { database, air: new AirStore(database) };
  }

  it('reads the cities of an hour and the newest hour within every scope', async () => {
    const { air } = await scene();
    expect((await air.cityHours.atInScopes(HOUR, [country])).map((r) => r.city_code)).toEqual(['110000']);
    expect((await air.cityHours.atInScopes(HOUR - H, [country, beijing])).map((r) => r.city_code)).toEqual(['110000']);
    expect(await air.cityHours.atInScopes(HOUR, [xicheng])).toEqual([]);
    expect(await air.cityHours.latestTimeInScopes([{ areaCode: '310000' }], NOW)).toBe(HOUR - H);
    expect(await air.cityHours.latestTimeInScopes([beijing], HOUR - 1)).toBe(HOUR - H);
    expect(await air.cityHours.latestTimeInScopes([xicheng], NOW)).toBeUndefined();
  });

  it('pages a city’s hours newest first with their count', async () => {
    const { air } = await scene();
    const page = await air.cityHours.pageOfCity('110000', HOUR - 2 * H, HOUR, { offset: 1, limit: 1 });
    expect(page.total).toBe(2);
    expect(page.list.map((r) => r.time)).toEqual([HOUR - H]);
  });

  it('pages station hours by the station’s city or county, within every scope, one station if asked', async () => {
    const { air } = await scene();
    const all = await air.stationHours.pageInScopes([beijing], HOUR - 2 * H, HOUR, { offset: 0, limit: 10 });
    expect(all.total).toBe(4);
    expect(all.list.map((r) => [r.station_code, r.time])).toEqual([
      ['1001A', HOUR],
      ['1002A', HOUR],
      ['1001A', HOUR - H],
      ['1002A', HOUR - H],
    ]);
    const district = await air.stationHours.pageInScopes([country, xicheng], HOUR - 2 * H, HOUR, {
      offset: 0,
      limit: 10,
    });
    expect(district.list.map((r) => r.station_code)).toEqual(['1001A', '1001A']);
    const one = await air.stationHours.pageInScopes([beijing], HOUR - 2 * H, HOUR, { offset: 0, limit: 1 }, '1002A');
    expect(one).toMatchObject({ total: 2, list: [{ station_code: '1002A', time: HOUR, county_code: '110114' }] });
    expect((await air.stationHours.seriesOf(['1002A', '1001A'], HOUR, HOUR)).map((r) => r.station_code)).toEqual([
      '1001A',
      '1002A',
    ]);
  });

  it('lists active stations within every scope, a district’s by its county', async () => {
    const { database } = await scene();
    const stations = new StationsRepository(database);
    expect((await stations.inScopes([beijing])).map((s) => s.code)).toEqual(['1001A', '1002A', '1012A']);
    expect((await stations.inScopes([beijing, xicheng])).map((s) => s.code)).toEqual(['1001A']);
    expect((await stations.inScopes([country])).map((s) => s.code)).toHaveLength(4);
  });

  it('reads days, forecasts and weather forecasts within every scope', async () => {
    const { database, air } = await scene();
    const day = (d: number) => chinaTime(2024, 5, d);
    const row = (city: string, d: number, aqi: number) => ({
      city_code: city,
      day: day(d),
      pm2_5: aqi / 2,
      pm10: aqi,
      so2: 5,
      no2: 30,
      co: 0.7,
      o3_1h_max: 100,
      o3_8h: 90,
      valid_hours: 24,
      aqi,
      level: 2,
      primary_pollutant: 'pm10',
      source: 'cnemc' as const,
      updated_at: NOW,
    });
    await air.cityDays.upsert([row('110000', 8, 60), row('110000', 9, 70), row('310000', 9, 55)]);
    expect((await air.cityDays.inScopesBetween(day(8), day(9), [country])).map((r) => [r.city_code, r.aqi])).toEqual([
      ['110000', 60],
      ['110000', 70],
      ['310000', 55],
    ]);
    expect(await air.cityDays.inScopesBetween(day(8), day(9), [xicheng])).toEqual([]);
    expect(await air.cityDays.latestInScopes([beijing], day(8))).toBe(day(8));

    await addForecasts(database);
    const forecasts = await air.forecasts.inScopes(day(10), day(12), [country, beijing]);
    expect(forecasts.map((f) => f.day)).toEqual([day(10), day(11), day(12)]);
    expect(await air.forecasts.inScopes(day(10), day(12), [beijing], 'demo')).toEqual([]);
    const weather = new WeatherRepository(database);
    expect((await weather.dailyForecastsInScopes(day(10), day(12), [beijing])).map((w) => w.city_code)).toEqual([
      '110000',
    ]);
    expect(await weather.dailyForecastsInScopes(day(10), day(12), [{ areaCode: '310000' }])).toEqual([]);
  });
});
