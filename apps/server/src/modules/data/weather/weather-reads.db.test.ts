import { chinaTime } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { weatherRow } from '../../../testing/fixtures/weather-rows';
import { WeatherRepository } from './weather.repository';

const H = 3600;
const T0 = chinaTime(2026, 11, 22, 1);

describe.each(testDialects())('weather reads of the public calls on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;

  async function setup(): Promise<WeatherRepository> {
    ({ database } = await fresh());
    const repo = new WeatherRepository(database);
    await repo.upsertObservations([
      ...Array.from({ length: 6 }, (_, i) => weatherRow('110000', T0 + i * H, { temperature: i })),
      weatherRow('120000', T0 + 2 * H, { temperature: 20 }),
      weatherRow('130100', T0 + 9 * H, { temperature: 30 }),
    ]);
    return repo;
  }

  it("finds a city's latest observation and the latest hour of any city as of a time", async () => {
    const repo = await setup();
    expect((await repo.latestObservation('110000', T0 + 3 * H + 59))?.temperature).toBe(3);
    expect((await repo.latestObservation('110000', T0 + 100 * H))?.time).toBe(T0 + 5 * H);
    expect(await repo.latestObservation('110000', T0 - 1)).toBeUndefined();
    expect(await repo.latestObservation('310000', T0 + 100 * H)).toBeUndefined();
    expect(await repo.latestObservationTimeUpTo(T0 + 8 * H)).toBe(T0 + 5 * H);
    expect(await repo.latestObservationTimeUpTo(T0 + 9 * H)).toBe(T0 + 9 * H);
    expect(await repo.latestObservationTimeUpTo(T0 - 1)).toBeUndefined();
  });

  it("pages a city's observations newest first and counts them", async () => {
    const repo = await setup();
    const page = await repo.observationsPage('110000', T0 + H, T0 + 5 * H, { offset: 1, limit: 2 });
    expect(page.map((r) => r.temperature)).toEqual([4, 3]);
    expect(await repo.countObservations('110000', T0 + H, T0 + 5 * H)).toBe(5);
    expect(await repo.countObservations('310000', T0, T0 + 5 * H)).toBe(0);
  });

  it('reads only the cities asked for at one hour', async () => {
    const repo = await setup();
    const rows = await repo.observationsOfCitiesAt(T0 + 2 * H, ['120000', '110000', '310000']);
    expect(rows.map((r) => [r.city_code, r.temperature])).toEqual([
      ['110000', 2],
      ['120000', 20],
    ]);
    expect(await repo.observationsOfCitiesAt(T0 + 2 * H, [])).toEqual([]);
  });
});
