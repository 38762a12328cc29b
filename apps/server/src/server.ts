import { buildApp } from './app';
import { ConfigError, describeDatabase, loadConfig } from './config';
import { notifyHourIngested } from './modules/city-air';
import { type DemoData, startDemoData } from './modules/demo';
import { SystemRepository } from './modules/system';
import { openDatabase } from './platform/db/database';
import { migrateToLatest } from './platform/db/migrate';
import { installGracefulShutdown } from './platform/lifecycle';
import { openSharedState } from './platform/state';

/**
 * Start-up: configuration, database (migrated), shared state, demo data, HTTP. With DEMO_DATA=on an
 * empty database is seeded in the background while the server already listens (see modules/demo);
 * with off, demo rows are removed before it listens.
 */
async function main() {
  const config = loadConfig();
  const database = openDatabase(config.database);
  const state = openSharedState(config.redisUrl);
  const { server } = await buildApp({ config, database, state });
  const log = server.log;
  let demo: DemoData | undefined;
  try {
    const report = await migrateToLatest(database.db);
    log.info({ database: describeDatabase(config.database), applied: report.applied }, 'database ready');
    await new SystemRepository(database).recordStart(Math.floor(Date.now() / 1000));
    log.info({ sharedState: state.kind }, 'shared state ready');
    // Each new demo hour, and the end of the seed, tells every instance to rebuild its current-hour snapshot.
    const announce = (time: number) => {
      notifyHourIngested(state, time).catch((err: unknown) => log.warn({ err }, 'could not announce a new hour'));
    };
    demo = await startDemoData({ config, database, log, onHourAdded: announce });
    void demo.ready.then(() => announce(Math.floor(Date.now() / 1000)));
    // Closed in order: stop taking requests, stop the demo's writes, then the stores they use.
    installGracefulShutdown([server, demo, database, state], { timeoutMs: config.shutdownTimeoutMs, log });
    await server.listen({ port: config.port, host: config.host });
    log.info(`蓝天 Lantian is running at http://localhost:${config.port}/`);
  } catch (err) {
    log.fatal({ err }, 'start-up failed');
    await Promise.allSettled([server.close(), demo?.close()]);
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
