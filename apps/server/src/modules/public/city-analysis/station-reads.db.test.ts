import { chinaTime } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { seedStationHours } from '../../../testing/fixtures/air-rows';
import { station, stationHour } from '../../../testing/fixtures/weather-rows';
import { AirStore } from '../../data/air';

const H = 3600;
const T0 = chinaTime(2026, 11, 22, 1);

describe.each(testDialects())('air reads of the city-analysis calls on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;

  async function setup(): Promise<AirStore> {
    ({ database } = await fresh());
    await seedStationHours(
      database,
      [
        station('A1', '110000', '甲', { county_code: '110101' }),
        station('A2', '110000', '乙'),
        station('B1', '120000', '丙'),
      ],
      [
        ...[0, 1, 2].flatMap((i) => [stationHour('A1', T0 + i * H, 40), stationHour('A2', T0 + i * H, 50)]),
        stationHour('B1', T0 + 4 * H, 60),
      ],
    );
    return new AirStore(database);
  }

  it("finds a city's latest hour as of a time", async () => {
    const air = await setup();
    expect(await air.cityHours.latestTimeOf('110000', T0 + 10 * H)).toBe(T0 + 2 * H);
    expect(await air.cityHours.latestTimeOf('110000', T0 + H + 1)).toBe(T0 + H);
    expect(await air.cityHours.latestTimeOf('110000', T0 - 1)).toBeUndefined();
    expect(await air.cityHours.latestTimeOf('120000', T0 + 10 * H)).toBe(T0 + 4 * H);
  });

  it('pages every station hour of a city, newest hour first, then by station, and counts them', async () => {
    const air = await setup();
    const page = await air.stationHours.pageOfCity('110000', T0, T0 + 10 * H, { offset: 1, limit: 3 });
    expect(page.map((r) => [r.time - T0, r.station_code])).toEqual([
      [2 * H, 'A2'],
      [H, 'A1'],
      [H, 'A2'],
    ]);
    expect(page[1]).toMatchObject({ station_name: '甲', county_code: '110101', city_code: '110000', pm2_5: 40 });
    expect(await air.stationHours.countOfCity('110000', T0, T0 + 10 * H)).toBe(6);
    expect(await air.stationHours.countOfCity('110000', T0 + H, T0 + H)).toBe(2);
    expect(await air.stationHours.countOfCity('310000', T0, T0 + 10 * H)).toBe(0);
  });
});
