import { ErrorCode } from '@lantian/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AccountsTestApp,
  call,
  captchaUuid,
  createAccountsApp,
  login,
  puzzleTicket,
  registerUser,
  setCookies,
  TEST_CAPTCHA,
} from '../../../testing/accounts';
import { createTestApp } from '../../../testing/app';
import { LOGIN_LIMITS, LOGIN_PUZZLE_REQUIRED } from './accounts.service';

const PHONE = '13800138000';
const PASSWORD = 'blue-sky-42';

let app: AccountsTestApp;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  app = await createAccountsApp();
  await registerUser(app, PHONE, PASSWORD);
});
afterEach(async () => {
  await app.close();
  vi.useRealTimers();
});

const loginWith = (params: Record<string, string>, ip?: string) =>
  call(app, 'POST', '/api/user/login', { params, ...(ip === undefined ? {} : { ip }) });

async function loginWithTicket(phone: string, password: string, ticket: string, ip: string) {
  const uuid = await captchaUuid(app, ip);
  return loginWith({ username: phone, password, verificationCode: TEST_CAPTCHA, uuid, ticket }, ip);
}

describe('image captcha', () => {
  it('answers a uuid and a base64 JPEG, by GET and by POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(app, method, '/api/user/getCaptchaImage');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { uuid, img } = res.json().data;
      expect(uuid).toMatch(/^[0-9a-f]{32}$/);
      const bytes = Buffer.from(img, 'base64');
      expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(bytes.length).toBeGreaterThan(1000);
    }
  });

  it('is used up by a wrong answer: the right one then fails too', async () => {
    const uuid = await captchaUuid(app);
    const wrong = await loginWith({ username: PHONE, password: PASSWORD, verificationCode: 'AAAA', uuid });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: ErrorCode.CAPTCHA_INVALID, msg: '验证码不正确' });
    const again = await loginWith({ username: PHONE, password: PASSWORD, verificationCode: TEST_CAPTCHA, uuid });
    expect(again.json().code).toBe(ErrorCode.CAPTCHA_INVALID);
  });

  it('cannot be reused after a successful login', async () => {
    const uuid = await captchaUuid(app);
    const params = { username: PHONE, password: PASSWORD, verificationCode: TEST_CAPTCHA, uuid };
    expect((await loginWith(params)).statusCode).toBe(200);
    const reuse = await loginWith(params);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe(ErrorCode.CAPTCHA_INVALID);
  });

  it('expires after 2 minutes', async () => {
    const uuid = await captchaUuid(app);
    vi.setSystemTime(Date.now() + 2 * 60_000 + 1000);
    const res = await loginWith({ username: PHONE, password: PASSWORD, verificationCode: TEST_CAPTCHA, uuid });
    expect(res.json().code).toBe(ErrorCode.CAPTCHA_INVALID);
  });

  it('ignores case, and takes the uuid from the Authentication-UUID header and the code as `code`', async () => {
    const uuid = await captchaUuid(app);
    const res = await call(app, 'POST', '/api/user/login', {
      params: { username: PHONE, password: PASSWORD, code: TEST_CAPTCHA.toLowerCase() },
      headers: { 'authentication-uuid': uuid },
    });
    expect(res.statusCode).toBe(200);
  });

  it('checks the captcha first: empty gives 验证码不能为空 before anything else', async () => {
    const res = await loginWith({ username: '', password: '', verificationCode: '', uuid: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('验证码不能为空');
  });
});

describe('login', () => {
  it('answers code 0, msg, token, uniqueId and the user types, and repeats them in data', async () => {
    // A client that is not a browser (no fetch metadata) needs the token for its header.
    const uuid = await captchaUuid(app);
    const res = await call(app, 'POST', '/api/user/login', {
      from: 'none',
      params: { username: PHONE, password: PASSWORD, verificationCode: TEST_CAPTCHA, uuid },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      code: 0,
      msg: '登录成功',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      uniqueId: expect.any(String),
      userType: '1',
      userTypeAqidata: '0',
      username: '138****8000',
    });
    expect(body).not.toHaveProperty('lidarPermission');
    expect(body.data).toEqual({
      token: body.token,
      uniqueId: body.uniqueId,
      username: body.username,
      userType: body.userType,
      userTypeAqidata: body.userTypeAqidata,
    });
  });

  it('does not echo the token to a browser: it lives in the HttpOnly cookie only (issue 16 item 5)', async () => {
    const res = await login(app, PHONE, PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).not.toHaveProperty('token');
    expect(body.data).not.toHaveProperty('token');
    expect(body).toMatchObject({
      code: 0,
      msg: '登录成功',
      username: '138****8000',
      data: { username: '138****8000' },
    });
    expect(setCookies(res).get('Authentication-Token')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('sets the HttpOnly token cookie and the readable companions; a browser-session cookie unless remembered', async () => {
    const cookies = setCookies(await login(app, PHONE, PASSWORD));
    const token = cookies.get('Authentication-Token');
    expect(token?.attributes).toEqual(expect.arrayContaining(['Path=/', 'SameSite=Lax', 'HttpOnly']));
    expect(token?.attributes.some((a) => a.startsWith('Max-Age'))).toBe(false);
    expect(cookies.get('username')).toEqual({ value: '138****8000', attributes: ['Path=/', 'SameSite=Lax'] });
    expect(cookies.get('userType')?.value).toBe('1');
    expect(cookies.get('userTypeAqidata')?.value).toBe('0');
    expect(cookies.get('username')?.attributes).not.toContain('HttpOnly');
    expect(cookies.get('lidarPermission')?.attributes).toContain('Max-Age=0');

    const remembered = setCookies(await login(app, PHONE, PASSWORD, { remember: true }));
    for (const name of ['Authentication-Token', 'username', 'userType', 'userTypeAqidata']) {
      expect(remembered.get(name)?.attributes).toContain(`Max-Age=${30 * 86_400}`);
    }
  });

  it('sends lidarPermission (field and cookie) only for a user who has it', async () => {
    await app.database.db.updateTable('users').set({ lidar_permission: '2' }).where('phone', '=', PHONE).execute();
    const res = await login(app, PHONE, PASSWORD);
    expect(res.json().lidarPermission).toBe('2');
    expect(setCookies(res).get('lidarPermission')?.value).toBe('2');
  });

  it('gives an unknown phone and a wrong password the same answer', async () => {
    const unknown = await login(app, '13900000000', PASSWORD);
    const wrong = await login(app, PHONE, 'not-the-password');
    const empty = await login(app, PHONE, '');
    for (const res of [unknown, wrong, empty]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: ErrorCode.LOGIN_FAILED, msg: '用户名或密码错误' });
    }
  });

  it('trims the username', async () => {
    const uuid = await captchaUuid(app);
    const res = await loginWith({ username: ` ${PHONE} `, password: PASSWORD, verificationCode: TEST_CAPTCHA, uuid });
    expect(res.statusCode).toBe(200);
  });

  it('throttles one address guessing one phone after 5 tries for 15 minutes, even with the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await login(app, PHONE, `wrong-${i}-x`)).statusCode).toBe(401);
    const throttled = await login(app, PHONE, PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe(ErrorCode.RATE_LIMITED);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    expect((await login(app, PHONE, PASSWORD)).statusCode).toBe(200);
  });

  it('counts an IPv6 guesser per /64: new addresses in the same network share the 5 tries', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await login(app, PHONE, `wrong-${i}-x`, { ip: `2001:db8:1:2::${i}` })).statusCode).toBe(401);
    }
    expect((await login(app, PHONE, 'wrong-6-x', { ip: '2001:db8:1:2::ffff' })).statusCode).toBe(429);
  });

  it('does not lock the owner out: after 5 tries from anywhere the phone needs the slide puzzle too', async () => {
    // A stranger spreads guesses over addresses: each address stays under its own cap.
    for (let i = 0; i < LOGIN_LIMITS.escalateAfter; i++) {
      expect((await login(app, PHONE, `wrong-${i}-x`, { ip: `10.7.0.${i}` })).statusCode).toBe(401);
    }
    // The owner, elsewhere: not locked, asked for the puzzle (also with the right password).
    const asked = await login(app, PHONE, PASSWORD, { ip: '10.9.9.9' });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ code: ErrorCode.PUZZLE_TICKET_REQUIRED, msg: LOGIN_PUZZLE_REQUIRED });
    // A stranger's guess now costs a puzzle as well; a ticket for another phone does not do.
    const otherTicket = await puzzleTicket(app, '13900139000', '10.7.1.1');
    expect((await loginWithTicket(PHONE, 'wrong-again-1', otherTicket, '10.7.1.1')).json().code).toBe(
      ErrorCode.PUZZLE_TICKET_REQUIRED,
    );
    // With a ticket for this phone the owner gets in, and that clears the escalation.
    const ticket = await puzzleTicket(app, PHONE, '10.9.9.9');
    expect((await loginWithTicket(PHONE, PASSWORD, ticket, '10.9.9.9')).statusCode).toBe(200);
    expect((await login(app, PHONE, PASSWORD, { ip: '10.9.9.8' })).statusCode).toBe(200);
  });

  it('counts a try before the password check: 50 parallel wrong guesses, at most 5 reach it', async () => {
    const failed = vi.spyOn(app.server.log, 'warn');
    // Captchas fetched from several addresses (30 pictures per minute each); the guesses from one.
    const uuids = await Promise.all(Array.from({ length: 50 }, (_, i) => captchaUuid(app, `10.8.${i % 5}.1`)));
    const answers = await Promise.all(
      uuids.map((uuid, i) =>
        loginWith({ username: PHONE, password: `parallel-${i}`, verificationCode: TEST_CAPTCHA, uuid }, '10.8.9.9'),
      ),
    );
    const reached = failed.mock.calls.filter(([entry]) => (entry as { event?: string }).event === 'auth.login_failed');
    expect(reached.length).toBe(LOGIN_LIMITS.perPhoneAndIp);
    expect(answers.filter((r) => r.statusCode === 401).length).toBe(LOGIN_LIMITS.perPhoneAndIp);
    expect(answers.filter((r) => r.statusCode === 429).length).toBe(50 - LOGIN_LIMITS.perPhoneAndIp);
    failed.mockRestore();
  });

  it('logs failures, throttles and escalations as structured events, with the phone masked and no password', async () => {
    const warn = vi.spyOn(app.server.log, 'warn');
    for (let i = 0; i < 6; i++) await login(app, PHONE, `secret-guess-${i}`, { ip: '10.6.0.1' });
    for (let i = 0; i < 1; i++) await login(app, PHONE, 'secret-guess-x', { ip: '10.6.0.2' });
    const events = warn.mock.calls.map(([entry]) => entry as Record<string, unknown>);
    const names = events.map((e) => e.event);
    expect(names).toContain('auth.login_failed');
    expect(names).toContain('auth.login_throttled');
    expect(names).toContain('auth.login_escalated');
    expect(events.find((e) => e.event === 'auth.login_failed')).toMatchObject({
      realm: 'public',
      ip: '10.6.0.1',
      account: '138****8000',
      reason: 'wrong_password',
    });
    const logged = JSON.stringify(warn.mock.calls);
    expect(logged).not.toContain('secret-guess');
    expect(logged).not.toContain(PHONE);
    warn.mockRestore();
  });

  it('a success clears the account counter', async () => {
    for (let i = 0; i < 4; i++) await login(app, PHONE, `wrong-${i}-x`);
    expect((await login(app, PHONE, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(app, PHONE, `wrong-${i}-y`)).statusCode).toBe(401);
    expect((await login(app, PHONE, PASSWORD)).statusCode).toBe(200);
  });

  it('throttles a client address after 30 tries across accounts', async () => {
    const ip = '10.1.2.3';
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      const phone = `1390000${String(i).padStart(4, '0')}`;
      expect((await login(app, phone, 'whatever-1', { ip })).statusCode).toBe(401);
    }
    // (The captcha comes from elsewhere: pictures have their own limit of 30 a minute per address.)
    const uuid = await captchaUuid(app, '10.1.9.9');
    const blocked = await loginWith({ username: PHONE, password: PASSWORD, verificationCode: TEST_CAPTCHA, uuid }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login(app, PHONE, PASSWORD, { ip: '10.1.2.4' })).statusCode).toBe(200);
  });

  it('in production (also when NODE_ENV is unset) the token cookie is Secure and named __Host-; only that name is read', async () => {
    // A second instance of the same deployment (database and shared state), without NODE_ENV.
    const live = await createTestApp({ instanceOf: app, env: { NODE_ENV: '' } });
    try {
      expect(live.config.nodeEnv).toBe('production');
      // The captcha comes from the test instance (fixed text) through the shared state.
      const uuid = await captchaUuid(app);
      const res = await call(live, 'POST', '/api/user/login', {
        params: { username: PHONE, password: PASSWORD, verificationCode: TEST_CAPTCHA, uuid },
      });
      expect(res.statusCode).toBe(200);
      const cookies = setCookies(res);
      expect(cookies.has('Authentication-Token')).toBe(false);
      const token = cookies.get('__Host-Authentication-Token');
      expect(token?.attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure']));
      expect(token?.attributes.some((a) => a.startsWith('Domain'))).toBe(false);
      expect(cookies.get('username')?.attributes).toContain('Secure');
      const valid = (name: string) =>
        call(live, 'POST', '/api/user/tokenValid', { cookies: { [name]: token?.value ?? '' } });
      expect((await valid('__Host-Authentication-Token')).json().data.valid).toBe(true);
      // A bare-named cookie (planted by a sibling subdomain or over plain HTTP) is not read.
      expect((await valid('Authentication-Token')).json().data.valid).toBe(false);
      const out = setCookies(await call(live, 'POST', '/api/user/loginOut'));
      expect(out.get('__Host-Authentication-Token')?.attributes).toEqual(
        expect.arrayContaining(['Max-Age=0', 'Secure']),
      );
    } finally {
      await live.close();
    }
  });

  it('refuses a login posted from another site (login CSRF)', async () => {
    const uuid = await captchaUuid(app);
    const res = await call(app, 'POST', '/api/user/login', {
      from: 'cross-site',
      params: { username: PHONE, password: PASSWORD, verificationCode: TEST_CAPTCHA, uuid },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ErrorCode.CSRF_REJECTED);
  });

  it('is signed like every public-site call', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${PHONE}&password=${PASSWORD}`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.SIGNATURE_INVALID);
  });
});
