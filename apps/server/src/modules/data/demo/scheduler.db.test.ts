import { listCities } from '@lantian/areas';
import { chinaTime } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { AirStore } from '../air';
import { StationsRepository } from '../stations';
import { WeatherRepository } from '../weather';
import { cityHourRows, generateCityBlock, stationHourRows, weatherHourRows } from './generator';
import { cityProfile } from './geography';
import { DEFAULT_DEMO_SEED } from './model';
import { DemoScheduler } from './scheduler';
import { seedDemoData, toDemoStation } from './seed';

const HOUR = 3600;
const SEEDED_AT = chinaTime(2025, 11, 21, 10, 20);
const LAST_SEEDED = chinaTime(2025, 11, 21, 10);
const CITIES = ['110000', '310000'];

describe.each(testDialects())('demo scheduler on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  async function seeded(days: number, now = SEEDED_AT) {
    const { database } = await fresh();
    await seedDemoData(database, { days, now, cities: CITIES });
    return database;
  }

  it('adds exactly the hours that ended since the last one, continuing the series', async () => {
    const database = await seeded(2);
    let now = SEEDED_AT + 5 * HOUR;
    const announced: number[] = [];
    const scheduler = new DemoScheduler({
      database,
      historyDays: 2,
      clock: () => now,
      onHourAdded: (t) => announced.push(t),
    });
    const expected = [1, 2, 3, 4, 5].map((k) => LAST_SEEDED + k * HOUR);
    const first = await scheduler.tick();
    expect(first.added).toEqual(expected);
    expect(announced).toEqual(expected);
    expect((await scheduler.tick()).added).toEqual([]);
    now += HOUR;
    expect((await scheduler.tick()).added).toEqual([LAST_SEEDED + 6 * HOUR]);

    // The new hours are what the generator makes for them, whenever asked: one series, no seam.
    const air = new AirStore(database);
    const last = LAST_SEEDED + 6 * HOUR;
    const stations = await new StationsRepository(database).all('demo');
    for (const city of CITIES) {
      const area = listCities().find((a) => a.code === city);
      if (area === undefined) throw new Error(city);
      const own = stations.filter((s) => s.city_code === city);
      const block = generateCityBlock(
        cityProfile(area),
        own.map(toDemoStation),
        DEFAULT_DEMO_SEED,
        LAST_SEEDED - 2 * HOUR,
        last,
        {
          cityHours: true,
        },
      );
      const strip = <T extends { updated_at: number }>(rows: T[]) => rows.map(({ updated_at: _u, ...rest }) => rest);
      const stored = (
        await Promise.all(own.map((s) => air.stationHours.series(s.code, LAST_SEEDED - 2 * HOUR, last)))
      ).flat();
      expect(stored).toHaveLength(own.length * 9);
      expect(strip(stored)).toEqual(strip(stationHourRows(block, 0)));
      const hours = await air.cityHours.ofCity(city, LAST_SEEDED - 2 * HOUR, last);
      expect(hours.map((h) => h.time).slice(3)).toEqual([...expected, last]);
      expect(strip(hours)).toEqual(strip(cityHourRows(block, 0)));
      const weather = await new WeatherRepository(database).observations(city, LAST_SEEDED - 2 * HOUR, last);
      expect(strip(weather)).toEqual(strip(weatherHourRows(block, 0)));
    }
  });

  it('re-issues the forecasts when the China day changes, not before', async () => {
    const database = await seeded(1);
    let now = SEEDED_AT + HOUR;
    const scheduler = new DemoScheduler({ database, historyDays: 1, clock: () => now });
    expect((await scheduler.tick()).forecastsIssued).toBe(false);
    now = chinaTime(2025, 11, 22, 0, 5);
    const report = await scheduler.tick();
    expect(report.forecastsIssued).toBe(true);
    expect(report.added).toHaveLength(13); // 12:00 … 24:00, the first tick having added 11:00
    const days = await new WeatherRepository(database).dailyForecasts('110000', chinaTime(2025, 11, 22));
    expect(days[0]?.issued_at).toBe(chinaTime(2025, 11, 22, 0));
    expect((await new AirStore(database).forecasts.ofCity('310000', chinaTime(2025, 11, 22)))[0]?.issued_at).toBe(
      chinaTime(2025, 11, 22, 0),
    );
  });

  it('catches up at most the history length after a long stop', async () => {
    const database = await seeded(1);
    const now = SEEDED_AT + 10 * 24 * HOUR;
    const scheduler = new DemoScheduler({ database, historyDays: 2, clock: () => now });
    const report = await scheduler.tick();
    expect(report.added).toHaveLength(48);
    expect(report.added[0]).toBe(LAST_SEEDED + 10 * 24 * HOUR - 47 * HOUR);
    const air = new AirStore(database);
    expect(await air.cityHours.ofCity('110000', LAST_SEEDED + HOUR, (report.added[0] ?? 0) - HOUR)).toHaveLength(0);
    expect(await air.cityHours.ofCity('110000', report.added[0] ?? 0, now)).toHaveLength(48);
  });

  it('stops cleanly: close waits for the tick in flight and no timer is left', async () => {
    const database = await seeded(1);
    const added: number[] = [];
    const scheduler = new DemoScheduler({
      database,
      historyDays: 1,
      clock: () => SEEDED_AT + 3 * HOUR,
      intervalMs: 10,
      onHourAdded: (t) => added.push(t),
    });
    scheduler.start();
    await scheduler.close();
    expect(added).toHaveLength(3);
    const stationCode = (await new StationsRepository(database).all('demo'))[0]?.code ?? '';
    expect(await new AirStore(database).stationHours.latestTimeOf(stationCode)).toBe(LAST_SEEDED + 3 * HOUR);
  });
});
