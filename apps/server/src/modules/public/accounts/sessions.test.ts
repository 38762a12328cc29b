import { ErrorCode } from '@lantian/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AccountsTestApp,
  call,
  createAccountsApp,
  lastCode,
  login,
  loginToken,
  registerUser,
  requestCode,
  setCookies,
} from '../../../testing/accounts';

const PHONE = '13500135000';
const PASSWORD = 'cloud-river-9';

let app: AccountsTestApp;
afterEach(async () => {
  await app.close();
  vi.useRealTimers();
});

async function start(env: Record<string, string> = {}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  app = await createAccountsApp(env);
  await registerUser(app, PHONE, PASSWORD);
}

const minutes = (n: number) => vi.setSystemTime(Date.now() + n * 60_000);

const withHeader = (token: string) => ({ headers: { 'authentication-token': token } });
const withCookie = (token: string) => ({ cookies: { 'Authentication-Token': token } });

async function tokenValid(token: string) {
  return (await call(app, 'POST', '/api/user/tokenValid', withHeader(token))).json().data.valid as boolean;
}

describe('sessions', () => {
  it('tokenValid reads the header or the cookie and answers the session state', async () => {
    await start();
    const token = await loginToken(app, PHONE, PASSWORD);
    for (const how of [withHeader(token), withCookie(token)]) {
      const res = await call(app, 'POST', '/api/user/tokenValid', how);
      expect(res.json().data).toEqual({
        valid: true,
        username: '135****5000',
        userType: '1',
        userTypeAqidata: '0',
        expiresAt: expect.any(Number),
      });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const none = await call(app, 'POST', '/api/user/tokenValid');
    expect(none.json().data).toEqual({ valid: false });
  });

  it('tokenValid clears the login cookies when the cookie token is dead', async () => {
    await start();
    const res = await call(app, 'POST', '/api/user/tokenValid', withCookie('x'.repeat(43)));
    expect(res.json().data.valid).toBe(false);
    const cleared = setCookies(res);
    for (const name of ['Authentication-Token', 'username', 'userType', 'userTypeAqidata', 'lidarPermission']) {
      expect(cleared.get(name)?.attributes, name).toContain('Max-Age=0');
    }
  });

  it('user routes refuse a missing token (请先登录) and a dead one (登录已失效)', async () => {
    await start();
    const none = await call(app, 'GET', '/api/user/getUserConfig');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: ErrorCode.UNAUTHENTICATED, msg: '请先登录' });
    const dead = await call(app, 'GET', '/api/user/getUserConfig', withHeader('y'.repeat(43)));
    expect(dead.statusCode).toBe(401);
    expect(dead.json()).toEqual({ code: ErrorCode.SESSION_EXPIRED, msg: '登录已失效，请重新登录' });
    expect(setCookies(dead).size).toBe(0);
    // With the cookie, the refusal also clears the login cookies the shell polls.
    const deadCookie = await call(app, 'GET', '/api/user/getUserConfig', withCookie('y'.repeat(43)));
    expect(deadCookie.statusCode).toBe(401);
    expect(setCookies(deadCookie).get('username')?.attributes).toContain('Max-Age=0');
  });

  it('stores only the SHA-256 of a token', async () => {
    await start();
    const token = await loginToken(app, PHONE, PASSWORD);
    const rows = await app.database.db.selectFrom('user_sessions').select('token_hash').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(token);
  });

  it('logout revokes the session on the server and clears the cookies; errors are not possible', async () => {
    await start();
    const token = await loginToken(app, PHONE, PASSWORD);
    const other = await loginToken(app, PHONE, PASSWORD);
    const res = await call(app, 'POST', '/api/user/loginOut', withCookie(token));
    expect(res.json()).toEqual({ code: 0, msg: '已退出登录', data: null });
    expect(setCookies(res).get('Authentication-Token')?.attributes).toContain('Max-Age=0');
    expect(await tokenValid(token)).toBe(false);
    // Only that session: another device stays logged in.
    expect(await tokenValid(other)).toBe(true);
    // Logging out again, or without any session, still succeeds.
    expect((await call(app, 'POST', '/api/user/loginOut', withCookie(token))).statusCode).toBe(200);
    expect((await call(app, 'POST', '/api/user/loginOut')).statusCode).toBe(200);
  });

  it('ends after the idle timeout, and is kept alive by use', async () => {
    await start({ SESSION_IDLE_MINUTES: '30' });
    const busy = await loginToken(app, PHONE, PASSWORD);
    const idle = await loginToken(app, PHONE, PASSWORD);
    for (let i = 0; i < 3; i++) {
      minutes(20);
      expect(await tokenValid(busy)).toBe(true);
    }
    expect(await tokenValid(idle)).toBe(false);
  });

  it('ends at the absolute timeout however busy', async () => {
    await start({ SESSION_IDLE_MINUTES: '60', SESSION_ABSOLUTE_HOURS: '2' });
    const token = await loginToken(app, PHONE, PASSWORD);
    for (let i = 0; i < 2; i++) {
      minutes(50);
      expect(await tokenValid(token)).toBe(true);
    }
    minutes(19);
    expect(await tokenValid(token)).toBe(true);
    minutes(2);
    expect(await tokenValid(token)).toBe(false);
  });

  it('remember-me keeps a session for days (idle up to a week, 30 days in all)', async () => {
    await start();
    const short = await loginToken(app, PHONE, PASSWORD);
    const long = await loginToken(app, PHONE, PASSWORD, true);
    minutes(6 * 24 * 60);
    expect(await tokenValid(short)).toBe(false);
    expect(await tokenValid(long)).toBe(true);
    for (let i = 0; i < 4; i++) minutes(6 * 24 * 60);
    expect(await tokenValid(long)).toBe(false);
  });
});

describe('password changes revoke sessions', () => {
  const update = (token: string, params: Record<string, string>, how: 'header' | 'cookie' = 'header') =>
    call(app, 'POST', '/api/user/updatePassword', {
      params,
      ...(how === 'header' ? withHeader(token) : withCookie(token)),
    });

  it('updatePassword keeps this session and ends every other; the new password works, the old does not', async () => {
    await start();
    const here = await loginToken(app, PHONE, PASSWORD);
    const elsewhere = await loginToken(app, PHONE, PASSWORD);
    const res = await update(here, {
      oldPassword: PASSWORD,
      newPassword: 'sunny-hill-11',
      confirmPassword: 'sunny-hill-11',
    });
    expect(res.json()).toEqual({ code: 0, msg: '密码更改成功，请重新登录', data: null });
    expect(await tokenValid(here)).toBe(true);
    expect(await tokenValid(elsewhere)).toBe(false);
    expect((await login(app, PHONE, PASSWORD)).statusCode).toBe(401);
    expect((await login(app, PHONE, 'sunny-hill-11')).statusCode).toBe(200);
  });

  it('updatePassword checks its fields with the spec texts', async () => {
    await start();
    const token = await loginToken(app, PHONE, PASSWORD);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ oldPassword: '', newPassword: 'sunny-hill-11' }, ErrorCode.VALIDATION, '密码不能为空'],
      [{ oldPassword: PASSWORD, newPassword: '' }, ErrorCode.VALIDATION, '密码不能为空'],
      [{ oldPassword: PASSWORD, newPassword: 'abc' }, ErrorCode.VALIDATION, '密码不能少于6位'],
      [{ oldPassword: PASSWORD, newPassword: 'x'.repeat(19) }, ErrorCode.VALIDATION, '密码不能大于18位'],
      [{ oldPassword: PASSWORD, newPassword: 'qwerty123' }, ErrorCode.VALIDATION, '密码过于常见，容易被猜中，请换一个'],
      [
        { oldPassword: PASSWORD, newPassword: 'sunny-hill-11', confirmPassword: 'sunny-hill-12' },
        ErrorCode.VALIDATION,
        '两次密码不一致',
      ],
      [{ oldPassword: PASSWORD, newPassword: PASSWORD }, ErrorCode.VALIDATION, '新密码不能与原密码相同'],
      [{ oldPassword: 'not-it-at-all', newPassword: 'sunny-hill-11' }, ErrorCode.OLD_PASSWORD_WRONG, '原密码不正确'],
    ];
    for (const [params, code, msg] of cases) {
      const res = await update(token, params);
      expect(res.json(), JSON.stringify(params)).toEqual({ code, msg });
    }
  });

  it('updatePassword throttles wrong old passwords: 5, then 429', async () => {
    await start();
    const token = await loginToken(app, PHONE, PASSWORD);
    for (let i = 0; i < 5; i++) {
      expect((await update(token, { oldPassword: `nope-${i}-zz`, newPassword: 'sunny-hill-11' })).statusCode).toBe(400);
    }
    const res = await update(token, { oldPassword: PASSWORD, newPassword: 'sunny-hill-11' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('forgetUpdatePassword ends every session of the account', async () => {
    await start();
    const a = await loginToken(app, PHONE, PASSWORD);
    const b = await loginToken(app, PHONE, PASSWORD, true);
    minutes(3);
    await requestCode(app, PHONE, 'reset');
    const code = await lastCode(app, PHONE, 'reset');
    const res = await call(app, 'POST', '/api/user/forgetUpdatePassword', {
      params: { phone: PHONE, code, password: 'sunny-hill-11' },
    });
    expect(res.statusCode).toBe(200);
    expect(await tokenValid(a)).toBe(false);
    expect(await tokenValid(b)).toBe(false);
    expect((await login(app, PHONE, 'sunny-hill-11')).statusCode).toBe(200);
  });
});

describe('CSRF: cookie-authenticated writes must come from the site', () => {
  const save = (
    token: string,
    options: { via: 'cookie' | 'header'; from?: 'site' | 'cross-site' | 'none'; headers?: Record<string, string> },
  ) =>
    call(app, 'POST', '/api/user/saveUserConfig', {
      params: { theme: 'dark' },
      ...(options.via === 'cookie' ? withCookie(token) : withHeader(token)),
      ...(options.from === undefined ? {} : { from: options.from }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
    });

  it('refuses a cookie write from another site, or with no sign of its origin', async () => {
    await start();
    const token = await loginToken(app, PHONE, PASSWORD);
    for (const from of ['cross-site', 'none'] as const) {
      const res = await save(token, { via: 'cookie', from });
      expect(res.statusCode, from).toBe(403);
      expect(res.json()).toEqual({ code: ErrorCode.CSRF_REJECTED, msg: '请求来源校验失败，请刷新页面后重试' });
    }
    const sameSite = await save(token, { via: 'cookie', from: 'none', headers: { 'sec-fetch-site': 'same-site' } });
    expect(sameSite.statusCode).toBe(403);
    const foreignOrigin = await save(token, {
      via: 'cookie',
      from: 'none',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreignOrigin.statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/user/getUserConfig', withHeader(token))).json().data).toEqual({});
  });

  it('accepts a cookie write from the site: Sec-Fetch-Site same-origin, or an Origin/Referer of this host', async () => {
    await start();
    const token = await loginToken(app, PHONE, PASSWORD);
    expect((await save(token, { via: 'cookie', from: 'site' })).statusCode).toBe(200);
    const origin = await save(token, { via: 'cookie', from: 'none', headers: { origin: 'http://localhost:80' } });
    expect(origin.statusCode).toBe(200);
    const referer = await save(token, {
      via: 'cookie',
      from: 'none',
      headers: { referer: 'http://localhost:80/city/beijing' },
    });
    expect(referer.statusCode).toBe(200);
  });

  it('does not apply to the header token, which a browser never sends by itself', async () => {
    await start();
    const token = await loginToken(app, PHONE, PASSWORD);
    expect((await save(token, { via: 'header', from: 'none' })).statusCode).toBe(200);
  });

  it('also guards the GET deleteUserConfig, and updatePassword and logout', async () => {
    await start();
    const token = await loginToken(app, PHONE, PASSWORD);
    const del = await call(app, 'GET', '/api/user/deleteUserConfig', { ...withCookie(token), from: 'cross-site' });
    expect(del.statusCode).toBe(403);
    const upd = await call(app, 'POST', '/api/user/updatePassword', {
      ...withCookie(token),
      from: 'cross-site',
      params: { oldPassword: PASSWORD, newPassword: 'sunny-hill-11' },
    });
    expect(upd.statusCode).toBe(403);
    const out = await call(app, 'POST', '/api/user/loginOut', { ...withCookie(token), from: 'cross-site' });
    expect(out.statusCode).toBe(403);
    expect(await tokenValid(token)).toBe(true);
    expect((await call(app, 'GET', '/api/user/deleteUserConfig', withCookie(token))).statusCode).toBe(200);
  });
});
