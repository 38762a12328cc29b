import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type AppDatabase, migrateAppDatabase, openAppDatabase } from '../../database';
import { tempDir } from '../../testing/databases';
import { signedInject } from '../../testing/signed';
import { MemoryState, RedisState, type SharedState } from '../state';

/**
 * The public budget is one budget for the whole deployment: two application instances over one
 * shared state (in-process, and Redis when TEST_REDIS_URL is set) count a client's calls together,
 * so adding instances does not multiply what a client may send.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const kinds: Array<'memory' | 'redis'> = redisUrl === undefined ? ['memory'] : ['memory', 'redis'];
const MAX = 6;

describe.each(kinds)('the public budget across instances on %s', (kind) => {
  const opened: Array<{ app: App; database: AppDatabase }> = [];
  const states: SharedState[] = [];
  afterEach(async () => {
    for (const { app, database } of opened.splice(0)) {
      await app.server.close();
      await database.close();
    }
    await Promise.all(states.splice(0).map((s) => s.close()));
  });

  async function sharedStates(): Promise<[SharedState, SharedState]> {
    if (kind === 'memory') {
      const state = new MemoryState();
      states.push(state);
      return [state, state];
    }
    const prefix = `lantian-test:${randomBytes(4).toString('hex')}:`;
    const pair: [SharedState, SharedState] = [
      new RedisState(redisUrl ?? '', { prefix }),
      new RedisState(redisUrl ?? '', { prefix }),
    ];
    states.push(...pair);
    // Commands are not queued while a connection is being made: wait until both answer.
    for (const state of pair) {
      for (let i = 0; ; i++) {
        try {
          await state.ping();
          break;
        } catch (err) {
          if (i > 50) throw err;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    }
    return pair;
  }

  async function instance(dir: string, state: SharedState) {
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        DATABASE_URL: `sqlite:${dir}/test.db`,
        WEB_DIST_DIR: `${dir}/no-web`,
        CONSOLE_DIST_DIR: `${dir}/no-console`,
        RATE_LIMIT_PUBLIC_MAX: String(MAX),
        TRUST_PROXY: 'loopback',
      },
      dir,
    );
    const database = openAppDatabase(config.database);
    await migrateAppDatabase(database);
    const app = await buildApp({ config, database, state });
    await app.server.ready();
    opened.push({ app, database });
    return { app, config };
  }

  it(`a client gets ${MAX} calls from both instances together, not ${MAX} from each`, async () => {
    const dir = tempDir();
    const [stateA, stateB] = await sharedStates();
    const a = await instance(dir, stateA);
    const b = await instance(dir, stateB);
    const call = (to: typeof a, from: string) =>
      signedInject(to.app.server, to.config, {
        method: 'GET',
        url: '/api/getProvinceList',
        headers: { 'x-forwarded-for': from },
      });
    const from = '2001:db8:77:1::1';
    for (let i = 0; i < MAX; i++) {
      expect((await call(i % 2 === 0 ? a : b, from)).statusCode).toBe(200);
    }
    // Same /64, either instance: the budget is spent.
    for (const to of [a, b]) {
      const refused = await call(to, '2001:db8:77:1::2');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await call(b, '2001:db8:77:2::1')).statusCode).toBe(200);
  });
});
