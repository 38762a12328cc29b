import { chinaTime } from '@lantian/domain';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { MemoryState } from '../../../platform/state';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { addHours, addStations, H, HOUR, stationHour } from '../../../testing/fixtures/city-air-scene';
import { AirStore } from './air.store';
import { CurrentSnapshot, SNAPSHOT_WINDOW_SECONDS } from './current-snapshot';
import { notifyHourIngested } from './hour-events';

const until = async (condition: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not met within 1 s');
};

describe.each(testDialects())('city-air reads and the current-hour snapshot on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;
  let state: MemoryState;
  afterEach(async () => {
    await state.close();
  });

  async function setup() {
    ({ database } = await fresh());
    state = new MemoryState();
    await addStations(database);
    return new AirStore(database);
  }

  it("reads each city's and each station's newest hour, within the window only", async () => {
    const air = await setup();
    await addHours(database, [
      stationHour('1001A', HOUR - H, { pm2_5: 30 }),
      stationHour('1001A', HOUR, { pm2_5: 40 }),
      stationHour('1002A', HOUR - 2 * H, { pm2_5: 50 }),
      stationHour('D310000-01', HOUR - 8 * 24 * H, { pm2_5: 10 }, 'demo'),
    ]);
    const since = HOUR - SNAPSHOT_WINDOW_SECONDS;
    const cities = await air.cityHours.latestPerCity(since);
    expect(cities.map((c) => [c.city_code, c.time, c.pm2_5])).toEqual([['110000', HOUR, 40]]);
    const stations = await air.stationHours.latestPerStation(since);
    expect(stations.map((s) => [s.station_code, s.time, s.city_code, s.station_name])).toEqual([
      ['1001A', HOUR, '110000', '万寿西宫'],
      ['1002A', HOUR - 2 * H, '110000', '定陵'],
    ]);
    // Without the bound the week-old Shanghai hour is there: the window is what leaves it out.
    expect((await air.cityHours.latestPerCity(0)).map((c) => c.city_code)).toEqual(['110000', '310000']);
  });

  it("reads a city's hour series in time order with only the columns a series shows", async () => {
    const air = await setup();
    await addHours(database, [
      stationHour('1001A', HOUR, { pm2_5: 40 }),
      stationHour('1001A', HOUR - 2 * H, { pm2_5: 30 }),
      stationHour('1001A', HOUR - 5 * H, { pm2_5: 20 }),
    ]);
    const rows = await air.cityHours.seriesOf('110000', HOUR - 3 * H, HOUR);
    expect(rows).toEqual([
      expect.objectContaining({ time: HOUR - 2 * H, pm2_5: 30, station_count: 1, source: 'cnemc' }),
      expect.objectContaining({ time: HOUR, pm2_5: 40, aqi: 57, level: 2, primary_pollutant: 'pm2_5' }),
    ]);
    expect(Object.keys(rows[0] ?? {})).not.toContain('pm2_5_24h');
  });

  it("lists a city's years in order", async () => {
    const air = await setup();
    const year = (y: number) => ({
      city_code: '110000',
      year: y,
      pm2_5: 30,
      pm10: 60,
      so2: 3,
      no2: 30,
      co_p95: 1,
      o3_8h_p90: 170,
      composite_index: 4,
      aqi_mean: 80,
      days: 365,
      good_days: 280,
      level1_days: 100,
      level2_days: 180,
      level3_days: 60,
      level4_days: 20,
      level5_days: 5,
      level6_days: 0,
      source: 'cnemc' as const,
      updated_at: 0,
    });
    await air.cityYears.upsert([year(2024), year(2022), { ...year(2023), city_code: '310000' }]);
    expect((await air.cityYears.ofCity('110000')).map((y) => y.year)).toEqual([2022, 2024]);
  });

  it('answers from memory, and every instance rebuilds when a new hour is announced', async () => {
    const air = await setup();
    await addHours(database, [stationHour('1001A', HOUR, { pm2_5: 40 })]);
    const errors: unknown[] = [];
    const a = new CurrentSnapshot(air, { onError: (e) => errors.push(e) });
    const b = new CurrentSnapshot(new AirStore(database), { onError: (e) => errors.push(e) });
    await a.listen(state);
    await b.listen(state);
    const first = await a.current();
    expect(first.hour).toBe(HOUR);
    expect(first.cities.get('110000')?.pm2_5).toBe(40);
    expect(first.stations.get('1001A')?.station_name).toBe('万寿西宫');
    // Same rows, same id: two instances give the same ETags.
    expect((await b.current()).tag).toBe(first.tag);

    await addHours(database, [stationHour('1001A', HOUR + H, { pm2_5: 60 })]);
    expect((await a.current()).hour).toBe(HOUR);
    await notifyHourIngested(state, HOUR + H);
    await until(async () => (await a.current()).hour === HOUR + H && (await b.current()).hour === HOUR + H);
    expect((await a.current()).cities.get('110000')?.pm2_5).toBe(60);
    expect((await a.current()).tag).not.toBe(first.tag);
    expect((await a.current()).tag).toBe((await b.current()).tag);
    await a.close();
    await b.close();
    expect(errors).toEqual([]);
  });

  it('rebuilds without a message once a minute has passed and the newest stored hour moved on', async () => {
    const air = await setup();
    await addHours(database, [stationHour('1001A', HOUR, { pm2_5: 40 })]);
    let clockMs = 1_000_000;
    const snapshot = new CurrentSnapshot(air, { clockMs: () => clockMs, onError: (e) => expect.fail(String(e)) });
    expect((await snapshot.current()).hour).toBe(HOUR);
    await addHours(database, [stationHour('1001A', HOUR + H, { pm2_5: 60 })]);
    clockMs += 59_000;
    await snapshot.current();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await snapshot.current()).hour).toBe(HOUR);
    clockMs += 2_000;
    await snapshot.current();
    await until(async () => (await snapshot.current()).hour === HOUR + H);
  });

  it('gives a revised hour a new build id though its time is the same', async () => {
    const air = await setup();
    await addHours(database, [stationHour('1001A', HOUR, { pm2_5: 40 })]);
    const snapshot = new CurrentSnapshot(air, { onError: (e) => expect.fail(String(e)) });
    const before = await snapshot.current();
    await new AirStore(database).stationHours.upsert([stationHour('1001A', HOUR, { pm2_5: 45 })], HOUR + 600);
    const after = await snapshot.refresh();
    expect(after.hour).toBe(before.hour);
    expect(after.stations.get('1001A')?.pm2_5).toBe(45);
    expect(after.buildId).not.toBe(before.buildId);
  });

  it('keeps serving the snapshot it has when a rebuild fails, and reports the failure', async () => {
    const air = await setup();
    await addHours(database, [stationHour('1001A', HOUR, { pm2_5: 40 })]);
    const errors: unknown[] = [];
    const snapshot = new CurrentSnapshot(air, { onError: (e) => errors.push(e) });
    await snapshot.listen(state);
    const before = await snapshot.current();
    const failing = new Error('database gone');
    air.cityHours.latestPerCity = async () => {
      throw failing;
    };
    await notifyHourIngested(state, chinaTime(2024, 5, 10, 15));
    await until(() => errors.length > 0);
    expect(errors).toEqual([failing]);
    expect(await snapshot.current()).toBe(before);
    await snapshot.close();
  });
});
