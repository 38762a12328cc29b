import { ErrorCode } from '@lantian/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { signedInject } from '../../../testing/signed';
import { shortUrls } from '.';
import { ShortUrlsRepository } from './short-urls.repository';

let app: TestApp;
// The redirect is registered by app.ts itself, outside the signed scope: these tests go through it.
beforeAll(async () => {
  app = await createTestApp({});
});
afterAll(async () => {
  await app.close();
});

/** Rows SQLite has changed on this connection so far: any write by a request moves it. */
async function changes(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(app.database.db);
  return Number(rows[0]?.n);
}

const shorten = (url: string) =>
  signedInject(app.server, app.config, { method: 'POST', url: '/api/getShortUrl', params: { url } });

describe('getShortUrl', () => {
  it('answers an 8-character base62 id and its /s/ path, the same id for the same path', async () => {
    const res = await shorten('/city/beijing?x=1');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9A-Za-z]{8}$/),
      shortPath: `/s/${data.id}`,
      url: '/city/beijing?x=1',
    });
    expect((await shorten('/city/beijing?x=1')).json().data.id).toBe(data.id);
    expect((await shorten('/city/shanghai')).json().data.id).not.toBe(data.id);
  });

  it('stores Chinese text percent-encoded, so both spellings share one id', async () => {
    const plain = (await shorten('/search?q=北京')).json().data;
    expect(plain.url).toBe('/search?q=%E5%8C%97%E4%BA%AC');
    expect((await shorten('/search?q=%E5%8C%97%E4%BA%AC')).json().data.id).toBe(plain.id);
  });

  it('refuses anything but a same-site path with 400 naming url', async () => {
    for (const url of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'city/beijing',
      '/city\n/beijing',
      `/${'a'.repeat(2000)}`,
      '',
    ]) {
      const res = await shorten(url);
      expect(res.statusCode, JSON.stringify(url)).toBe(400);
      expect(res.json().code).toBe(ErrorCode.VALIDATION);
      expect(res.json().msg).toContain('url');
    }
  });

  it('refuses an unsigned call with 401', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/getShortUrl',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'url=%2Fcity%2Fbeijing',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /s/:id', () => {
  it('redirects an unsigned visitor with 302 to the stored path, writing nothing; the hits are written in a batch', async () => {
    const { id } = (await shorten('/city/wuhan?tab=hour')).json().data;
    await app.use(shortUrls).flushUses();
    const before = await changes();
    for (let i = 0; i < 5; i++) {
      const res = await app.server.inject({ method: 'GET', url: `/s/${id}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/city/wuhan?tab=hour');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Not one row changed by following the link five times.
    expect(await changes()).toBe(before);
    expect((await new ShortUrlsRepository(app.database).byId(id))?.hits).toBe(0);
    await app.use(shortUrls).flushUses();
    expect((await new ShortUrlsRepository(app.database).byId(id))?.hits).toBe(5);
  });

  it('answers an unknown or malformed id with a 404 envelope', async () => {
    for (const id of ['Nope0000', 'bad!id', 'x'.repeat(17)]) {
      const res = await app.server.inject({ method: 'GET', url: `/s/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: ErrorCode.NOT_FOUND, msg: '短链接不存在或已失效' });
    }
  });
});

describe('the tighter budget of getShortUrl', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      env: { SHORT_URL_RATE_LIMIT_MAX: '3', SHORT_URL_RATE_LIMIT_WINDOW_SECONDS: '600' },
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('refuses the 4th link from one address with 429 + Retry-After and stores nothing for it', async () => {
    const call = (url: string) =>
      signedInject(limited.server, limited.config, { method: 'POST', url: '/api/getShortUrl', params: { url } });
    for (let i = 0; i < 3; i++) expect((await call(`/city/${i}`)).statusCode).toBe(200);
    const refused = await call('/city/refused');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().code).toBe(ErrorCode.RATE_LIMITED);
    const rows = await limited.database.db.selectFrom('short_urls').select('url').execute();
    expect(rows.map((r) => r.url).sort()).toEqual(['/city/0', '/city/1', '/city/2']);
    // The rest of the public site still answers the same address.
    const other = await signedInject(limited.server, limited.config, { method: 'GET', url: '/api/getProvinceList' });
    expect(other.statusCode).toBe(200);
  });
});

describe('retention of unused links', () => {
  let clockApp: TestApp;
  let now = 1_700_000_000;
  const DAY = 86_400;
  beforeAll(async () => {
    clockApp = await createTestApp({ env: { SHORT_URL_RETENTION_DAYS: '30' }, now: () => now });
  });
  afterAll(async () => {
    await clockApp.close();
  });

  it('sweeps links unused for SHORT_URL_RETENTION_DAYS; links followed or asked for lately stay', async () => {
    const make = async (url: string) =>
      (
        await signedInject(clockApp.server, clockApp.config, {
          method: 'POST',
          url: '/api/getShortUrl',
          params: { url },
        })
      ).json().data.id as string;
    const unused = await make('/old/unused');
    const followed = await make('/old/followed');
    const reshared = await make('/old/reshared');
    now += 40 * DAY;
    await clockApp.server.inject({ method: 'GET', url: `/s/${followed}` });
    await make('/old/reshared');
    const fresh = await make('/new');
    expect(await clockApp.use(shortUrls).sweep()).toBe(1);
    const repo = new ShortUrlsRepository(clockApp.database);
    expect(await repo.byId(unused)).toBeUndefined();
    for (const id of [followed, reshared, fresh]) expect(await repo.byId(id), id).toBeDefined();
    expect((await clockApp.server.inject({ method: 'GET', url: `/s/${unused}` })).statusCode).toBe(404);
  });
});
