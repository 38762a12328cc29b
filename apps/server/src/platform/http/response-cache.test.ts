import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryState } from '../state';
import { EncodedBody, pickEncoding } from './encoded-body';
import { cacheKey, ResponseCache, sendAnswer } from './response-cache';

const schema = z.object({ n: z.number() });
const text = async (cache: ResponseCache, key: string, build: () => Promise<unknown>) =>
  (await cache.answer(key, schema, build)).identity.toString('utf8');

const HOUR_MS = 3_600_000;

describe('ResponseCache', () => {
  it('reuses an answer until it expires, and shares one build between concurrent misses', async () => {
    let clock = 0;
    let builds = 0;
    const cache = new ResponseCache(1_000, { maxEntries: 10, clockMs: () => clock });
    const build = async () => ({ n: ++builds, dropped: 'not in the schema' });
    const [a, b] = await Promise.all([cache.answer('k', schema, build), cache.answer('k', schema, build)]);
    expect(a.identity.toString()).toBe('{"n":1}');
    expect(b).toBe(a);
    clock = 999;
    expect(await text(cache, 'k', build)).toBe('{"n":1}');
    clock = 1_000;
    expect(await text(cache, 'k', build)).toBe('{"n":2}');
  });

  it('ends every answer one second past the next full hour, when stale flags and "today" can flip', async () => {
    // 10:20 China time (02:20 UTC) on some day; the answer holds until 11:00:01.
    const start = Date.UTC(2024, 4, 10, 2, 20);
    let clock = start;
    let n = 0;
    const cache = new ResponseCache(24 * HOUR_MS, { clockMs: () => clock });
    const build = async () => ({ n: ++n });
    expect(await text(cache, 'k', build)).toBe('{"n":1}');
    clock = Date.UTC(2024, 4, 10, 3, 0, 0, 999);
    expect(await text(cache, 'k', build)).toBe('{"n":1}');
    clock = Date.UTC(2024, 4, 10, 3, 0, 1);
    expect(await text(cache, 'k', build)).toBe('{"n":2}');
    // Built exactly at a full hour (stale flags have not flipped yet): it too ends a second later.
    clock = Date.UTC(2024, 4, 10, 4, 0, 0);
    expect(await text(cache, 'k', build)).toBe('{"n":2}');
    expect(await text(cache, 'at-the-hour', build)).toBe('{"n":3}');
    clock = Date.UTC(2024, 4, 10, 4, 0, 1);
    expect(await text(cache, 'at-the-hour', build)).toBe('{"n":4}');
    // Without the hourly rule (answers that never change with the clock) only the TTL counts.
    const still = new ResponseCache(24 * HOUR_MS, { clockMs: () => clock, hourly: false });
    expect(await text(still, 'k', build)).toBe('{"n":5}');
    clock += 5 * HOUR_MS;
    expect(await text(still, 'k', build)).toBe('{"n":5}');
  });

  it('drops everything when a message arrives on its channel, or when a watched source changes', async () => {
    const state = new MemoryState();
    const cache = new ResponseCache(60_000);
    await cache.listen(state, 'test:new-data');
    const listeners = new Set<() => void>();
    cache.clearOn((listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    });
    let n = 0;
    const build = async () => ({ n: ++n });
    expect(await text(cache, 'k', build)).toBe('{"n":1}');
    await state.publish('test:new-data', '1');
    await expect.poll(() => text(cache, 'k', build)).toBe('{"n":2}');
    for (const listener of listeners) listener();
    expect(await text(cache, 'k', build)).toBe('{"n":3}');
    await cache.close();
    expect(listeners.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new ResponseCache(60_000, { maxEntries: 2 });
    let n = 0;
    const build = async () => ({ n: ++n });
    await cache.answer('a', schema, build);
    await cache.answer('b', schema, build);
    await cache.answer('c', schema, build);
    expect(await text(cache, 'a', build)).toBe('{"n":4}');
    expect(await text(cache, 'c', build)).toBe('{"n":3}');
  });

  it('refuses an answer that does not match its schema, and caches nothing for it', async () => {
    const cache = new ResponseCache(60_000);
    await expect(cache.answer('k', schema, async () => ({ n: 'x' }))).rejects.toThrow();
    expect(await text(cache, 'k', async () => ({ n: 1 }))).toBe('{"n":1}');
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

  it('keys parsed objects and lists by their whole content: a province scope is not the national one', () => {
    // Found by the ranking analysis page: both scopes printed as [object Object] and shared one answer.
    const all = cacheKey('getCityRank', { rankType: { kind: 'all' } });
    const jiangsu = cacheKey('getCityRank', { rankType: { kind: 'province', province: { code: '320000' } } });
    expect(all).not.toBe(jiangsu);
    expect(jiangsu).toBe('getCityRank?rankType={kind:province,province:320000}');
    const group = (...codes: string[]) => cacheKey('getCustomAreaRank', { areaCodes: codes.map((code) => ({ code })) });
    expect(group('110000', '310000')).toBe('getCustomAreaRank?areaCodes=[110000,310000]');
    expect(group('110000', '310000')).not.toBe(group('110000', '320100'));
  });
});

describe('sendAnswer', () => {
  const large = new EncodedBody(
    Buffer.from(JSON.stringify({ list: Array.from({ length: 400 }, (_, i) => `城市${i}`) })),
  );
  const small = new EncodedBody(Buffer.from('{"code":0}'));

  async function serve() {
    const app = Fastify();
    app.get('/large', (_request, reply) => sendAnswer(reply, large));
    app.get('/small', (_request, reply) => sendAnswer(reply, small));
    await app.ready();
    return app;
  }

  it('sends the encoding the client accepts, made once and then reused, with Vary and a content ETag', async () => {
    const app = await serve();
    const br = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).equals(large.identity)).toBe(true);
    // The second visitor gets the very bytes made for the first.
    expect(large.made('br')).toBeDefined();
    const again = await app.inject({ url: '/large', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).equals(large.identity)).toBe(true);
    const plain = await app.inject({ url: '/large' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(large.identity)).toBe(true);
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(1);
    await app.close();
  });

  it('answers 304 to a client holding the same content, and sends a small body as it is', async () => {
    const app = await serve();
    const first = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers.vary).toBeUndefined();
    expect(first.body).toBe('{"code":0}');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await app.inject({ url: '/small', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await app.close();
  });

  it('picks br, else gzip, else the body as it is, honouring q=0', () => {
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
  });
});
