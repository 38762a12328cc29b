import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryState } from './memory-state';
import { RedisState } from './redis-state';
import type { SharedState } from './shared-state';

/**
 * One contract, two implementations: the in-process state and Redis must behave alike, because
 * the same rate limits, captchas and nonces run on either. Redis runs when TEST_REDIS_URL is set.
 */
interface Harness {
  /** Two instances that share state, as two server processes would. */
  open(): [SharedState, SharedState];
  /** Lets `ms` pass. */
  advance(ms: number): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function memoryHarness(): Harness {
  let now = 1_000_000;
  return {
    open: () => {
      // In-process state is shared by being the same object: one process, one state.
      const state = new MemoryState(() => now);
      return [state, state];
    },
    advance: async (ms) => {
      now += ms;
    },
  };
}

function redisHarness(url: string): Harness {
  const prefix = `lantian-test:${randomBytes(4).toString('hex')}:`;
  return {
    open: () => [new RedisState(url, { prefix }), new RedisState(url, { prefix })],
    advance: (ms) => sleep(ms),
  };
}

const harnesses: Array<[string, () => Harness]> = [['memory', memoryHarness]];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl !== undefined) harnesses.push(['redis', () => redisHarness(redisUrl)]);

describe.each(harnesses)('shared state: %s', (kind, makeHarness) => {
  let opened: SharedState[] = [];
  const setup = () => {
    const harness = makeHarness();
    const [a, b] = harness.open();
    opened = [a, b];
    return { a, b, advance: harness.advance };
  };
  afterEach(async () => {
    for (const s of new Set(opened)) await s.close();
  });

  it('reports its kind', () => {
    const { a } = setup();
    expect(a.kind).toBe(kind);
  });

  it('sets and gets values that every instance sees; TTL expires them', async () => {
    const { a, b, advance } = setup();
    await a.set('captcha:1', 'AB12', 200);
    await a.set('forever', 'x');
    expect(await b.get('captcha:1')).toBe('AB12');
    const ttl = await b.ttl('captcha:1');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(200);
    expect(await b.ttl('forever')).toBe(Number.POSITIVE_INFINITY);
    expect(await b.ttl('nothing')).toBeNull();
    await advance(260);
    expect(await b.get('captcha:1')).toBeNull();
    expect(await b.get('forever')).toBe('x');
    await b.delete('forever');
    expect(await a.get('forever')).toBeNull();
  });

  it('setIfAbsent lets a nonce be used once across instances, and again after it expires', async () => {
    const { a, b, advance } = setup();
    expect(await a.setIfAbsent('nonce:abc', '1', 200)).toBe(true);
    expect(await b.setIfAbsent('nonce:abc', '1', 200)).toBe(false);
    await advance(260);
    expect(await b.setIfAbsent('nonce:abc', '1', 200)).toBe(true);
  });

  it('take returns a single-use secret to exactly one of many racing callers', async () => {
    const { a, b } = setup();
    await a.set('sms:13800000000', 'hash', 10_000);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).take('sms:13800000000')));
    expect(results.filter((r) => r === 'hash')).toHaveLength(1);
    expect(await a.get('sms:13800000000')).toBeNull();
  });

  it('increment counts within a fixed window shared by all instances, then starts a new one', async () => {
    const { a, b, advance } = setup();
    expect((await a.increment('rate:ip', 300)).count).toBe(1);
    expect((await b.increment('rate:ip', 300)).count).toBe(2);
    const third = await a.increment('rate:ip', 300);
    expect(third.count).toBe(3);
    expect(third.resetInMs).toBeGreaterThan(0);
    expect(third.resetInMs).toBeLessThanOrEqual(300);
    await advance(360);
    expect((await b.increment('rate:ip', 300)).count).toBe(1);
  });

  it('publish reaches subscribers on every instance until they unsubscribe', async () => {
    const { a, b } = setup();
    const got: string[] = [];
    const unsubscribe = await b.subscribe('hour-ingested', (m) => got.push(m));
    await a.publish('hour-ingested', '2026-11-22T10');
    await expect.poll(() => got, { timeout: 2_000 }).toEqual(['2026-11-22T10']);
    await unsubscribe();
    await a.publish('hour-ingested', 'late');
    await sleep(100);
    expect(got).toEqual(['2026-11-22T10']);
  });

  it('answers ping', async () => {
    const { a } = setup();
    await expect(a.ping()).resolves.toBeUndefined();
  });
});

describe('shared state: redis when Redis is down', () => {
  it('ping fails (so /readyz reports it) instead of hanging or crashing the process', async () => {
    const state = new RedisState('redis://127.0.0.1:1', { prefix: 'x:' });
    await expect(state.ping()).rejects.toThrow();
    await state.close();
  });
});
