import { createHash } from 'node:crypto';
import { ErrorCode, signParams } from '@lantian/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { signedInject } from '../../testing/signed';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const url = '/api/getSiteInfoList';

describe('public-site request signatures', () => {
  it('accepts a correctly signed call', async () => {
    app = await createTestApp();
    const res = await signedInject(app.server, app.config, { method: 'GET', url, params: { cityCode: '110000' } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a call without signature headers with 401', async () => {
    app = await createTestApp();
    const res = await app.server.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: ErrorCode.SIGNATURE_INVALID, msg: expect.stringContaining('签名') });
  });

  it('judges the signature before the parameters: unsigned bad input is 401, signed bad input 400', async () => {
    app = await createTestApp();
    const unsigned = await app.server.inject({ method: 'GET', url: `${url}?cityCode=abc` });
    expect(unsigned.statusCode).toBe(401);
    const signed = await signedInject(app.server, app.config, { method: 'GET', url, params: { cityCode: 'abc' } });
    expect(signed.statusCode).toBe(400);
  });

  it('signs the parameters as sent, even where the schema trims or fills defaults', async () => {
    app = await createTestApp();
    // City parameters are trimmed by their schema; the sign still covers the untrimmed text.
    const res = await signedInject(app.server, app.config, {
      method: 'POST',
      url: '/api/getCityCurrentData',
      params: { city: ' 110000 ' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong sign, a tampered parameter and another key', async () => {
    app = await createTestApp();
    const headers = await signParams({ cityCode: '110000' }, app.config.publicApiKey);
    const tampered = await app.server.inject({ method: 'GET', url: `${url}?cityCode=120000`, headers });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().msg).toBe('签名校验失败');
    const otherKey = await signParams({ cityCode: '110000' }, 'not-the-key');
    const wrong = await app.server.inject({ method: 'GET', url: `${url}?cityCode=110000`, headers: otherKey });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses a timestamp more than 5 minutes off, either way', async () => {
    app = await createTestApp();
    for (const offset of [-5 * 60_000 - 1_000, 5 * 60_000 + 1_000]) {
      const headers = await signParams({}, app.config.publicApiKey, { timestamp: Date.now() + offset });
      const res = await app.server.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toContain('5 分钟');
    }
    const near = await signParams({}, app.config.publicApiKey, { timestamp: Date.now() - 4 * 60_000 });
    expect((await app.server.inject({ method: 'GET', url, headers: near })).statusCode).toBe(200);
  });

  it('refuses a reused nonce', async () => {
    app = await createTestApp();
    const headers = await signParams({}, app.config.publicApiKey);
    expect((await app.server.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    const replay = await app.server.inject({ method: 'GET', url, headers });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().msg).toContain('重复');
  });

  it('signs form bodies of POST calls', async () => {
    app = await createTestApp();
    const res = await signedInject(app.server, app.config, { method: 'POST', url: '/anon/user/getUniqueId' });
    expect(res.statusCode).toBe(200);
    const headers = await signParams({ x: '1' }, app.config.publicApiKey);
    const bad = await app.server.inject({
      method: 'POST',
      url: '/anon/user/getUniqueId',
      payload: 'x=2',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('matches the documented canonical form (sorted values, nonce, timestamp, key)', async () => {
    app = await createTestApp({ env: { PUBLIC_API_KEY: 'K' } });
    const nonce = 'ABCDEFGHIJKLMNOP';
    const timestamp = String(Date.now());
    const sign = createHash('sha256').update(`110000${nonce}${timestamp}K`).digest('hex');
    const res = await app.server.inject({
      method: 'GET',
      url: `${url}?cityCode=110000`,
      headers: { nonce, timestamp, sign },
    });
    expect(res.statusCode).toBe(200);
  });

  it('PUBLIC_API_SIGNATURE=off lets unsigned calls through', async () => {
    app = await createTestApp({ env: { PUBLIC_API_SIGNATURE: 'off' } });
    expect((await app.server.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  describe('hostile parameter values (issue 16: 53 of 482 hostile requests answered 500)', () => {
    const hostile = '{"a":{"toString":1}}';
    const post = async (target: TestApp, path: string, payload: string) =>
      target.server.inject({
        method: 'POST',
        url: path,
        payload,
        headers: { ...(await signParams({}, target.config.publicApiKey)), 'content-type': 'application/json' },
      });

    it('answers the quoted `{"a":{"toString":1}}` body with 400 on every signed POST route, never 500', async () => {
      app = await createTestApp();
      const signedPosts = app.routes().filter((r) => r.signed && r.access === 'public' && r.method === 'POST');
      expect(signedPosts.map((r) => r.url)).toEqual(
        expect.arrayContaining(['/anon/user/getUniqueId', '/api/cityAna/getCityCalendar']),
      );
      expect(signedPosts.length).toBeGreaterThan(40);
      for (const route of signedPosts) {
        const res = await post(app, route.url, hostile);
        expect(res.statusCode, route.url).toBe(400);
        expect(res.json(), route.url).toMatchObject({
          code: ErrorCode.VALIDATION,
          msg: expect.stringContaining('"a"'),
        });
      }
    });

    it('judges the parameters before hashing: objects and lists of objects are 400 naming the parameter', async () => {
      app = await createTestApp();
      for (const [path, payload, name] of [
        ['/anon/user/getUniqueId', '{"x":"1","a":{"toString":1}}', 'a'],
        ['/api/cityAna/getCityCalendar', '{"cityCode":{"toString":1,"valueOf":1}}', 'cityCode'],
        ['/api/cityAna/getAreaAqiData', '{"cityCode":[{"toString":"x"}]}', 'cityCode'],
        ['/api/cityAna/getForeDayData', '{"cityCode":{"constructor":{"name":1}}}', 'cityCode'],
        ['/api/getCityCurrentData', '{"city":[["110000"]]}', 'city'],
      ] as const) {
        const res = await post(app, path, payload);
        expect(res.statusCode, payload).toBe(400);
        expect(res.json(), payload).toEqual({
          code: ErrorCode.VALIDATION,
          msg: `参数错误："${name}" 只能是文字、数字或由它们组成的列表`,
          data: { issues: [{ field: `"${name}"`, message: '只能是文字、数字或由它们组成的列表' }] },
        });
      }
    });

    it('still verifies correctly signed JSON bodies of scalars and lists of scalars', async () => {
      app = await createTestApp();
      const params = { city: '110000', extra: ['1', '2'] };
      const res = await app.server.inject({
        method: 'POST',
        url: '/api/getCityCurrentData',
        payload: JSON.stringify(params),
        headers: { ...(await signParams(params, app.config.publicApiKey)), 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
    });

    it('PUBLIC_API_SIGNATURE=off: the same bodies reach validation and are 400, not 500', async () => {
      app = await createTestApp({ env: { PUBLIC_API_SIGNATURE: 'off' } });
      for (const path of ['/anon/user/getUniqueId', '/api/cityAna/getCityCalendar', '/api/getCityCurrentData']) {
        for (const payload of [hostile, '{"cityCode":{"toString":1}}', '{"city":{"toString":1}}']) {
          const res = await app.server.inject({
            method: 'POST',
            url: path,
            payload,
            headers: { 'content-type': 'application/json' },
          });
          expect(res.statusCode, `${path} ${payload}`).toBeLessThan(500);
        }
      }
    });
  });
});
