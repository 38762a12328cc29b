import { ErrorCode } from '@lantian/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AccountsTestApp,
  call,
  captchaUuid,
  createAccountsApp,
  login,
  registerUser,
  setCookies,
  TEST_CAPTCHA,
} from '../../../testing/accounts';

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
    const res = await login(app, PHONE, PASSWORD);
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

  it('locks an account after 5 failures for 15 minutes, even for the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await login(app, PHONE, `wrong-${i}-x`)).statusCode).toBe(401);
    const locked = await login(app, PHONE, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(ErrorCode.RATE_LIMITED);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another address does not unlock the account.
    expect((await login(app, PHONE, PASSWORD, { ip: '10.0.0.9' })).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    expect((await login(app, PHONE, PASSWORD)).statusCode).toBe(200);
  });

  it('a success clears the account counter', async () => {
    for (let i = 0; i < 4; i++) await login(app, PHONE, `wrong-${i}-x`);
    expect((await login(app, PHONE, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(app, PHONE, `wrong-${i}-y`)).statusCode).toBe(401);
    expect((await login(app, PHONE, PASSWORD)).statusCode).toBe(200);
  });

  it('throttles a client address after 20 failures across accounts', async () => {
    const ip = '10.1.2.3';
    for (let i = 0; i < 20; i++) {
      const phone = `1390000${String(i).padStart(4, '0')}`;
      expect((await login(app, phone, 'whatever-1', { ip })).statusCode).toBe(401);
    }
    const blocked = await login(app, PHONE, PASSWORD, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login(app, PHONE, PASSWORD, { ip: '10.1.2.4' })).statusCode).toBe(200);
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
