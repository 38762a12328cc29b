import type { Config } from '../../config';
import type { Database } from '../../platform/db/database';
import type { Closable } from '../../platform/lifecycle';
import { StationsRepository } from '../stations';
import { SystemRepository } from '../system';
import { type DemoLog, DemoScheduler } from './scheduler';
import { DEMO_SEED_META, DemoSeedAborted, purgeDemoData, seedDemoData } from './seed';

export { DEFAULT_DEMO_SEED } from './model';
export { type DemoLog, DemoScheduler, type DemoSchedulerOptions, type TickReport } from './scheduler';
export {
  DEMO_SEED_META,
  DemoSeedAborted,
  demoCities,
  purgeDemoData,
  type SeedOptions,
  type SeedReport,
  seedDemoData,
  seedSpan,
} from './seed';

/**
 * The demo data's life in a running server (DEMO_DATA):
 * - `on`: an empty database (no stations at all) is seeded in the background — the server listens
 *   meanwhile, /healthz and /readyz answer, pages fill as the seed lands — then the scheduler adds
 *   every new hour. A seed cut short by a shutdown or a crash is redone at the next start.
 * - `off`: every demo row is deleted before the server starts listening, so that a deployment fed by
 *   real imports never shows a demo value.
 */

export interface DemoData extends Closable {
  /** Settles once the seed (if one was needed) is done and the scheduler runs, or demo data is off. */
  readonly ready: Promise<void>;
}

export interface StartDemoDataOptions {
  config: Pick<Config, 'demoData' | 'demoHistoryDays' | 'database'>;
  database: Database;
  log: DemoLog;
  clock?: () => number;
  onHourAdded?: (time: number) => void;
  intervalMs?: number;
}

/** Whether a database needs the demo seed: no stations at all, or a demo seed that never finished. */
export async function needsDemoSeed(database: Database): Promise<boolean> {
  const stations = new StationsRepository(database);
  if ((await stations.count()) === 0) return true;
  if ((await stations.count('demo')) === 0) return false;
  return (await new SystemRepository(database).getMeta(DEMO_SEED_META)) === 'running';
}

/** The SQLite file of a configuration, when the demo seed may write it from a worker thread. */
export function sqliteFile(config: Pick<Config, 'database'>): string | undefined {
  return config.database.kind === 'sqlite' && config.database.path !== ':memory:' ? config.database.path : undefined;
}

export async function startDemoData(options: StartDemoDataOptions): Promise<DemoData> {
  const { config, database, log } = options;
  const clock = options.clock ?? (() => Math.floor(Date.now() / 1000));
  if (config.demoData === 'off') {
    const removed = await purgeDemoData(database, clock());
    log.info({ removed }, `demo data off: removed ${removed} demo rows`);
    return { ready: Promise.resolve(), close: async () => {} };
  }

  let stopping = false;
  const scheduler = new DemoScheduler({
    database,
    historyDays: config.demoHistoryDays,
    clock,
    log,
    ...(options.onHourAdded === undefined ? {} : { onHourAdded: options.onHourAdded }),
    ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
  });
  const sqlitePath = sqliteFile(config);
  const ready = (async () => {
    if (await needsDemoSeed(database)) {
      log.info({ days: config.demoHistoryDays }, `demo data: seeding ${config.demoHistoryDays} days of history`);
      const report = await seedDemoData(database, {
        days: config.demoHistoryDays,
        now: clock(),
        shouldStop: () => stopping,
        ...(sqlitePath === undefined ? {} : { sqlitePath }),
      });
      log.info({ report }, `demo data seeded in ${report.seconds} s (${report.stationHours} station hours)`);
    }
    if (!stopping) scheduler.start();
  })().catch((err: unknown) => {
    if (err instanceof DemoSeedAborted) log.info({}, 'demo data: seeding stopped by shutdown; it restarts next time');
    else log.error({ err }, 'demo data: seeding failed');
  });
  return {
    ready,
    async close() {
      stopping = true;
      await ready;
      await scheduler.close();
    },
  };
}
