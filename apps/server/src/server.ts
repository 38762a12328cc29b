import { buildApp } from './app';
import { ConfigError, describeDatabase, loadConfig } from './config';
import { migrateAppDatabase, openAppDatabase } from './database';
import { installGracefulShutdown } from './platform/lifecycle';
import { openSharedState, pingAtStartup, RedisState } from './platform/state';

/**
 * Start-up: configuration (every module's settings checked), database (migrated), shared state,
 * HTTP. The modules' background work starts once the database is ready — with DEMO_DATA=on an
 * empty database is seeded in the background while the server already listens (modules/data/demo);
 * with off, demo rows are removed before it listens.
 */
async function main() {
  const config = loadConfig();
  const database = openAppDatabase(config.database);
  const state = openSharedState(config.redisUrl, config.redisTimeouts);
  try {
    // Before the modules subscribe to their channels: a Redis that does not answer stops start-up
    // with one line, rather than a server that says "ready" and answers every request 503.
    await pingAtStartup(state, config.redisTimeouts.startupMs);
  } catch (err) {
    await Promise.allSettled([database.close(), state.close()]);
    throw err;
  }
  const app = await buildApp({ config, database, state });
  const { server } = app;
  const log = server.log;
  // Outages of the database and Redis are logged once when they begin and once when they end.
  database.outage.reportTo(log);
  if (state instanceof RedisState) state.outage.reportTo(log);
  try {
    const report = await migrateAppDatabase(database);
    log.info({ database: describeDatabase(config.database), applied: report.applied }, 'database ready');
    log.info({ sharedState: state.kind }, 'shared state ready');
    await app.start();
    // Closed in order: stop taking requests and the modules' background work (server close), then the stores they use.
    installGracefulShutdown([server, database, state], { timeoutMs: config.shutdownTimeoutMs, log });
    await server.listen({ port: config.port, host: config.host });
    log.info(`蓝天 Lantian is running at http://localhost:${config.port}/`);
  } catch (err) {
    log.fatal({ err }, 'start-up failed');
    await Promise.allSettled([server.close()]);
    await Promise.allSettled([database.close(), state.close()]);
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
