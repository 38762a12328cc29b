import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { StationsRepository } from '../stations';
import { AirStore } from './air.store';
import type { StationHourInput } from './station-hours.repository';

const T = 1_519_081_200; // 2018-02-20 07:00 China time

function hour(
  station: string,
  time: number,
  pm2_5: number | null,
  extra: Partial<StationHourInput> = {},
): StationHourInput {
  return {
    station_code: station,
    time,
    aqi: pm2_5 === null ? null : Math.round(pm2_5 * 1.4),
    level: 2,
    primary_pollutant: 'pm2_5',
    pm2_5,
    pm2_5_24h: null,
    pm10: 80,
    pm10_24h: null,
    so2: 9,
    so2_24h: null,
    no2: 40,
    no2_24h: null,
    co: 0.8,
    co_24h: null,
    o3: 12,
    o3_1h_max: 40,
    o3_8h: 20,
    o3_8h_max: 30,
    source: 'cnemc',
    qc_flags: 0,
    ...extra,
  };
}

describe.each(testDialects())('air repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;

  async function setup() {
    ({ database } = await fresh());
    const stations = new StationsRepository(database);
    await stations.upsert(
      [
        {
          code: '1001A',
          name: '万寿西宫',
          city_code: '110000',
          county_code: null,
          longitude: 116.366,
          latitude: 39.8673,
          source: 'cnemc',
        },
        {
          code: '1012A',
          name: '定陵(对照点)',
          city_code: '110000',
          county_code: null,
          longitude: 116.22,
          latitude: 40.29,
          is_reference: 1,
          source: 'cnemc',
        },
      ],
      T,
    );
    return { air: new AirStore(database), stations };
  }

  it('inserts new hours, ignores identical re-imports and marks changed hours revised', async () => {
    const { air } = await setup();
    expect(await air.stationHours.upsert([hour('1001A', T, 50), hour('1012A', T, 20)], T)).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
    });
    expect(await air.stationHours.upsert([hour('1001A', T, 50), hour('1012A', T, 20)], T + 60)).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 2,
    });
    expect(await air.stationHours.upsert([hour('1001A', T, 55)], T + 120)).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 0,
    });
    const rows = await air.stationHours.at(T);
    expect(rows.map((r) => [r.station_code, r.pm2_5, r.revised, r.is_reference, r.city_code])).toEqual([
      ['1001A', 55, 1, 0, '110000'],
      ['1012A', 20, 0, 1, '110000'],
    ]);
  });

  it('keeps missing values missing (null, never 0) and takes the later copy of a repeated row', async () => {
    const { air } = await setup();
    await air.stationHours.upsert([hour('1001A', T, 50), hour('1001A', T, null)], T);
    const [row] = await air.stationHours.series('1001A', T - 3600, T);
    expect(row?.pm2_5).toBeNull();
    expect(row?.aqi).toBeNull();
    expect(await air.stationHours.latestTime()).toBe(T);
    expect(await air.stationHours.latestTime('demo')).toBeUndefined();
  });

  it('replaces derived city rows and reads them by city and by hour', async () => {
    const { air } = await setup();
    const city = {
      city_code: '110000',
      time: T,
      aqi: 70,
      level: 2,
      primary_pollutant: 'pm2_5',
      pm2_5: 50,
      pm2_5_24h: null,
      pm10: 80,
      pm10_24h: null,
      so2: 9,
      so2_24h: null,
      no2: 40,
      no2_24h: null,
      co: 0.8,
      co_24h: null,
      o3: 12,
      o3_1h_max: null,
      o3_8h: 20,
      o3_8h_max: null,
      station_count: 1,
      source: 'cnemc' as const,
      updated_at: T,
    };
    await air.cityHours.upsert([city]);
    await air.cityHours.upsert([{ ...city, aqi: 72 }]);
    expect((await air.cityHours.ofCity('110000', T, T)).map((r) => r.aqi)).toEqual([72]);
    expect((await air.cityHours.at(T)).length).toBe(1);
    expect(await air.cityHours.latestTime()).toBe(T);
  });

  it('purges one source and leaves the others', async () => {
    const { air } = await setup();
    await air.stationHours.upsert([hour('1001A', T, 50), hour('1012A', T, 20, { source: 'demo' })], T);
    expect(await air.deleteBySource('demo')).toBe(1);
    expect((await air.stationHours.at(T)).map((r) => r.station_code)).toEqual(['1001A']);
  });
});
