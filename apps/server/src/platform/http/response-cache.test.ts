import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryState } from '../state';
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

  it('drops everything when a message arrives on its channel', async () => {
    const state = new MemoryState();
    const cache = new ResponseCache(60_000);
    await cache.listen(state, 'test:new-data');
    let n = 0;
    const build = async () => ({ n: ++n });
    expect(await cache.json('k', schema, build)).toBe('{"n":1}');
    await state.publish('test:new-data', '1');
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

  it('keys a parsed city by its code and a parsed time by its number', () => {
    const city = { code: '110000', name: '北京市' };
    expect(cacheKey('getCityHoursData', { city, startTime: 1_700_000_000 })).toBe(
      'getCityHoursData?city=110000&startTime=1700000000',
    );
    expect(cacheKey('getCityHoursData', { city, startTime: undefined })).toBe(
      'getCityHoursData?city=110000&startTime=',
    );
  });
});
