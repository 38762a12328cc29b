import { ErrorCode } from '@lantian/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../testing/app';
import {
  ADMIN_NEW_PASSWORD,
  ADMIN_PASSWORD,
  adminToken,
  createPlatformApp,
  dataOf,
  PLATFORM_CAPTCHA,
  platformCall,
  signInCall,
} from '../../../testing/platform';
import { LOCKOUT, operators } from './index';

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

/** The audit entries (newest first) as the administrator sees them. */
async function auditActions(token: string, query: Record<string, string> = {}) {
  const page = dataOf<{ list: Array<{ action: string; outcome: string; actor: string; ip: string | null }> }>(
    await platformCall(app, { url: '/sys/audit/list', token, query: { pageSize: '100', ...query } }),
  );
  return page.list;
}

const setCookies = (response: { headers: Record<string, unknown> }) => {
  const raw = response.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : [raw]).map(String);
};

describe('operator sign-in (POST /zhhb)', () => {
  it('signs the first admin in with PLATFORM_ADMIN_PASSWORD, sets the session cookies, and demands a new password', async () => {
    app = await createPlatformApp();
    const response = await signInCall(app, 'admin', ADMIN_PASSWORD);
    const data = dataOf<{
      token: string;
      operator: { mustChangePassword: boolean; username: string; org: { areaName: string } };
    }>(response);
    expect(data.operator).toMatchObject({ username: 'admin', mustChangePassword: true, org: { areaName: '全国' } });
    const cookies = setCookies(response);
    expect(cookies.find((c) => c.startsWith('Platform-Token='))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith('platformSignedIn=1'))).not.toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith('userType=admin'))).toMatch(/Path=\/platform\//);

    // Until the password is changed, only the session calls answer.
    const refused = await platformCall(app, { url: '/sys/user/list', token: data.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.PASSWORD_CHANGE_REQUIRED, msg: '请先修改密码' });
    expect(dataOf(await platformCall(app, { url: '/sys/user/currentUser', token: data.token }))).toMatchObject({
      mustChangePassword: true,
    });

    const weak = await platformCall(app, {
      url: '/zhhb/center/modifyPwd',
      token: data.token,
      body: { oldPassword: ADMIN_PASSWORD, newPassword: 'password', confirmPassword: 'password' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().msg).toMatch(/密码/);

    dataOf(
      await platformCall(app, {
        url: '/zhhb/center/modifyPwd',
        token: data.token,
        body: { oldPassword: ADMIN_PASSWORD, newPassword: ADMIN_NEW_PASSWORD, confirmPassword: ADMIN_NEW_PASSWORD },
      }),
    );
    expect((await platformCall(app, { url: '/sys/user/list', token: data.token })).statusCode).toBe(200);
    // The old password is gone, the new one signs in.
    expect((await signInCall(app, 'admin', ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await signInCall(app, 'Admin', ADMIN_NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same message for an unknown user and a wrong password, and audits both failures', async () => {
    app = await createPlatformApp();
    const token = await adminToken(app);
    const unknown = await signInCall(app, 'nobody', 'Whatever#123', { ip: '10.0.0.7' });
    const wrong = await signInCall(app, 'admin', 'Whatever#123', { ip: '10.0.0.7' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json()).toMatchObject({ code: ErrorCode.LOGIN_FAILED, msg: '用户名或密码错误' });
    const failures = await auditActions(token, { outcome: 'failure' });
    expect(failures.map((f) => [f.action, f.actor, f.ip])).toEqual([
      ['session.signin_failed', 'admin', '10.0.0.7'],
      ['session.signin_failed', 'nobody', '10.0.0.7'],
    ]);
  });

  it('refuses a wrong or reused captcha before looking at the password', async () => {
    app = await createPlatformApp();
    const wrongCode = await signInCall(app, 'admin', ADMIN_PASSWORD, { validateCode: 'AAAA' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ code: ErrorCode.CAPTCHA_INVALID });

    const captcha = dataOf<{ uuid: string; img: string }>(await platformCall(app, { url: '/zhhb/getCaptchaImage' }));
    expect(Buffer.from(captcha.img, 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const body = { username: 'admin', password: ADMIN_PASSWORD, validateCode: PLATFORM_CAPTCHA, uuid: captcha.uuid };
    expect((await platformCall(app, { url: '/zhhb', body })).statusCode).toBe(200);
    expect((await platformCall(app, { url: '/zhhb', body })).json()).toMatchObject({ code: ErrorCode.CAPTCHA_INVALID });
  });

  it('takes the spec form post as well as JSON', async () => {
    app = await createPlatformApp();
    const captcha = dataOf<{ uuid: string }>(await platformCall(app, { url: '/zhhb/getCaptchaImage' }));
    const response = await app.server.inject({
      method: 'POST',
      url: '/zhhb',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        username: 'admin',
        password: ADMIN_PASSWORD,
        validateCode: PLATFORM_CAPTCHA,
        uuid: captcha.uuid,
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
  });

  it('rejects junk sign-in bodies with 400 and a message, writing nothing', async () => {
    app = await createPlatformApp();
    for (const body of [
      {},
      { username: 'admin' },
      { username: 'a'.repeat(65), password: 'x', validateCode: 'X', uuid: 'u' },
    ]) {
      const response = await platformCall(app, { url: '/zhhb', body });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toMatch(/参数错误|不能为空|超过/);
    }
    const token = await adminToken(app);
    expect((await auditActions(token, { outcome: 'failure' })).length).toBe(0);
  });

  it('throttles one address guessing one account, with Retry-After, even for the right password', async () => {
    app = await createPlatformApp();
    for (let i = 0; i < LOCKOUT.perAccountAndAddress; i += 1) {
      expect((await signInCall(app, 'admin', 'Wrong#Pass1', { ip: '10.1.0.1' })).statusCode).toBe(401);
    }
    const throttled = await signInCall(app, 'admin', ADMIN_PASSWORD, { ip: '10.1.0.1' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: ErrorCode.SIGNIN_LOCKED });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // The operator elsewhere is not locked out by it.
    expect((await signInCall(app, 'admin', ADMIN_PASSWORD, { ip: '10.1.0.99' })).statusCode).toBe(200);
  });

  it('paces an account under attack from many addresses instead of locking it (issue 16 item 8)', async () => {
    app = await createPlatformApp();
    for (let i = 0; i < LOCKOUT.paceAfter; i += 1) {
      expect((await signInCall(app, 'admin', 'Wrong#Pass1', { ip: `10.1.1.${i}` })).statusCode).toBe(401);
    }
    // The first try past the threshold passes (and starts the pace); the next within 15 s waits.
    expect((await signInCall(app, 'admin', 'Wrong#Pass1', { ip: '10.1.2.1' })).statusCode).toBe(401);
    const paced = await signInCall(app, 'admin', ADMIN_PASSWORD, { ip: '10.1.2.2' });
    expect(paced.statusCode).toBe(429);
    expect(paced.json().msg).toMatch(/该账号登录尝试过多/);
    expect(Number(paced.headers['retry-after'])).toBeLessThanOrEqual(LOCKOUT.paceMs / 1000);
    // Once the pace has run, the operator gets in: a pace, not a 15-minute lock.
    await app.state.delete('oplock:pace:admin');
    expect((await signInCall(app, 'admin', ADMIN_PASSWORD, { ip: '10.1.2.2' })).statusCode).toBe(200);
  });

  it('counts a try before the password check: 40 parallel wrong guesses, at most 5 reach it', async () => {
    app = await createPlatformApp();
    const warn = vi.spyOn(app.server.log, 'warn');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signInCall(app, 'admin', `Wrong#Pass${i}`, { ip: '10.1.3.1' })),
    );
    const reached = warn.mock.calls.filter(([entry]) => (entry as { event?: string }).event === 'auth.login_failed');
    expect(reached.length).toBe(LOCKOUT.perAccountAndAddress);
    expect(answers.filter((r) => r.statusCode === 401).length).toBe(LOCKOUT.perAccountAndAddress);
    expect(reached[0]?.[0]).toMatchObject({ realm: 'platform', ip: '10.1.3.1', account: 'admin' });
    expect(JSON.stringify(warn.mock.calls)).not.toContain('Wrong#Pass');
    warn.mockRestore();
  });

  it('throttles an address after repeated tries across usernames', async () => {
    app = await createPlatformApp();
    for (let i = 0; i < LOCKOUT.perAddress; i += 1) {
      await signInCall(app, `guess${i}`, 'Wrong#Pass1', { ip: '10.2.0.1' });
    }
    const locked = await signInCall(app, 'admin', ADMIN_PASSWORD, { ip: '10.2.0.1' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toMatch(/该地址/);
    // Another address is not affected.
    expect((await signInCall(app, 'admin', ADMIN_PASSWORD, { ip: '10.2.0.2' })).statusCode).toBe(200);
  });

  it('PLATFORM_SIGNIN_MAX_PER_ADDRESS sets the per-address cap (an office behind one NAT)', async () => {
    app = await createPlatformApp({ PLATFORM_SIGNIN_MAX_PER_ADDRESS: '8' });
    for (let i = 0; i < 8; i += 1) await signInCall(app, `guess${i}`, 'Wrong#Pass1', { ip: '10.3.0.1' });
    expect((await signInCall(app, 'admin', ADMIN_PASSWORD, { ip: '10.3.0.1' })).statusCode).toBe(429);
  });

  it('does not echo the session token to the console (a browser): it stays in the HttpOnly cookie', async () => {
    app = await createPlatformApp();
    const captcha = dataOf<{ uuid: string }>(await platformCall(app, { url: '/zhhb/getCaptchaImage' }));
    const res = await platformCall(app, {
      url: '/zhhb',
      headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
      body: { username: 'admin', password: ADMIN_PASSWORD, validateCode: PLATFORM_CAPTCHA, uuid: captcha.uuid },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).not.toHaveProperty('token');
    expect(String(res.headers['set-cookie'])).toMatch(/Platform-Token=[A-Za-z0-9_-]{20,}; Path=\/;[^,]*HttpOnly/);
  });
});

describe('the platform session', () => {
  it('answers its state, time, permissions, configuration and badge', async () => {
    app = await createPlatformApp();
    const token = await adminToken(app);
    const status = dataOf<{ signedIn: boolean; username: string; session: { idleMinutes: number } }>(
      await platformCall(app, { url: '/zhhb/center/status', token }),
    );
    expect(status).toMatchObject({ signedIn: true, username: 'admin', session: { idleMinutes: 30 } });
    const time = dataOf<{ remainingSeconds: number; expiresAt: string }>(
      await platformCall(app, { url: '/sys/getSessionTime', token }),
    );
    expect(time.remainingSeconds).toBeGreaterThan(0);
    expect(time.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(
      dataOf(await platformCall(app, { url: '/zhhb/center/refresh', token, query: { loginCode: 'console' } })),
    ).toHaveProperty('remainingSeconds');

    const grid = dataOf<{ plateformcode: string; permissions: string[] }>(
      await platformCall(app, { url: '/zhhb/center/permissions', token, query: { plateformcode: 'grid' } }),
    );
    expect(grid).toEqual({
      plateformcode: 'grid',
      permissions: [
        'grid:view',
        'grid:edit',
        'grid:report',
        'grid:dispatch',
        'grid:review',
        'grid:manage',
        'grid:stats',
        'grid:patrol',
        'complaint:view',
      ],
    });
    expect(
      (await platformCall(app, { url: '/zhhb/center/permissions', token, query: { plateformcode: 'moon' } }))
        .statusCode,
    ).toBe(400);

    const configure = dataOf<{ passwordRules: string; pollSeconds: number }>(
      await platformCall(app, { url: '/zhhb/center/configure' }),
    );
    expect(configure.passwordRules).toMatch(/8–32 位/);
    expect(configure.pollSeconds).toBe(30);
    expect(dataOf(await platformCall(app, { url: '/zhhb/center/todoNum', token }))).toEqual({
      todo: 0,
      notices: 0,
      total: 0,
    });
  });

  it('refuses every non-public call without a live session, and never caches answers', async () => {
    app = await createPlatformApp();
    for (const url of ['/sys/user/currentUser', '/zhhb/center/status', '/sys/user/list', '/sys/audit/list']) {
      const response = await platformCall(app, { url });
      expect(response.statusCode).toBe(401);
      expect(response.json().msg).toBe('请先登录平台');
    }
    const bogus = await platformCall(app, { url: '/zhhb/center/status', token: 'not-a-token' });
    expect(bogus.statusCode).toBe(401);
    expect(bogus.json()).toMatchObject({ code: ErrorCode.SESSION_EXPIRED });
    const token = await adminToken(app);
    const answer = await platformCall(app, { url: '/sys/user/currentUser', token });
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it('ends an idle session, and one past its absolute lifetime', async () => {
    let now = 1_790_000_000;
    app = await createPlatformApp({}, () => now);
    const token = await adminToken(app);
    now += 29 * 60;
    expect((await platformCall(app, { url: '/zhhb/center/status', token })).statusCode).toBe(200);
    // Activity restarts the idle clock (within the minute the last-seen time is written).
    now += 29 * 60;
    expect((await platformCall(app, { url: '/zhhb/center/status', token })).statusCode).toBe(200);
    now += 31 * 60;
    expect((await platformCall(app, { url: '/zhhb/center/status', token })).statusCode).toBe(401);

    const second = await adminToken(app);
    // 26 × 29 minutes of steady activity passes the 12-hour absolute lifetime.
    for (let i = 0; i < 26; i += 1) {
      now += 29 * 60;
      await platformCall(app, { url: '/zhhb/center/refresh', token: second });
    }
    const expired = await platformCall(app, { url: '/zhhb/center/status', token: second });
    expect(expired.statusCode).toBe(401);
  });

  it('signs out: the token stops working, the cookies are cleared, and a second sign-out is fine', async () => {
    app = await createPlatformApp();
    const token = await adminToken(app);
    const out = await platformCall(app, { url: '/zhhb/logout', token });
    expect(out.statusCode).toBe(200);
    expect(setCookies(out).some((c) => c.startsWith('Platform-Token=;') && /Max-Age=0/.test(c))).toBe(true);
    expect((await platformCall(app, { url: '/zhhb/center/status', token })).statusCode).toBe(401);
    expect((await platformCall(app, { url: '/zhhb/logout', token })).statusCode).toBe(200);
    const actions = (await auditActions(await adminToken(app))).map((a) => a.action);
    expect(actions).toContain('session.signout');
  });

  it('ends the other sessions of an operator who changes their password, keeping the current one', async () => {
    app = await createPlatformApp();
    const first = await adminToken(app);
    const second = dataOf<{ token: string }>(await signInCall(app, 'admin', ADMIN_NEW_PASSWORD)).token;
    dataOf(
      await platformCall(app, {
        url: '/zhhb/center/modifyPwd',
        token: second,
        body: { oldPassword: ADMIN_NEW_PASSWORD, newPassword: 'Another#Pass9', confirmPassword: 'Another#Pass9' },
      }),
    );
    expect((await platformCall(app, { url: '/zhhb/center/status', token: first })).statusCode).toBe(401);
    expect((await platformCall(app, { url: '/zhhb/center/status', token: second })).statusCode).toBe(200);
    const wrongOld = await platformCall(app, {
      url: '/zhhb/center/modifyPwd',
      token: second,
      body: { oldPassword: 'Nope#Nope12', newPassword: 'Third#Pass99', confirmPassword: 'Third#Pass99' },
    });
    expect(wrongOld.json()).toMatchObject({ code: ErrorCode.OLD_PASSWORD_WRONG, msg: '原密码不正确' });
    const mismatch = await platformCall(app, {
      url: '/zhhb/center/modifyPwd',
      token: second,
      body: { oldPassword: 'Another#Pass9', newPassword: 'Third#Pass99', confirmPassword: 'Third#Pass98' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().msg).toMatch(/两次输入的密码不一致/);
  });

  it('takes cookie-authenticated writes only from the console’s own pages', async () => {
    app = await createPlatformApp();
    const token = await adminToken(app);
    const body = { oldPassword: ADMIN_NEW_PASSWORD, newPassword: 'Cookie#Pass9', confirmPassword: 'Cookie#Pass9' };
    const crossSite = await app.server.inject({
      method: 'POST',
      url: '/zhhb/center/modifyPwd',
      headers: { cookie: `Platform-Token=${token}`, 'sec-fetch-site': 'cross-site' },
      payload: body,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: ErrorCode.CSRF_REJECTED });
    const sameOrigin = await app.server.inject({
      method: 'POST',
      url: '/zhhb/center/modifyPwd',
      headers: { cookie: `Platform-Token=${token}`, 'sec-fetch-site': 'same-origin' },
      payload: body,
    });
    expect(sameOrigin.statusCode).toBe(200);
    // A cross-site GET cannot sign the operator out through the cookie either.
    await app.server.inject({
      method: 'GET',
      url: '/zhhb/logout',
      headers: { cookie: `Platform-Token=${token}`, 'sec-fetch-site': 'cross-site' },
    });
    expect((await platformCall(app, { url: '/zhhb/center/status', token })).statusCode).toBe(200);
  });

  it('answers a mistyped platform path with a JSON 404, not a web page', async () => {
    app = await createPlatformApp();
    const response = await platformCall(app, { url: '/sys/no-such-call' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: ErrorCode.ROUTE_NOT_FOUND });
  });
});

describe('the lockout', () => {
  it('is lifted by an unlock (what `lantian operator reset-password` does through the shared state)', async () => {
    app = await createPlatformApp();
    for (let i = 0; i <= LOCKOUT.paceAfter; i += 1)
      await signInCall(app, 'admin', 'Wrong#Pass99', { ip: `10.3.0.${i}` });
    expect((await signInCall(app, 'admin', ADMIN_PASSWORD, { ip: '10.3.1.1' })).statusCode).toBe(429);
    await app.use(operators).unlock('ADMIN');
    expect((await signInCall(app, 'admin', ADMIN_PASSWORD, { ip: '10.3.1.1' })).statusCode).toBe(200);
  });
});
