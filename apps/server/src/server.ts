import { buildApp } from './app';
import { ConfigError, describeDatabase, loadConfig } from './config';
import { SystemRepository } from './modules/system';
import { openDatabase } from './platform/db/database';
import { migrateToLatest } from './platform/db/migrate';
import { installGracefulShutdown } from './platform/lifecycle';
import { openSharedState } from './platform/state';

/** Start-up: configuration, database (migrated), shared state, HTTP. */
async function main() {
  const config = loadConfig();
  const database = openDatabase(config.database);
  const state = openSharedState(config.redisUrl);
  const { server } = await buildApp({ config, database, state });
  const log = server.log;
  try {
    const report = await migrateToLatest(database.db);
    log.info({ database: describeDatabase(config.database), applied: report.applied }, 'database ready');
    await new SystemRepository(database).recordStart(Math.floor(Date.now() / 1000));
    log.info({ sharedState: state.kind }, 'shared state ready');
    installGracefulShutdown([server, database, state], { timeoutMs: config.shutdownTimeoutMs, log });
    await server.listen({ port: config.port, host: config.host });
    log.info(`蓝天 Lantian is running at http://localhost:${config.port}/`);
  } catch (err) {
    log.fatal({ err }, 'start-up failed');
    await Promise.allSettled([server.close(), database.close(), state.close()]);
    throw err;
  }
}

main().catch((err: unknown) => {
  // A bad setting is the operator's to fix: one readable line, no stack trace.
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(`启动失败 / start-up failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exit(1);
});
