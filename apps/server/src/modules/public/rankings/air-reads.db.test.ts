import { chinaTime } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { cityDay, cityHour, newStation, stationHour } from '../../../testing/fixtures/air-rows';
import { AirStore, type PeriodAggregateColumns } from '../../data/air';
import { StationsRepository } from '../../data/stations';

/** The AirStore reads added for rankings, timelines, sites and the map, on every dialect. */

const T = chinaTime(2024, 5, 10, 12);
const H = 3600;
const DAY = chinaTime(2024, 5, 9);

const period: PeriodAggregateColumns = {
  city_code: '320100',
  pm2_5: 30,
  pm10: 60,
  so2: 8,
  no2: 30,
  co_p95: 1.1,
  o3_8h_p90: 150,
  composite_index: 3.9,
  aqi_mean: 70,
  days: 31,
  good_days: 28,
  level1_days: 10,
  level2_days: 18,
  level3_days: 3,
  level4_days: 0,
  level5_days: 0,
  level6_days: 0,
  source: 'cnemc',
  updated_at: 0,
};

describe.each(testDialects())('air reads for rankings and sites on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;

  async function setup(): Promise<AirStore> {
    ({ database } = await fresh());
    return new AirStore(database);
  }

  it('finds the latest day, month and year not after a bound', async () => {
    const air = await setup();
    expect(await air.cityDays.latest(DAY)).toBeUndefined();
    await air.cityDays.upsert([
      cityDay('320100', DAY - 86_400, {}),
      cityDay('320100', DAY, {}),
      cityDay('320500', DAY + 86_400, {}),
    ]);
    await air.cityMonths.upsert([
      { ...period, month: 202403 },
      { ...period, month: 202405 },
    ]);
    await air.cityYears.upsert([
      { ...period, year: 2022 },
      { ...period, year: 2024 },
    ]);
    expect(await air.cityDays.latest(DAY)).toBe(DAY);
    expect(await air.cityMonths.latest(202404)).toBe(202403);
    expect(await air.cityYears.latest(2023)).toBe(2022);
    expect(await air.cityYears.one('320100', 2024)).toMatchObject({ composite_index: 3.9, days: 31 });
    expect(await air.cityYears.one('320100', 2023)).toBeUndefined();
  });

  it("gives each city's last hour in a window, the latest city row, and level counts with AQI sums", async () => {
    const air = await setup();
    await air.cityHours.upsert([
      cityHour('320100', T - 3 * H, { pm2_5: 80 }),
      cityHour('320100', T - H, { pm2_5: 20 }),
      cityHour('320500', T - 2 * H, { pm2_5: 20 }),
      cityHour('320500', T, {}),
      cityHour('110000', T, { pm2_5: 80 }),
      cityHour('310000', T, { pm2_5: 90 }),
    ]);
    const last = await air.cityHours.lastTimePerCity(T - 24 * H, T - H);
    expect(last.sort((a, b) => a.city_code.localeCompare(b.city_code))).toEqual([
      { city_code: '320100', time: T - H },
      { city_code: '320500', time: T - 2 * H },
    ]);
    expect((await air.cityHours.latestOf('320100'))?.time).toBe(T - H);
    expect(await air.cityHours.latestOf('440100')).toBeUndefined();
    const counts = await air.cityHours.levelCounts(T - H, T);
    expect(counts.sort((a, b) => a.time - b.time || a.level - b.level)).toEqual([
      { time: T - H, level: 1, cities: 1, aqiCount: 1, aqiSum: 29 },
      { time: T, level: 0, cities: 1, aqiCount: 0, aqiSum: null },
      { time: T, level: 3, cities: 2, aqiCount: 2, aqiSum: 107 + 119 },
    ]);
    await air.cityDays.upsert([
      cityDay('320100', DAY, { aqi: 60, level: 2 }),
      cityDay('320500', DAY, { aqi: 70, level: 2 }),
    ]);
    expect(await air.cityDays.levelCounts(DAY, DAY)).toEqual([
      { time: DAY, level: 2, cities: 2, aqiCount: 2, aqiSum: 130 },
    ]);
  });

  it("gives each station's latest hour in one query, and every station's hours of a day", async () => {
    const air = await setup();
    await new StationsRepository(database).upsert([newStation('A', '320100'), newStation('B', '320100')], 0);
    await air.stationHours.upsert(
      [
        stationHour('A', T - 2 * H, { pm2_5: 10 }),
        stationHour('A', T, { pm2_5: 20 }),
        stationHour('B', T - 5 * H, { pm2_5: 30 }),
        stationHour('B', DAY + 24 * H, { pm2_5: 40 }),
        stationHour('B', DAY, { pm2_5: 50 }),
      ],
      0,
    );
    const latest = await air.stationHours.latestOf(['A', 'B', 'C']);
    expect(latest.map((h) => [h.station_code, h.time, h.pm2_5])).toEqual([
      ['A', T, 20],
      ['B', T - 5 * H, 30],
    ]);
    expect(await air.stationHours.latestOf([])).toEqual([]);
    // A day is the hours labelled 01:00 … 24:00: the one labelled 00:00 belongs to the day before.
    const day = await air.stationHours.dayInputs(DAY, DAY + 24 * H);
    expect(day).toEqual([
      {
        station_code: 'B',
        time: DAY + 24 * H,
        pm2_5: 40,
        pm10: null,
        so2: null,
        no2: null,
        co: null,
        o3: null,
        source: 'cnemc',
      },
    ]);
  });
});
