import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { H, seedAlarmHours } from '../../../testing/fixtures/alarm-scene';
import { AirStore } from '../../data/air';

/** The air repository's reads behind the public alarms, on every dialect. */
describe.each(testDialects())('alarm hours on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;

  async function setup() {
    ({ database } = await fresh());
    await seedAlarmHours(database);
    return new AirStore(database);
  }

  it('returns only the station hours above a threshold, in range, with station name and city', async () => {
    const air = await setup();
    const rows = await air.stationHours.aboveThresholds(H(1), H(10), { pm2_5: 75 });
    expect(rows.map((r) => [r.station_code, r.time, r.pm2_5])).toEqual([
      ['1001A', H(2), 80],
      ['1001A', H(3), 120],
      ['1001A', H(4), 160],
      ['1001A', H(5), 90],
      ['1001A', H(8), 100],
      ['1001A', H(9), 100],
      ['1002A', H(9), 90],
      ['1002A', H(10), 110],
    ]);
    expect(rows[0]).toMatchObject({ station_name: '万寿西宫', city_code: '110000', source: 'cnemc', pm10: 60 });
    expect(typeof rows[0]?.time).toBe('number');
    expect(await air.stationHours.aboveThresholds(H(3), H(4), { pm2_5: 75 }, '110000')).toHaveLength(2);
    expect(await air.stationHours.aboveThresholds(H(1), H(10), { pm2_5: 75 }, '310000')).toEqual([]);
  });

  it('ORs the thresholds of several columns, and an empty set of thresholds returns nothing', async () => {
    const air = await setup();
    const rows = await air.stationHours.aboveThresholds(H(1), H(10), { pm2_5: 150, pm10: 55 }, '310000');
    expect(rows).toHaveLength(10);
    expect(await air.stationHours.aboveThresholds(H(1), H(10), {})).toEqual([]);
    expect(await air.cityHours.aboveThresholds(H(1), H(10), {})).toEqual([]);
  });

  it('returns the city hours above a threshold, for one city or all', async () => {
    const air = await setup();
    const all = await air.cityHours.aboveThresholds(H(1), H(10), { aqi: 100 });
    expect(all.map((r) => [r.city_code, r.time])).toEqual([
      ['110000', H(4)],
      ['110000', H(9)],
      ['110000', H(10)],
    ]);
    expect(all[0]).toMatchObject({ pm2_5: 95, source: 'cnemc' });
    expect(await air.cityHours.aboveThresholds(H(1), H(10), { aqi: 100 }, '310000')).toEqual([]);
  });
});
