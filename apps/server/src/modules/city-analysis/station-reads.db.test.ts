import { chinaTime } from '@lantian/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../platform/db/database';
import { migrateToLatest } from '../../platform/db/migrate';
import { createTestDatabase, type TestDatabase, testDialects } from '../../testing/databases';
import { AirRepository } from '../air';
import { seedAir, station, stationHour } from '../weather/test-fixtures';

const H = 3600;
const T0 = chinaTime(2026, 11, 22, 1);

describe.each(testDialects())('air reads of the city-analysis calls on %s', (dialect) => {
  let target: TestDatabase;
  let database: Database;
  afterEach(async () => {
    await database.close();
    await target.drop();
  });

  async function setup(): Promise<AirRepository> {
    target = await createTestDatabase(dialect);
    database = openDatabase(target.config);
    await migrateToLatest(database.db);
    await seedAir(
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
    return new AirRepository(database);
  }

  it("finds a city's latest hour as of a time", async () => {
    const air = await setup();
    expect(await air.latestCityHourTime('110000', T0 + 10 * H)).toBe(T0 + 2 * H);
    expect(await air.latestCityHourTime('110000', T0 + H + 1)).toBe(T0 + H);
    expect(await air.latestCityHourTime('110000', T0 - 1)).toBeUndefined();
    expect(await air.latestCityHourTime('120000', T0 + 10 * H)).toBe(T0 + 4 * H);
  });

  it('pages every station hour of a city, newest hour first, then by station, and counts them', async () => {
    const air = await setup();
    const page = await air.cityStationHoursPage('110000', T0, T0 + 10 * H, { offset: 1, limit: 3 });
    expect(page.map((r) => [r.time - T0, r.station_code])).toEqual([
      [2 * H, 'A2'],
      [H, 'A1'],
      [H, 'A2'],
    ]);
    expect(page[1]).toMatchObject({ station_name: '甲', county_code: '110101', city_code: '110000', pm2_5: 40 });
    expect(await air.countCityStationHours('110000', T0, T0 + 10 * H)).toBe(6);
    expect(await air.countCityStationHours('110000', T0 + H, T0 + H)).toBe(2);
    expect(await air.countCityStationHours('310000', T0, T0 + 10 * H)).toBe(0);
  });
});
