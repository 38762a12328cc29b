import pino from 'pino';
import type { Config } from '../config';
import { type AppDatabase, migrateAppDatabase, openAppDatabase } from '../database';
import { MODULES } from '../modules/registry';
import { systemClock } from '../platform/clock';
import { type CreatedModules, createModules } from '../platform/module';
import { openSharedState, type SharedState } from '../platform/state';

export interface CliModules {
  use: CreatedModules['use'];
  database: AppDatabase;
  state: SharedState;
}

/**
 * Runs `work` with the application's modules created over the configured database (migrated first)
 * and shared state, as the server has them but without routes or background work: commands that
 * administer the platform (`operator …`, `openapi add-app …`) go through the modules' own services,
 * so the rules and the audit log are the same as in the console. Logs go to stderr, so that `--json`
 * output stays one line on stdout.
 */
export async function withModules<T>(config: Config, work: (modules: CliModules) => Promise<T>): Promise<T> {
  const database = openAppDatabase(config.database);
  const state = openSharedState(config.redisUrl, config.redisTimeouts);
  try {
    await migrateAppDatabase(database);
    const log = pino({ level: config.logLevel === 'silent' ? 'silent' : 'warn' }, pino.destination(2));
    const { use } = await createModules(MODULES, { database, state, config, now: systemClock, log });
    return await work({ use, database, state });
  } finally {
    await Promise.allSettled([database.close(), state.close()]);
  }
}
