import { afterEach, describe, expect, it } from 'vitest';
import { closedPort, stallingRedis } from '../../testing/faulty-services';
import { pingAtStartup } from './index';
import { RedisState } from './redis-state';
import { StateUnavailableError } from './shared-state';

/**
 * RedisState when Redis is down or stops answering: every command fails with StateUnavailableError
 * within the configured timeouts (no offline queue holding it), and publish is best effort. No real
 * Redis needed: a closed port, and a fake server that passes the client's ready check, then never
 * answers a command (what a paused or overloaded Redis looks like from the client).
 */

const opened: RedisState[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
  for (const c of cleanups.splice(0)) await c();
});

async function timed<T>(promise: Promise<T>): Promise<{ ms: number; error: unknown }> {
  const started = Date.now();
  try {
    await promise;
    return { ms: Date.now() - started, error: undefined };
  } catch (error) {
    return { ms: Date.now() - started, error };
  }
}

describe('RedisState faults', () => {
  it('a command that gets no answer fails with StateUnavailableError after REDIS_COMMAND_TIMEOUT_MS', async () => {
    const fake = await stallingRedis();
    cleanups.push(fake.close);
    const state = new RedisState(`redis://127.0.0.1:${fake.port}`, { timeouts: { commandMs: 300, connectMs: 1_000 } });
    opened.push(state);
    const { ms, error } = await timed(state.setIfAbsent('nonce:x', '1', 1_000));
    expect(error).toBeInstanceOf(StateUnavailableError);
    expect(ms).toBeLessThan(1_500);
    // The rate limiter's counter too: nothing waits for ever.
    expect((await timed(state.increment('rate:x', 1_000))).error).toBeInstanceOf(StateUnavailableError);
  });

  it('with Redis unreachable, commands fail at once (no offline queue) and publish is best effort', async () => {
    const state = new RedisState(`redis://127.0.0.1:${await closedPort()}`, {
      timeouts: { commandMs: 300, connectMs: 300 },
    });
    opened.push(state);
    const first = await timed(state.get('captcha:1'));
    expect(first.error).toBeInstanceOf(StateUnavailableError);
    const again = await timed(state.take('sms:1'));
    expect(again.error).toBeInstanceOf(StateUnavailableError);
    expect(again.ms).toBeLessThan(100);
    await expect(state.publish('hour-ingested', '1')).resolves.toBeUndefined();
    expect(state.outage.isDown).toBe(true);
  });

  it('logs the outage once, however many commands fail', async () => {
    const lines: string[] = [];
    const state = new RedisState(`redis://127.0.0.1:${await closedPort()}`, {
      timeouts: { commandMs: 200, connectMs: 200 },
    });
    opened.push(state);
    state.outage.reportTo({ error: (_o, msg) => lines.push(msg), info: (_o, msg) => lines.push(msg) });
    for (let i = 0; i < 20; i++) await state.get(`k${i}`).catch(() => {});
    expect(lines).toEqual(['sharedState unavailable']);
  });

  it('the start-up ping gives up after REDIS_STARTUP_TIMEOUT_MS with a readable reason', async () => {
    const state = new RedisState(`redis://127.0.0.1:${await closedPort()}`, {
      timeouts: { commandMs: 200, connectMs: 200 },
    });
    opened.push(state);
    const { ms, error } = await timed(pingAtStartup(state, 600, 100));
    expect(String(error)).toMatch(/Redis did not answer within 600 ms.*ECONNREFUSED/);
    expect(ms).toBeGreaterThanOrEqual(500);
    expect(ms).toBeLessThan(2_000);
  });
});
