import { chinaTime } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import type { DatabaseConfig } from '../../../platform/config';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { AirStore } from '../air';
import { StationsRepository } from '../stations';
import { SystemRepository } from '../system';
import { WeatherRepository } from '../weather';
import { type DemoLog, startDemoData } from '.';
import { DEMO_SEED_META, seedDemoData } from './seed';

const NOW = chinaTime(2025, 11, 21, 10, 20);

function recorder() {
  const lines: string[] = [];
  const log: DemoLog = {
    info: (_obj, msg) => lines.push(`info ${msg ?? ''}`),
    warn: (_obj, msg) => lines.push(`warn ${msg ?? ''}`),
    error: (_obj, msg) => lines.push(`error ${msg ?? ''}`),
  };
  return { lines, log };
}

describe.each(testDialects())('demo data at start-up on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;
  let databaseConfig: DatabaseConfig;

  async function setup() {
    ({ database, config: databaseConfig } = await fresh());
  }

  const config = (data: 'on' | 'off', historyDays = 1) => ({ settings: { data, historyDays }, databaseConfig });

  it('DEMO_DATA=off deletes every demo row, logs how many, and leaves imported data alone', async () => {
    await setup();
    await new StationsRepository(database).upsert(
      [
        {
          code: '1001A',
          name: '万寿西宫',
          city_code: '110000',
          county_code: null,
          longitude: 116.37,
          latitude: 39.87,
          source: 'cnemc',
        },
      ],
      0,
    );
    const report = await seedDemoData(database, { days: 1, now: NOW, cities: ['110000', '310000'] });
    const { lines, log } = recorder();
    const demo = await startDemoData({ ...config('off'), database, log, clock: () => NOW });
    await demo.ready;
    await demo.close();
    expect(await new StationsRepository(database).count('demo')).toBe(0);
    expect(await new StationsRepository(database).count()).toBe(1);
    expect(await new AirStore(database).cityHours.between(0, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(await new WeatherRepository(database).observations('310000', 0, Number.MAX_SAFE_INTEGER)).toEqual([]);
    const removed = lines.find((l) => l.includes('removed'));
    expect(Number(/removed (\d+)/.exec(removed ?? '')?.[1])).toBeGreaterThan(report.stationHours);
  });

  it('DEMO_DATA=on seeds an empty database once, then keeps it', async () => {
    await setup();
    const first = recorder();
    const demo = await startDemoData({ ...config('on'), database, log: first.log, clock: () => NOW });
    await demo.ready;
    await demo.close();
    expect(first.lines.some((l) => /demo data seeded in [\d.]+ s/.test(l))).toBe(true);
    expect(await new StationsRepository(database).count('demo')).toBeGreaterThan(1000);
    expect(await new AirStore(database).cityHours.at(chinaTime(2025, 11, 21, 10))).toHaveLength(337);

    const second = recorder();
    const again = await startDemoData({ ...config('on'), database, log: second.log, clock: () => NOW });
    await again.ready;
    await again.close();
    expect(second.lines.some((l) => l.includes('seeding'))).toBe(false);
  });

  it('redoes a seed that was cut short, and leaves a database of imported stations unseeded', async () => {
    await setup();
    await seedDemoData(database, { days: 1, now: NOW, cities: ['110000'] });
    await new SystemRepository(database).setMeta(DEMO_SEED_META, 'running', NOW);
    const interrupted = recorder();
    const demo = await startDemoData({ ...config('on'), database, log: interrupted.log, clock: () => NOW });
    await demo.ready;
    await demo.close();
    expect(interrupted.lines.some((l) => l.includes('seeded'))).toBe(true);
    expect(await new StationsRepository(database).count('demo')).toBeGreaterThan(1000);

    await new StationsRepository(database).deleteBySource('demo');
    await new StationsRepository(database).upsert(
      [
        {
          code: '1001A',
          name: '万寿西宫',
          city_code: '110000',
          county_code: null,
          longitude: 116.37,
          latitude: 39.87,
          source: 'cnemc',
        },
      ],
      0,
    );
    const imported = recorder();
    const other = await startDemoData({ ...config('on'), database, log: imported.log, clock: () => NOW });
    await other.ready;
    await other.close();
    expect(imported.lines.some((l) => l.includes('seeding'))).toBe(false);
  });

  it('stops a seed under way when closed, and marks it unfinished', async () => {
    await setup();
    const { lines, log } = recorder();
    const demo = await startDemoData({
      ...config('on', 30),
      database,
      log,
      clock: () => NOW,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await demo.close();
    expect(lines.some((l) => l.includes('stopped by shutdown'))).toBe(true);
    expect(await new SystemRepository(database).getMeta(DEMO_SEED_META)).toBe('running');
  });
});
