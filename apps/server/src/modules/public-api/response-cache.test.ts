import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryState } from '../../platform/state';
import { createTestApp, type TestApp } from '../../testing/app';
import { signedInject } from '../../testing/signed';
import { notifyHourIngested } from '../air';
import { addHours, addStations, H, HOUR, NOW, stationHour } from '../city-air/test-data';
import { cacheKey, ResponseCache } from './response-cache';

const schema = z.object({ n: z.number() });

describe('ResponseCache', () => {
  it('reuses an answer until it expires, and shares one build between concurrent misses', async () => {
    let clock = 0;
    let builds = 0;
    const cache = new ResponseCache(1_000, 10, () => clock);
    const build = async () => ({ n: ++builds, dropped: 'not in the schema' });
    const [a, b] = await Promise.all([cache.json('k', schema, build), cache.json('k', schema, build)]);
    expect(a).toBe('{"n":1}');
    expect(b).toBe(a);
    clock = 999;
    expect(await cache.json('k', schema, build)).toBe('{"n":1}');
    clock = 1_000;
    expect(await cache.json('k', schema, build)).toBe('{"n":2}');
  });

  it('drops everything when a new hour is announced', async () => {
    const state = new MemoryState();
    const cache = new ResponseCache(60_000);
    await cache.listen(state);
    let n = 0;
    const build = async () => ({ n: ++n });
    expect(await cache.json('k', schema, build)).toBe('{"n":1}');
    await notifyHourIngested(state, 0);
    await expect.poll(() => cache.json('k', schema, build)).toBe('{"n":2}');
    await cache.close();
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new ResponseCache(60_000, 2);
    let n = 0;
    const build = async () => ({ n: ++n });
    await cache.json('a', schema, build);
    await cache.json('b', schema, build);
    await cache.json('c', schema, build);
    expect(await cache.json('a', schema, build)).toBe('{"n":4}');
    expect(await cache.json('c', schema, build)).toBe('{"n":3}');
  });

  it('refuses an answer that does not match its schema, and caches nothing for it', async () => {
    const cache = new ResponseCache(60_000);
    await expect(cache.json('k', schema, async () => ({ n: 'x' }))).rejects.toThrow();
    expect(await cache.json('k', schema, async () => ({ n: 1 }))).toBe('{"n":1}');
  });

  it('keys by call and parameters, whatever their order', () => {
    expect(cacheKey('getCityRank', { b: '2', a: '1' })).toBe(cacheKey('getCityRank', { a: '1', b: '2' }));
    expect(cacheKey('getCityRank', { a: '1' })).not.toBe(cacheKey('getMapSiteData', { a: '1' }));
  });
});

describe('cached public calls through the server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { RESPONSE_CACHE_MS: '60000' }, now: () => NOW });
    await addStations(app.database);
    await addHours(app.database, [stationHour('1001A', HOUR, { pm2_5: 80 })]);
  });
  afterAll(async () => {
    await app.close();
  });

  const rank = async () => {
    const res = await signedInject(app.server, app.config, { method: 'POST', url: '/api/getCityRank', params: {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    return res.json().data;
  };

  it('getCityRank answers the same hour from the cache until a new hour is announced', async () => {
    const first = await rank();
    expect(first.time).toBe('2024-05-10 14:00:00');
    await addHours(app.database, [stationHour('1001A', HOUR + H, { pm2_5: 20 })]);
    expect((await rank()).time).toBe('2024-05-10 14:00:00');
    await notifyHourIngested(app.state, HOUR + H);
    await expect.poll(async () => (await rank()).time).toBe('2024-05-10 15:00:00');
  });
});
