import { type Clock, systemClock } from '../../../platform/clock';
import type { DatabaseConfig } from '../../../platform/config';
import type { Database } from '../../../platform/db/database';
import type { Closable } from '../../../platform/lifecycle';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { notifyHourIngested } from '../air';
import { StationsRepository } from '../stations';
import { DEMO_SEED_META, SystemRepository } from '../system';
import { type DemoSettings, readDemoSettings } from './demo.settings';
import type { DemoTables } from './demo.tables';
import { type DemoLog, DemoScheduler } from './scheduler';
import { DemoSeedAborted, purgeDemoData, seedDemoData } from './seed';

export { type DemoSettings, readDemoSettings } from './demo.settings';
export type { DemoTables } from './demo.tables';
export { type CitySeries, citySeries, DEFAULT_DEMO_SEED } from './model';
export { type DemoLog, DemoScheduler, type DemoSchedulerOptions, type TickReport } from './scheduler';
export {
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
  settings: DemoSettings;
  /** Where the database lives: a SQLite file lets the seed write from a worker thread. */
  databaseConfig: DatabaseConfig;
  database: Database<DemoTables>;
  log: DemoLog;
  clock?: Clock;
  onHourAdded?: (time: number) => void;
  intervalMs?: number;
}

/** Whether a database needs the demo seed: no stations at all, or a demo seed that never finished. */
export async function needsDemoSeed(database: Database<DemoTables>): Promise<boolean> {
  const stations = new StationsRepository(database);
  if ((await stations.count()) === 0) return true;
  if ((await stations.count('demo')) === 0) return false;
  return (await new SystemRepository(database).getMeta(DEMO_SEED_META)) === 'running';
}

/** The SQLite file of a configuration, when the demo seed may write it from a worker thread. */
export function sqliteFile(database: DatabaseConfig): string | undefined {
  return database.kind === 'sqlite' && database.path !== ':memory:' ? database.path : undefined;
}

export async function startDemoData(options: StartDemoDataOptions): Promise<DemoData> {
  const { settings, database, log } = options;
  const clock = options.clock ?? systemClock;
  if (settings.data === 'off') {
    const removed = await purgeDemoData(database, clock());
    log.info({ removed }, `demo data off: removed ${removed} demo rows`);
    return { ready: Promise.resolve(), close: async () => {} };
  }

  let stopping = false;
  const scheduler = new DemoScheduler({
    database,
    historyDays: settings.historyDays,
    clock,
    log,
    ...(options.onHourAdded === undefined ? {} : { onHourAdded: options.onHourAdded }),
    ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
  });
  const sqlitePath = sqliteFile(options.databaseConfig);
  const ready = (async () => {
    if (await needsDemoSeed(database)) {
      log.info({ days: settings.historyDays }, `demo data: seeding ${settings.historyDays} days of history`);
      const report = await seedDemoData(database, {
        days: settings.historyDays,
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

/**
 * Generated demo data (labelled `source: "demo"`), started with the server: the seed, then a new
 * demo hour every hour. Each new hour, and the end of the seed, is announced on the air module's
 * channel so every instance rebuilds what it derived from the old rows.
 */
export const demo = defineModule({
  name: 'demo',
  settings: readDemoSettings,
  create(context: ModuleContext<DemoTables, DemoSettings>) {
    const { log, state } = context;
    let running: DemoData | undefined;
    const announce = (time: number) => {
      notifyHourIngested(state, time).catch((err: unknown) => log.warn({ err }, 'could not announce a new hour'));
    };
    return {
      api: {
        /** Settles once the demo seed (if any) is done: other demo producers wait for it rather than compete. */
        ready: (): Promise<void> => running?.ready ?? Promise.resolve(),
      },
      start: async () => {
        running = await startDemoData({
          settings: context.settings,
          databaseConfig: context.config.database,
          database: context.database,
          log,
          onHourAdded: announce,
        });
        void running.ready.then(() => announce(systemClock()));
      },
      close: async () => {
        await running?.close();
      },
    };
  },
});
