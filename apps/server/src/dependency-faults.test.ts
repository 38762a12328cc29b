import { signParams } from '@lantian/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from './app';
import { loadConfig } from './config';
import { openAppDatabase } from './database';
import { RedisState, type SharedState } from './platform/state';
import { tempDir } from './testing/databases';
import { closedPort, stallingRedis } from './testing/faulty-services';

/**
 * The whole application with a dependency down: requests answer the 503 envelope within a bounded
 * time (not a 500, not a hang) and /readyz names the dependency that is down.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function appWith(env: Record<string, string>, state?: (config: ReturnType<typeof loadConfig>) => SharedState) {
  const dir = tempDir();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATABASE_URL: `sqlite:${dir}/test.db`,
      WEB_DIST_DIR: `${dir}/no-web`,
      CONSOLE_DIST_DIR: `${dir}/no-console`,
      ...env,
    },
    dir,
  );
  const database = openAppDatabase(config.database);
  const shared = state?.(config) ?? new (await import('./platform/state')).MemoryState();
  const app: App = await buildApp({ config, database, state: shared });
  await app.server.ready();
  cleanups.push(async () => {
    await app.server.close();
    await database.close();
    await shared.close();
  });
  return { app, config };
}

async function signedShortUrl(app: App, key: string) {
  const params = { url: '/city/beijing' };
  const headers = await signParams(params, key);
  const started = Date.now();
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/getShortUrl',
    payload: new URLSearchParams(params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
  return { res, ms: Date.now() - started };
}

describe('Redis down or hanging', () => {
  it('a signed call (its nonce needs Redis) answers 503 within the command timeout when Redis stops answering', async () => {
    const fake = await stallingRedis();
    cleanups.push(fake.close);
    const { app, config } = await appWith(
      { REDIS_URL: `redis://127.0.0.1:${fake.port}`, REDIS_COMMAND_TIMEOUT_MS: '300' },
      (c) => new RedisState(c.redisUrl ?? '', { timeouts: c.redisTimeouts, prefix: 'x:' }),
    );
    const { res, ms } = await signedShortUrl(app, config.publicApiKey);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 50300, msg: '缓存服务暂时不可用，请稍后重试' });
    expect(res.headers['retry-after']).toBeDefined();
    expect(ms).toBeLessThan(3_000);
  });

  it('with Redis gone: 503 at once (no queue), and /readyz reports sharedState failed', async () => {
    const fake = await stallingRedis();
    cleanups.push(fake.close);
    const { app, config } = await appWith(
      { REDIS_URL: `redis://127.0.0.1:${fake.port}`, REDIS_COMMAND_TIMEOUT_MS: '2000' },
      (c) => new RedisState(c.redisUrl ?? '', { timeouts: c.redisTimeouts, prefix: 'x:' }),
    );
    await fake.drop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { res, ms } = await signedShortUrl(app, config.publicApiKey);
    expect(res.statusCode).toBe(503);
    expect(ms).toBeLessThan(500);
    const ready = await app.server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().data).toMatchObject({ database: 'ok', sharedState: 'failed' });
  });
});

describe('PostgreSQL unreachable', () => {
  it('a data call answers 503 "数据库暂时不可用" within the connect timeout; /readyz reports database failed', async () => {
    const port = await closedPort();
    const { app } = await appWith({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/lantian`,
      DB_CONNECT_TIMEOUT_MS: '500',
      PUBLIC_API_SIGNATURE: 'off',
    });
    const started = Date.now();
    const res = await app.server.inject({ method: 'GET', url: '/s/abcdefgh' });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 50300, msg: '数据库暂时不可用，请稍后重试' });
    expect(res.headers['retry-after']).toBe('5');
    const ready = await app.server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().data).toMatchObject({ database: 'failed', sharedState: 'ok' });
  });
});
