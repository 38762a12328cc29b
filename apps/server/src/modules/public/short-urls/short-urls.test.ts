import { ErrorCode } from '@lantian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { signedInject } from '../../../testing/signed';
import { ShortUrlsRepository } from './short-urls.repository';

let app: TestApp;
// The redirect is registered by app.ts itself, outside the signed scope: these tests go through it.
beforeAll(async () => {
  app = await createTestApp({});
});
afterAll(async () => {
  await app.close();
});

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
  it('redirects an unsigned visitor with 302 to the stored path and counts the hit', async () => {
    const { id } = (await shorten('/city/wuhan?tab=hour')).json().data;
    const res = await app.server.inject({ method: 'GET', url: `/s/${id}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/city/wuhan?tab=hour');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await new ShortUrlsRepository(app.database).byId(id))?.hits).toBe(1);
  });

  it('answers an unknown or malformed id with a 404 envelope', async () => {
    for (const id of ['Nope0000', 'bad!id', 'x'.repeat(17)]) {
      const res = await app.server.inject({ method: 'GET', url: `/s/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: ErrorCode.NOT_FOUND, msg: '短链接不存在或已失效' });
    }
  });
});
