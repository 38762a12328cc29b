import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisServer, removeTempDirs, ServerProcess, sleep, storedShortUrls, tempDir } from './harness';
import { runScenario } from './scenario';

/**
 * Redis (REDIS_URL: nonces, rate limits, captchas, codes) killed under load and started again, on
 * a redis-server of the suite's own. Signed calls need their nonce stored, so while Redis is down
 * they fail closed: 503 at once (no offline queue), never a hang or a 500.
 */

let redis: RedisServer;
let server: ServerProcess;
let file: string;

const stored = (urls: readonly string[]) => storedShortUrls(file, urls);

beforeAll(async () => {
  redis = await RedisServer.create();
  file = path.join(tempDir('lantian-faults-redis-db-'), 'lantian.db');
  server = await ServerProcess.start({ env: { DATABASE_URL: `sqlite:${file}`, REDIS_URL: redis.url } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  redis?.kill();
  removeTempDirs();
});

describe('Redis faults under load', () => {
  it('killed for 4 s and started again: 503 meanwhile, back by itself, no answered write lost', async () => {
    await runScenario({
      fault: 'Redis killed, restarted',
      base: () => server.base,
      inject: async () => {
        redis.kill();
        await sleep(4_000);
        await redis.start();
      },
      stored,
      alive: () => server.alive,
    });
    expect(server.lines(/^sharedState unavailable$/)).toBeLessThanOrEqual(3);
    expect(server.lines(/^sharedState available again$/)).toBeGreaterThanOrEqual(1);
  });

  it('start-up fails with one readable line when Redis does not answer', async () => {
    const port = redis.port;
    redis.kill();
    await sleep(200);
    try {
      const failed = await ServerProcess.start({
        env: {
          DATABASE_URL: `sqlite:${path.join(tempDir('lantian-faults-redis-start-'), 'a.db')}`,
          REDIS_URL: `redis://127.0.0.1:${port}`,
          REDIS_STARTUP_TIMEOUT_MS: '1500',
        },
      }).then(
        () => undefined,
        (err: unknown) => String(err),
      );
      expect(failed).toMatch(/Redis did not answer within 1500 ms/);
    } finally {
      await redis.start();
    }
  });
});
