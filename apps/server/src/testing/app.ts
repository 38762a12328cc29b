import { type App, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type AppDatabase, migrateAppDatabase, openAppDatabase } from '../database';
import type { Clock } from '../platform/clock';
import type { AccessChecks } from '../platform/http/access';
import { MemoryState, type SharedState } from '../platform/state';
import { tempDir } from './databases';

export interface TestApp extends App {
  config: Config;
  database: AppDatabase;
  state: SharedState;
  /** The folder of its database file (a second instance opens the same file). */
  dir: string;
  close(): Promise<void>;
}

/**
 * A real application over a fresh, migrated SQLite database and in-process state, driven with
 * `server.inject`. `configure` may add routes before the app is ready (tests of the platform layer).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    access?: AccessChecks;
    /** The data calls' clock, epoch seconds. */
    now?: Clock;
    configure?: (app: App) => void | Promise<void>;
    /** A second instance of `first`'s deployment: its database file and its shared state. */
    instanceOf?: TestApp;
  } = {},
): Promise<TestApp> {
  const first = options.instanceOf;
  const dir = first?.dir ?? tempDir();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATABASE_URL: `sqlite:${dir}/test.db`,
      WEB_DIST_DIR: `${dir}/no-web`,
      CONSOLE_DIST_DIR: `${dir}/no-console`,
      ...options.env,
    },
    dir,
  );
  const database = openAppDatabase(config.database);
  await migrateAppDatabase(database);
  const state = first?.state ?? new MemoryState();
  const app = await buildApp({
    config,
    database,
    state,
    ...(options.access ? { access: options.access } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  await options.configure?.(app);
  await app.server.ready();
  return {
    ...app,
    config,
    database,
    state,
    dir,
    close: async () => {
      await app.server.close();
      await database.close();
      // The first instance owns the shared state.
      if (first === undefined) await state.close();
    },
  };
}
