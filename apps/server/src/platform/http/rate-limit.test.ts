import { ErrorCode } from '@lantian/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { adminToken, createPlatformApp, districtOperator, platformCall } from '../../testing/platform';
import { signedInject } from '../../testing/signed';
import type { RateLimitSettings } from '../config';
import { rateLimitRule } from './rate-limit';

/** Five public calls a minute per address: small enough to reach, real counting underneath. */
const MAX = 5;

function expectRefused(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.json()).toEqual({
    code: ErrorCode.RATE_LIMITED,
    msg: expect.stringMatching(/^请求过于频繁，请 \d+ 秒后再试$/),
    data: { retryAfterSeconds: retryAfter },
  });
}

describe('the public budget, per client address', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Behind one proxy on loopback (inject's address): the client address comes from X-Forwarded-For.
    app = await createTestApp({
      env: { RATE_LIMIT_PUBLIC_MAX: String(MAX), RATE_LIMIT_PUBLIC_WINDOW_SECONDS: '60', TRUST_PROXY: 'loopback' },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (from: string, url = '/api/getProvinceList') =>
    signedInject(app.server, app.config, { method: 'GET', url, headers: { 'x-forwarded-for': from } });

  it(`answers ${MAX} calls, then 429 with Retry-After for every address of the same IPv6 /64`, async () => {
    for (let i = 1; i <= MAX; i++) expect((await call(`2001:db8:aa:1::${i}`)).statusCode).toBe(200);
    expectRefused(await call('2001:db8:aa:1:ffff:ffff:ffff:ffff'));
    // Another /64 has a budget of its own.
    expect((await call('2001:db8:aa:2::1')).statusCode).toBe(200);
  });

  it('counts an IPv4 client alike whether its address comes mapped into IPv6 or not', async () => {
    for (let i = 0; i < MAX - 1; i++) expect((await call('198.51.100.20')).statusCode).toBe(200);
    expect((await call('::ffff:198.51.100.20')).statusCode).toBe(200);
    expectRefused(await call('198.51.100.20'));
    expect((await call('198.51.100.21')).statusCode).toBe(200);
  });

  it('is one budget across the public calls, unsigned ones included', async () => {
    const from = '198.51.100.30';
    for (let i = 0; i < MAX; i++)
      expect((await call(from, i % 2 === 0 ? '/api/getCityList' : '/api/getProvinceList')).statusCode).toBe(200);
    const unsigned = await app.server.inject({
      method: 'POST',
      url: '/anon/user/getUniqueId',
      headers: { 'x-forwarded-for': from },
    });
    expectRefused(unsigned);
  });

  it('never refuses the health probes', async () => {
    const from = '198.51.100.40';
    for (let i = 0; i < MAX; i++) await call(from);
    expectRefused(await call(from));
    for (let i = 0; i < 3 * MAX; i++) {
      for (const url of ['/healthz', '/readyz']) {
        const res = await app.server.inject({ url, headers: { 'x-forwarded-for': from } });
        expect(res.statusCode, url).toBe(200);
      }
    }
  });
});

describe('the operator budget, per signed-in operator', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createPlatformApp({ RATE_LIMIT_OPERATOR_MAX: '12' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses an operator past the budget while a colleague at the same address carries on', async () => {
    const admin = await adminToken(app);
    const district = await districtOperator(app, admin, {
      username: 'wuhan01',
      areaCode: '420100',
      orgName: '武汉市生态环境局',
      permissions: ['device:view'],
    });
    let refused: LightMyRequestResponse | undefined;
    for (let i = 0; i < 12 && refused === undefined; i++) {
      const res = await platformCall(app, { url: '/sys/getSessionTime', token: district.token });
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(200);
    }
    expect(refused, 'the budget of 12 is reached within 12 calls').toBeDefined();
    if (refused !== undefined) expectRefused(refused);
    // Same address (inject's), another operator: not throttled by the colleague's calls.
    expect((await platformCall(app, { url: '/sys/getSessionTime', token: admin })).statusCode).toBe(200);
  });
});

describe('which budget a route gets', () => {
  const limits: RateLimitSettings = {
    public: { max: 600, windowMs: 60_000 },
    operator: { max: 1200, windowMs: 60_000 },
  };
  const rule = (config: Record<string, unknown>) => rateLimitRule({ config }, limits);

  it('public and user calls: the public budget per address; operator calls: per operator', () => {
    expect(rule({ access: 'public' })).toEqual({ name: 'public', max: 600, windowMs: 60_000, by: 'address' });
    expect(rule({ access: 'user' })).toMatchObject({ name: 'public', by: 'address' });
    expect(rule({ access: 'operator:sys:user:view' })).toEqual({
      name: 'operator',
      max: 1200,
      windowMs: 60_000,
      by: 'operator',
    });
  });

  it('the open API meters its applications itself; a route may opt out or name its own budget', () => {
    expect(rule({ access: 'openApi:air' })).toBeUndefined();
    expect(rule({ access: 'public', rateLimit: false })).toBeUndefined();
    expect(rule({ access: 'public', rateLimit: { name: 'short-url', max: 3, windowMs: 1000 } })).toEqual({
      name: 'short-url',
      max: 3,
      windowMs: 1000,
      by: 'address',
    });
  });
});
