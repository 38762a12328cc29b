import cluster from 'node:cluster';
import { type BaseLogger, pino } from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, describeDatabase, loadConfig } from './config';
import { migrateAppDatabase, openAppDatabase } from './database';
import { runClusterPrimary, tellPrimaryListening } from './platform/cluster';
import { installGracefulShutdown } from './platform/lifecycle';
import { loggerOptions } from './platform/logging';
import { openSharedState, pingAtStartup, RedisState } from './platform/state';

/**
 * Start-up: configuration (every module's settings checked), database (migrated), shared state,
 * HTTP. The modules' background work starts once the database is ready — with DEMO_DATA=on an
 * empty database is seeded in the background while the server already listens (modules/data/demo);
 * with off, demo rows are removed before it listens.
 */
/** Where this machine reaches its own server: loopback when it listens on every address. */
function ownOrigin(config: Config): string {
  const any = config.host === '0.0.0.0' || config.host === '::' || config.host === '';
  const host = any ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/**
 * The first server process has done its one-time start-up work once /readyz answers and no demo
 * seed is running (the seed goes on in the background after the process listens).
 */
async function firstProcessReady(config: Config, log: BaseLogger): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${ownOrigin(config)}/readyz`);
      const body = (await res.json()) as { data?: { demoSeed?: string } };
      if (res.ok && body.data?.demoSeed !== 'running') return;
    } catch {
      // Not answering yet: asked again below.
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  log.warn('the first server process is still not ready after 15 minutes; starting the others anyway');
}

async function main() {
  const config = loadConfig();
  if (config.serverProcesses > 1 && cluster.isPrimary) {
    const log = pino(loggerOptions(config.logLevel) as object);
    await runClusterPrimary({
      processes: config.serverProcesses,
      firstReady: () => firstProcessReady(config, log),
      // One demo device network for the machine, from the first process.
      laterEnv: { HJ212_DEMO_NETWORK: 'off', VIDEO_DEMO: 'off' },
      shutdownTimeoutMs: config.shutdownTimeoutMs,
      log,
    });
    return;
  }
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
    tellPrimaryListening();
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
