import { APP_KEY_PATTERN, ErrorCode, OPEN_TOKEN_TTL_SECONDS } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openAppOf } from '../../../platform/http/principal';
import { createTestApp, type TestApp } from '../../../testing/app';
import {
  ADMIN_PASSWORD,
  adminToken,
  dataOf,
  districtOperator,
  PLATFORM_CAPTCHA,
  platformCall,
} from '../../../testing/platform';
import { operators } from '../operators';
import { EXCHANGE_FAILURES } from '.';

/**
 * The open API end to end through the real server: an administrator registers an application in
 * the console's calls, the application exchanges its credentials for a token and calls open routes;
 * every refusal answers with the right status and code, and every step lands in the audit log.
 *
 * Besides the module's own `GET /api/open/auto/apiInfo` (any application), the tests declare
 * stand-in routes needing the `area` and `dict` APIs, as the dictionary and area modules' open
 * routes do (`access: 'openApi:<api>'`), so that granted and refused APIs can both be called, and
 * one naming an API that does not exist.
 */

const START = chinaTime(2026, 5, 1, 9, 0, 0);

interface Scene {
  app: TestApp;
  admin: string;
  /** Moves the data clock (tokens, expiry) on. */
  advance(seconds: number): void;
}

const opened: TestApp[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

async function scene(): Promise<Scene> {
  let clock = START;
  const app = await createTestApp({
    env: {
      TEST_CAPTCHA_TEXT: PLATFORM_CAPTCHA,
      PLATFORM_ADMIN_PASSWORD: ADMIN_PASSWORD,
      // The administrators' sessions outlive the clock jumps of the expiry tests.
      PLATFORM_SESSION_IDLE_MINUTES: '1440',
      PLATFORM_SESSION_ABSOLUTE_HOURS: '168',
    },
    now: () => clock,
    configure: (built) => {
      for (const api of ['area', 'dict', 'weather'] as const) {
        built.server.get(`/api/open/test/${api}`, { config: { access: `openApi:${api}` } }, async (request) => {
          const principal = openAppOf(request);
          return { code: 0, msg: '成功', data: { app: principal.name, api } };
        });
      }
    },
  });
  opened.push(app);
  await app.use(operators).bootstrap();
  return {
    app,
    admin: await adminToken(app),
    advance: (seconds) => {
      clock += seconds;
    },
  };
}

interface Credentials {
  app: { id: string; name: string; apis: string[]; status: string; expiresAt: string | null };
  appKey: string;
  appSecret: string;
}

async function register(
  s: Scene,
  body: { name: string; apis: string[]; rateLimitPerMinute?: number; expiresAt?: string | null },
  token = s.admin,
): Promise<Credentials> {
  return dataOf<Credentials>(await platformCall(s.app, { url: '/sys/openapi/save', token, body }));
}

function exchange(s: Scene, appKey: string, appSecret: string, ip?: string): Promise<LightMyRequestResponse> {
  return platformCall(s.app, {
    url: '/api/open/token',
    body: { appKey, appSecret },
    ...(ip === undefined ? {} : { ip }),
  });
}

async function tokenOf(s: Scene, credentials: Credentials): Promise<string> {
  return dataOf<{ token: string }>(await exchange(s, credentials.appKey, credentials.appSecret)).token;
}

function openCall(
  s: Scene,
  url: string,
  token: string,
  how: 'bearer' | 'header' = 'bearer',
  headers: Record<string, string> = {},
) {
  return s.app.server.inject({
    method: 'GET',
    url,
    headers: {
      ...headers,
      ...(how === 'bearer' ? { authorization: `Bearer ${token}` } : { 'authentication-token': token }),
    },
  });
}

interface AuditEntry {
  action: string;
  actor: string;
  targetId: string | null;
  outcome: string;
  detail: string | null;
  before: unknown;
  after: unknown;
}

/** The open-API audit entries, oldest first (optionally of one application). */
async function auditOf(s: Scene, appId?: string): Promise<AuditEntry[]> {
  const page = dataOf<{ list: AuditEntry[] }>(
    await platformCall(s.app, {
      url: '/sys/audit/list',
      token: s.admin,
      query: { action: 'openapp.', pageSize: '100', sortOrder: 'ascend' },
    }),
  );
  return page.list.filter((e) => appId === undefined || e.targetId === appId);
}

const actionsOf = (entries: AuditEntry[]) => entries.map((e) => e.action);

function expectError(response: LightMyRequestResponse, status: number, code: number, msg?: RegExp) {
  const body = response.json() as { code: number; msg: string };
  expect({ status: response.statusCode, code: body.code }).toEqual({ status, code });
  if (msg !== undefined) expect(body.msg).toMatch(msg);
}

async function listApps(s: Scene, token = s.admin, query: Record<string, string> = {}) {
  return dataOf<{ list: Array<Record<string, unknown>>; total: number }>(
    await platformCall(s.app, { url: '/sys/openapi/list', token, query }),
  );
}

describe('open API: registration, token, calls', () => {
  it('registers an application, shows its secret once, exchanges it for a token and calls a granted API', async () => {
    const s = await scene();
    const created = await register(s, { name: '气象合作方', apis: ['area', 'dict'], rateLimitPerMinute: 30 });
    expect(created.appKey).toMatch(APP_KEY_PATTERN);
    expect(created.appSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.app).toMatchObject({
      name: '气象合作方',
      apis: ['dict', 'area'],
      status: 'active',
      expiresAt: null,
    });

    // The list shows the application, never its secret.
    const listing = await platformCall(s.app, { url: '/sys/openapi/list', token: s.admin });
    expect(listing.body).not.toContain(created.appSecret);
    expect(dataOf<{ list: Array<{ appKey: string; createdBy: string; areaName: string }> }>(listing).list).toEqual([
      expect.objectContaining({ appKey: created.appKey, createdBy: 'admin', areaName: '全国', lastUsedAt: null }),
    ]);

    const exchanged = await exchange(s, created.appKey, created.appSecret);
    const token = dataOf<{ token: string; expiresIn: number }>(exchanged);
    expect(token.expiresIn).toBe(OPEN_TOKEN_TTL_SECONDS);
    expect(exchanged.headers['cache-control']).toBe('no-store');

    const viaBearer = await openCall(s, '/api/open/test/area', token.token, 'bearer');
    expect(dataOf(viaBearer)).toEqual({ app: '气象合作方', api: 'area' });
    expect(viaBearer.headers['cache-control']).toBe('private, no-store');
    expect(dataOf(await openCall(s, '/api/open/test/dict', token.token, 'header'))).toEqual({
      app: '气象合作方',
      api: 'dict',
    });

    // The call was recorded as the application's last use.
    expect((await listApps(s)).list[0]?.lastUsedAt).toBe('2026-05-01 09:00:00');

    const audit = await auditOf(s, created.app.id);
    expect(actionsOf(audit)).toEqual(['openapp.create', 'openapp.token']);
    expect(audit[1]?.actor).toBe('app:气象合作方');
    // No secret or token reaches the log.
    const everything = JSON.stringify(await auditOf(s));
    expect(everything).not.toContain(created.appSecret);
    expect(everything).not.toContain(token.token);
  });

  it('takes the exchange as a form too, and answers the application its own facts with appType and apiType', async () => {
    const s = await scene();
    const created = await register(s, {
      name: '表单客户端',
      apis: ['lidar'],
      rateLimitPerMinute: 10,
      expiresAt: '2026-12-31',
    });
    const form = await s.app.server.inject({
      method: 'POST',
      url: '/api/open/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ appKey: created.appKey, appSecret: created.appSecret }).toString(),
    });
    const { token } = dataOf<{ token: string }>(form);

    const info = dataOf(
      await openCall(s, '/api/open/auto/apiInfo?apiType=hour', token, 'header', { appType: 'android' }),
    );
    expect(info).toEqual({
      name: '表单客户端',
      appKey: created.appKey,
      apis: [{ code: 'lidar', name: '激光雷达' }],
      rateLimitPerMinute: 10,
      remaining: 9,
      resetSeconds: expect.any(Number),
      // A date alone: the end of that day, China time.
      expiresAt: '2027-01-01 00:00:00',
      appType: 'android',
      apiType: 'hour',
    });
  });

  it('answers 401 without a token, for an unknown one, and for a wrong key or secret (audited, nothing issued)', async () => {
    const s = await scene();
    const created = await register(s, { name: '甲', apis: ['area'] });

    expectError(await s.app.server.inject({ url: '/api/open/test/area' }), 401, ErrorCode.OPEN_TOKEN_INVALID, /缺少/);
    expectError(await openCall(s, '/api/open/test/area', 'x'.repeat(43)), 401, ErrorCode.OPEN_TOKEN_INVALID);
    expectError(await openCall(s, '/api/open/test/area', 'not a token'), 401, ErrorCode.OPEN_TOKEN_INVALID);
    // An operator's session token is not an open-API token.
    expectError(await openCall(s, '/api/open/test/area', s.admin), 401, ErrorCode.OPEN_TOKEN_INVALID);

    expectError(
      await exchange(s, created.appKey, `${created.appSecret.slice(0, -1)}x`),
      401,
      ErrorCode.OPEN_CREDENTIALS_INVALID,
      /appKey 或 appSecret 不正确/,
    );
    expectError(
      await exchange(s, 'ak00000000000000000000000000000000', created.appSecret),
      401,
      ErrorCode.OPEN_CREDENTIALS_INVALID,
    );

    const audit = await auditOf(s);
    const refused = audit.filter((e) => e.action === 'openapp.token_refused');
    expect(refused.map((e) => [e.actor, e.outcome])).toEqual([
      ['app:甲', 'failure'],
      ['appKey:ak00000000000000000000000000000000', 'failure'],
    ]);
    expect(actionsOf(audit)).not.toContain('openapp.token');
  });

  it('ends tokens after two hours, and an expired application gets no token and its tokens stop', async () => {
    const s = await scene();
    const lasting = await register(s, { name: '长期', apis: ['area'] });
    const token = await tokenOf(s, lasting);
    s.advance(OPEN_TOKEN_TTL_SECONDS - 1);
    expect(dataOf(await openCall(s, '/api/open/test/area', token))).toMatchObject({ app: '长期' });
    s.advance(1);
    expectError(await openCall(s, '/api/open/test/area', token), 401, ErrorCode.OPEN_TOKEN_INVALID, /过期/);

    // An application ending at 12:00 gets a token that ends with it, and nothing after.
    const shortLived = await register(s, { name: '短期', apis: ['area'], expiresAt: '2026-05-01 12:00:00' });
    const early = dataOf<{ token: string; expiresIn: number }>(
      await exchange(s, shortLived.appKey, shortLived.appSecret),
    );
    expect(early.expiresIn).toBe(chinaTime(2026, 5, 1, 12, 0, 0) - (START + OPEN_TOKEN_TTL_SECONDS));
    s.advance(early.expiresIn);
    expectError(await openCall(s, '/api/open/test/area', early.token), 401, ErrorCode.OPEN_TOKEN_INVALID);
    expectError(
      await exchange(s, shortLived.appKey, shortLived.appSecret),
      401,
      ErrorCode.OPEN_APP_INACTIVE,
      /2026-05-01 12:00:00 到期/,
    );
    expect((await listApps(s, s.admin, { keyword: '短期' })).list[0]).toMatchObject({
      expired: true,
      status: 'active',
    });
  });

  it('fails loudly, not with a 403, for a route that names an API no application can be granted', async () => {
    const s = await scene();
    const token = await tokenOf(s, await register(s, { name: '任意', apis: ['area'] }));
    expectError(await openCall(s, '/api/open/test/weather', token), 500, ErrorCode.INTERNAL);
  });

  it('answers 403 for an API the application was not granted, audited once a minute', async () => {
    const s = await scene();
    const created = await register(s, { name: '只看区划', apis: ['area'] });
    const token = await tokenOf(s, created);
    expect(dataOf(await openCall(s, '/api/open/test/area', token))).toMatchObject({ api: 'area' });
    for (let i = 0; i < 3; i++) {
      expectError(
        await openCall(s, '/api/open/test/dict', token),
        403,
        ErrorCode.OPEN_API_NOT_ALLOWED,
        /无权调用该接口：数据字典/,
      );
    }
    const denied = (await auditOf(s, created.app.id)).filter((e) => e.action === 'openapp.denied');
    expect(denied).toHaveLength(1);
    expect(denied[0]).toMatchObject({ actor: 'app:只看区划', outcome: 'failure' });
    expect(denied[0]?.detail).toContain('GET /api/open/test/dict');
  });

  it('answers 429 with Retry-After over the rate, counting every call of the application, audited once a minute', async () => {
    const s = await scene();
    const created = await register(s, { name: '限额三次', apis: ['area'], rateLimitPerMinute: 3 });
    const token = await tokenOf(s, created);
    // Two tokens of one application share its rate.
    const second = await tokenOf(s, created);
    const remaining: unknown[] = [];
    remaining.push(dataOf<{ remaining: number }>(await openCall(s, '/api/open/auto/apiInfo', token)).remaining);
    remaining.push(dataOf<{ remaining: number }>(await openCall(s, '/api/open/auto/apiInfo', second)).remaining);
    expect(dataOf(await openCall(s, '/api/open/test/area', token))).toMatchObject({ api: 'area' });
    expect(remaining).toEqual([2, 1]);

    for (let i = 0; i < 3; i++) {
      const over = await openCall(s, '/api/open/test/area', i % 2 === 0 ? token : second);
      expectError(over, 429, ErrorCode.RATE_LIMITED, /每分钟最多调用 3 次/);
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    const denied = (await auditOf(s, created.app.id)).filter((e) => e.action === 'openapp.denied');
    expect(denied).toHaveLength(1);
    expect(denied[0]?.detail).toContain('超过每分钟 3 次');

    // Another application is not held up by this one's rate.
    const other = await register(s, { name: '另一个', apis: ['area'], rateLimitPerMinute: 3 });
    expect(dataOf(await openCall(s, '/api/open/test/area', await tokenOf(s, other)))).toMatchObject({ app: '另一个' });
  });

  it('revoking an application kills its tokens at once and refuses new ones', async () => {
    const s = await scene();
    const created = await register(s, { name: '将停用', apis: ['area'] });
    const token = await tokenOf(s, created);
    expect(dataOf(await openCall(s, '/api/open/test/area', token))).toMatchObject({ app: '将停用' });

    const revoked = dataOf<{ status: string }>(
      await platformCall(s.app, { url: '/sys/openapi/revoke', token: s.admin, body: { id: created.app.id } }),
    );
    expect(revoked.status).toBe('revoked');
    expectError(await openCall(s, '/api/open/test/area', token), 401, ErrorCode.OPEN_TOKEN_INVALID, /失效/);
    expectError(await exchange(s, created.appKey, created.appSecret), 401, ErrorCode.OPEN_APP_INACTIVE, /停用/);
    // Final: it cannot be revoked again, changed, or given a new secret.
    expectError(
      await platformCall(s.app, { url: '/sys/openapi/revoke', token: s.admin, body: { id: created.app.id } }),
      409,
      ErrorCode.CONFLICT,
    );
    expectError(
      await platformCall(s.app, { url: '/sys/openapi/resetSecret', token: s.admin, body: { id: created.app.id } }),
      409,
      ErrorCode.CONFLICT,
    );

    const audit = await auditOf(s, created.app.id);
    expect(actionsOf(audit)).toEqual(['openapp.create', 'openapp.token', 'openapp.revoke', 'openapp.token_refused']);
    expect(audit[2]).toMatchObject({ actor: 'admin', before: { status: 'active' }, after: { status: 'revoked' } });
  });

  it('resetting the secret answers a new one once; the old secret and its tokens stop working', async () => {
    const s = await scene();
    const created = await register(s, { name: '换密钥', apis: ['area'] });
    const oldToken = await tokenOf(s, created);
    const reset = dataOf<Credentials>(
      await platformCall(s.app, { url: '/sys/openapi/resetSecret', token: s.admin, body: { id: created.app.id } }),
    );
    expect(reset.appKey).toBe(created.appKey);
    expect(reset.appSecret).not.toBe(created.appSecret);

    expectError(await exchange(s, created.appKey, created.appSecret), 401, ErrorCode.OPEN_CREDENTIALS_INVALID);
    expectError(await openCall(s, '/api/open/test/area', oldToken), 401, ErrorCode.OPEN_TOKEN_INVALID);
    const fresh = await tokenOf(s, reset);
    expect(dataOf(await openCall(s, '/api/open/test/area', fresh))).toMatchObject({ app: '换密钥' });

    const audit = await auditOf(s, created.app.id);
    expect(actionsOf(audit)).toEqual([
      'openapp.create',
      'openapp.token',
      'openapp.rotate',
      'openapp.token_refused',
      'openapp.token',
    ]);
    expect(JSON.stringify(audit)).not.toContain(reset.appSecret);
  });

  it('applies a change of APIs, rate and expiry to the tokens already issued', async () => {
    const s = await scene();
    const created = await register(s, { name: '将收窄', apis: ['area', 'dict'], rateLimitPerMinute: 100 });
    const token = await tokenOf(s, created);
    expect(dataOf(await openCall(s, '/api/open/test/dict', token))).toMatchObject({ api: 'dict' });

    const updated = dataOf<{ apis: string[]; rateLimitPerMinute: number; expiresAt: string }>(
      await platformCall(s.app, {
        url: '/sys/openapi/update',
        token: s.admin,
        body: { id: created.app.id, name: '已收窄', apis: ['area'], rateLimitPerMinute: 2, expiresAt: '2026-06-30' },
      }),
    );
    expect(updated).toMatchObject({ apis: ['area'], rateLimitPerMinute: 2, expiresAt: '2026-07-01 00:00:00' });
    expectError(await openCall(s, '/api/open/test/dict', token), 403, ErrorCode.OPEN_API_NOT_ALLOWED);
    // The earlier call counted: one left this minute under the new rate.
    expect(
      dataOf<{ remaining: number; name: string }>(await openCall(s, '/api/open/auto/apiInfo', token)),
    ).toMatchObject({ name: '已收窄', remaining: 0 });
    expectError(await openCall(s, '/api/open/test/area', token), 429, ErrorCode.RATE_LIMITED);

    const change = (await auditOf(s, created.app.id)).find((e) => e.action === 'openapp.update');
    expect(change).toMatchObject({
      before: expect.objectContaining({ name: '将收窄', apis: ['dict', 'area'], rateLimitPerMinute: 100 }),
      after: expect.objectContaining({ name: '已收窄', apis: ['area'], rateLimitPerMinute: 2 }),
    });
  });

  it('gives lidar clients a token for their Authentication-RequestKey, only when the application may use the lidar', async () => {
    const s = await scene();
    const lidar = await register(s, { name: '雷达站', apis: ['lidar'] });
    const other = await register(s, { name: '非雷达', apis: ['area'] });
    const lidarToken = (requestKey: string | undefined) =>
      s.app.server.inject({
        url: '/api/open/lidar/getToken/auto',
        headers: requestKey === undefined ? {} : { 'authentication-requestkey': requestKey },
      });

    const answer = await lidarToken(`${lidar.appKey}:${lidar.appSecret}`);
    const { token, expiresIn } = dataOf<{ token: string; expiresIn: number }>(answer);
    expect(expiresIn).toBe(OPEN_TOKEN_TTL_SECONDS);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(dataOf(await openCall(s, '/api/open/auto/apiInfo', token))).toMatchObject({ name: '雷达站' });

    expectError(
      await lidarToken(`${other.appKey}:${other.appSecret}`),
      403,
      ErrorCode.OPEN_API_NOT_ALLOWED,
      /激光雷达/,
    );
    expectError(await lidarToken(`${lidar.appKey}:wrong`), 401, ErrorCode.OPEN_CREDENTIALS_INVALID);
    expectError(await lidarToken(undefined), 401, ErrorCode.OPEN_CREDENTIALS_INVALID, /Authentication-RequestKey/);
    expectError(await lidarToken(lidar.appKey), 400, ErrorCode.VALIDATION, /appKey:appSecret/);

    const refused = (await auditOf(s)).filter((e) => e.action === 'openapp.token_refused').map((e) => e.actor);
    expect(refused).toEqual(['app:非雷达', 'app:雷达站']);
  });

  it('throttles refused exchanges per address and per appKey, with Retry-After', async () => {
    const s = await scene();
    const created = await register(s, { name: '被试探', apis: ['area'] });

    // One address trying many keys: refused after the limit, even with right credentials; others are not.
    for (let i = 0; i < EXCHANGE_FAILURES.perAddress; i++) {
      expectError(
        await exchange(s, `ak${String(i).padStart(32, '0')}`, 'guess', '10.0.0.1'),
        401,
        ErrorCode.OPEN_CREDENTIALS_INVALID,
      );
    }
    const blocked = await exchange(s, created.appKey, created.appSecret, '10.0.0.1');
    expectError(blocked, 429, ErrorCode.RATE_LIMITED, /失败次数过多/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    dataOf(await exchange(s, created.appKey, created.appSecret, '10.0.0.2'));

    // Many addresses trying one key: that key is refused after the limit, whoever asks.
    const target = await register(s, { name: '被撞库', apis: ['area'] });
    for (let i = 0; i < EXCHANGE_FAILURES.perKey; i++) {
      expectError(
        await exchange(s, target.appKey, `guess${i}`, `10.1.0.${i + 1}`),
        401,
        ErrorCode.OPEN_CREDENTIALS_INVALID,
      );
    }
    expectError(await exchange(s, target.appKey, target.appSecret, '10.2.0.1'), 429, ErrorCode.RATE_LIMITED);
    expectError(await exchange(s, target.appKey, target.appSecret, '10.2.0.1'), 429, ErrorCode.RATE_LIMITED);
    dataOf(await exchange(s, created.appKey, created.appSecret, '10.2.0.1'));

    // Each refused attempt is in the log; the throttled ones once a minute per address.
    const refused = (await auditOf(s)).filter((e) => e.action === 'openapp.token_refused');
    expect(refused.filter((e) => e.detail === 'appKey 或 appSecret 不正确')).toHaveLength(
      EXCHANGE_FAILURES.perAddress + EXCHANGE_FAILURES.perKey,
    );
    expect(refused.filter((e) => e.detail?.includes('失败次数过多')).map((e) => e.actor)).toEqual([
      `appKey:${created.appKey}`,
      `appKey:${target.appKey}`,
    ]);
  });
});

describe('open API: administration', () => {
  it('keeps each administrator to the applications of their area', async () => {
    const s = await scene();
    const national = await register(s, { name: '全国应用', apis: ['area'] });
    s.advance(60);
    const district = await districtOperator(s.app, s.admin, {
      username: 'futian',
      areaCode: '440304',
      orgName: '福田区生态环境局',
      permissions: ['system:openapi:view', 'system:openapi:edit'],
    });
    const local = await register(s, { name: '福田应用', apis: ['area'] }, district.token);
    expect(local.app).toMatchObject({ status: 'active' });

    const seen = await listApps(s, district.token);
    expect(seen.list.map((a) => a.name)).toEqual(['福田应用']);
    expect(seen.list[0]).toMatchObject({ areaCode: '440304', areaName: '福田区', createdBy: 'futian' });
    expect((await listApps(s)).list.map((a) => a.name)).toEqual(['福田应用', '全国应用']);

    // Another area's application is not there for them, whatever they send.
    for (const url of ['/sys/openapi/revoke', '/sys/openapi/resetSecret']) {
      expectError(
        await platformCall(s.app, { url, token: district.token, body: { id: national.app.id } }),
        404,
        ErrorCode.NOT_FOUND,
      );
    }
    expectError(
      await platformCall(s.app, {
        url: '/sys/openapi/update',
        token: district.token,
        body: { id: national.app.id, name: '改名', apis: ['area'], rateLimitPerMinute: 1, expiresAt: null },
      }),
      404,
      ErrorCode.NOT_FOUND,
    );
    expect((await listApps(s, s.admin, { keyword: '全国' })).list[0]).toMatchObject({
      name: '全国应用',
      status: 'active',
    });

    // The national administrator manages the district's application.
    dataOf(await platformCall(s.app, { url: '/sys/openapi/revoke', token: s.admin, body: { id: local.app.id } }));
    expect((await listApps(s, district.token, { status: 'revoked' })).list.map((a) => a.name)).toEqual(['福田应用']);
    expect((await listApps(s, district.token, { status: 'active' })).total).toBe(0);
  });

  it('needs the open-API permissions: view to list, edit to change', async () => {
    const s = await scene();
    const viewer = await districtOperator(s.app, s.admin, {
      username: 'viewer',
      areaCode: '440300',
      orgName: '深圳市生态环境局',
      permissions: ['system:openapi:view'],
    });
    const nobody = await districtOperator(s.app, s.admin, {
      username: 'nobody',
      areaCode: '440100',
      orgName: '广州市生态环境局',
      permissions: ['air:view'],
    });
    expect((await listApps(s, viewer.token)).total).toBe(0);
    expectError(await platformCall(s.app, { url: '/sys/openapi/list', token: nobody.token }), 403, ErrorCode.FORBIDDEN);
    expectError(
      await platformCall(s.app, {
        url: '/sys/openapi/save',
        token: viewer.token,
        body: { name: '越权', apis: ['area'] },
      }),
      403,
      ErrorCode.FORBIDDEN,
      /登记、停用开放接口应用/,
    );
    expectError(await platformCall(s.app, { url: '/sys/openapi/list' }), 401, ErrorCode.UNAUTHENTICATED);
    expect((await listApps(s)).total).toBe(0);
  });

  it('sorts and pages the list on the server', async () => {
    const s = await scene();
    for (const name of ['丙', '甲', '乙']) {
      await register(s, { name, apis: ['area'] });
      s.advance(60);
    }
    const byName = await listApps(s, s.admin, { sortBy: 'name', sortOrder: 'ascend', pageSize: '2' });
    expect(byName.total).toBe(3);
    expect(byName.list.map((a) => a.name)).toEqual(['丙', '乙']);
    const newest = await listApps(s, s.admin, { pageNum: '2', pageSize: '2' });
    expect(newest.list.map((a) => a.name)).toEqual(['丙']);
  });

  it('refuses junk with 400 and writes nothing', async () => {
    const s = await scene();
    const junk: unknown[] = [
      {},
      { name: '', apis: ['area'] },
      { name: 'x'.repeat(65), apis: ['area'] },
      { name: '未知接口', apis: ['weather'] },
      { name: '空接口', apis: [] },
      { name: '重复接口', apis: ['area', 'area'] },
      { name: '零限额', apis: ['area'], rateLimitPerMinute: 0 },
      { name: '文字限额', apis: ['area'], rateLimitPerMinute: 'abc' },
      { name: '布尔限额', apis: ['area'], rateLimitPerMinute: true },
      { name: '小数限额', apis: ['area'], rateLimitPerMinute: 1.5 },
      { name: '过大限额', apis: ['area'], rateLimitPerMinute: 100_001 },
      { name: '坏日期', apis: ['area'], expiresAt: '2026-02-30' },
      { name: '坏格式', apis: ['area'], expiresAt: '2026/12/31' },
      { name: '已过去', apis: ['area'], expiresAt: '2026-04-30' },
      { name: '就是现在', apis: ['area'], expiresAt: '2026-05-01 09:00:00' },
      { name: '接口不是数组', apis: 'area' },
    ];
    for (const body of junk) {
      const response = await platformCall(s.app, { url: '/sys/openapi/save', token: s.admin, body });
      expectError(response, 400, ErrorCode.VALIDATION);
    }
    const notJson = await s.app.server.inject({
      method: 'POST',
      url: '/sys/openapi/save',
      headers: { authorization: `Bearer ${s.admin}`, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(notJson.statusCode).toBe(400);

    const created = await register(s, { name: '正常', apis: ['area'] });
    for (const body of [
      { id: created.app.id, name: '缺字段', apis: ['area'] },
      { id: 'NOT-AN-ID', name: '坏编号', apis: ['area'], rateLimitPerMinute: 5, expiresAt: null },
      { id: created.app.id, name: '已过去', apis: ['area'], rateLimitPerMinute: 5, expiresAt: '2020-01-01' },
    ]) {
      expectError(
        await platformCall(s.app, { url: '/sys/openapi/update', token: s.admin, body }),
        400,
        ErrorCode.VALIDATION,
      );
    }
    expectError(
      await platformCall(s.app, {
        url: '/sys/openapi/revoke',
        token: s.admin,
        body: { id: 'ffffffffffffffffffffffffffffffff' },
      }),
      404,
      ErrorCode.NOT_FOUND,
    );

    for (const body of [{}, { appKey: created.appKey }, { appKey: created.appKey, appSecret: 'x'.repeat(129) }]) {
      expectError(await platformCall(s.app, { url: '/api/open/token', body }), 400, ErrorCode.VALIDATION);
    }
    const token = await tokenOf(s, created);
    expectError(
      await openCall(s, '/api/open/auto/apiInfo', token, 'bearer', { appType: 'a'.repeat(65) }),
      400,
      ErrorCode.VALIDATION,
      /appType/,
    );
    expectError(
      await openCall(s, '/api/open/auto/apiInfo?apiType=a&apiType=b', token),
      400,
      ErrorCode.VALIDATION,
      /apiType/,
    );

    const listed = await listApps(s);
    expect(listed.list).toEqual([expect.objectContaining({ name: '正常', rateLimitPerMinute: 60, expiresAt: null })]);
    expect(actionsOf(await auditOf(s))).toEqual(['openapp.create', 'openapp.token']);
  });
});
