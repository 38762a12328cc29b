import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@lantian/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AccountsTestApp,
  call,
  createAccountsApp,
  lastCode,
  puzzleTicket,
  registerUser,
  requestCode,
  settleOutbox,
} from '../../../testing/accounts';
import { tempDir } from '../../../testing/databases';

let app: AccountsTestApp;
afterEach(async () => {
  await app.close();
  vi.useRealTimers();
});

async function start(env: Record<string, string> = {}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  app = await createAccountsApp(env);
}

const PHONE = '13600136000';
const minutes = (n: number) => vi.setSystemTime(Date.now() + n * 60_000);
const seconds = (n: number) => vi.setSystemTime(Date.now() + n * 1000);

const register = (phone: string, code: string, password = 'river-stone-7', extra: Record<string, string> = {}) =>
  call(app, 'POST', '/api/user/register', { params: { phone, code, password, ...extra } });

const sendWith = (params: Record<string, string>, ip?: string) =>
  call(app, 'POST', '/api/user/getMessageCodeData', { params, ...(ip === undefined ? {} : { ip }) });

describe('getMessageCodeData needs a slide-puzzle ticket the server issued', () => {
  it('refuses a missing, reused, expired or other-phone ticket, and sends nothing', async () => {
    await start();
    const missing = await sendWith({ phone: PHONE, isValidUser: '1' });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ code: ErrorCode.PUZZLE_TICKET_REQUIRED, msg: '请先完成滑动验证' });

    const forged = await sendWith({ phone: PHONE, ticket: 'A'.repeat(43) });
    expect(forged.json().code).toBe(ErrorCode.PUZZLE_TICKET_REQUIRED);

    const otherPhone = await puzzleTicket(app, '13600136999');
    const mismatch = await sendWith({ phone: PHONE, ticket: otherPhone });
    expect(mismatch.json()).toEqual({ code: ErrorCode.PUZZLE_TICKET_REQUIRED, msg: '滑动验证已失效，请重新验证' });

    const old = await puzzleTicket(app, PHONE);
    minutes(2);
    seconds(1);
    expect((await sendWith({ phone: PHONE, ticket: old })).json().code).toBe(ErrorCode.PUZZLE_TICKET_REQUIRED);
    expect(app.outbox()).toEqual([]);

    const ticket = await puzzleTicket(app, PHONE);
    expect((await sendWith({ phone: PHONE, ticket })).statusCode).toBe(200);
    seconds(121);
    const reused = await sendWith({ phone: PHONE, ticket });
    expect(reused.statusCode).toBe(403);
    expect(app.outbox()).toHaveLength(1);
  });
});

describe('codes', () => {
  it('sends 6 random digits to the outbox, valid for registration once', async () => {
    await start();
    const res = await requestCode(app, PHONE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      msg: '验证码已发送',
      data: { uuid: expect.stringMatching(/^[0-9a-f]{32}$/), resendAfterSeconds: 120, expiresInSeconds: 300 },
    });
    const [message] = app.outbox();
    expect(message).toEqual({
      phone: PHONE,
      purpose: 'register',
      code: expect.stringMatching(/^\d{6}$/),
      time: expect.any(String),
    });
    expect(new Date(message?.time ?? '').getTime()).toBe(Date.now());
    const code = await lastCode(app, PHONE);
    const ok = await register(PHONE, code, 'river-stone-7', { uuid: res.json().data.uuid });
    expect(ok.json()).toEqual({ code: 0, msg: '注册成功', data: null });
    // Single use: the same code cannot register again (nor anything else).
    const reuse = await register(PHONE, code);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ code: ErrorCode.SMS_CODE_INVALID, msg: '验证码不正确或已失效' });
  });

  it('stores only a hash of the code', async () => {
    await start();
    await requestCode(app, PHONE);
    const stored = await app.state.get(`sms:code:register:${PHONE}`);
    expect(stored).not.toBeNull();
    expect(stored).not.toContain(await lastCode(app, PHONE));
    expect(stored).toContain('$argon2id$');
  });

  it('expires after 5 minutes', async () => {
    await start();
    await requestCode(app, PHONE);
    minutes(5);
    seconds(1);
    expect((await register(PHONE, await lastCode(app, PHONE))).json().code).toBe(ErrorCode.SMS_CODE_INVALID);
  });

  it('is killed by 5 wrong tries: the right code then fails', async () => {
    await start();
    await requestCode(app, PHONE);
    const code = await lastCode(app, PHONE);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await register(PHONE, wrong)).json().code).toBe(ErrorCode.SMS_CODE_INVALID);
    expect((await register(PHONE, code)).json().code).toBe(ErrorCode.SMS_CODE_INVALID);
  });

  it('survives 4 wrong tries', async () => {
    await start();
    await requestCode(app, PHONE);
    const code = await lastCode(app, PHONE);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await register(PHONE, wrong);
    expect((await register(PHONE, code)).statusCode).toBe(200);
  });

  it('counts a wrong send uuid as a wrong try', async () => {
    await start();
    await requestCode(app, PHONE);
    const res = await register(PHONE, await lastCode(app, PHONE), 'river-stone-7', { uuid: 'f'.repeat(32) });
    expect(res.json().code).toBe(ErrorCode.SMS_CODE_INVALID);
  });

  it('is bound to its purpose and phone', async () => {
    await start();
    await registerUser(app, PHONE, 'river-stone-7');
    seconds(121);
    await requestCode(app, PHONE, 'reset');
    const resetCode = await lastCode(app, PHONE, 'reset');
    // A reset code does not register another phone, nor does it register this one.
    expect((await register('13600136001', resetCode)).json().code).toBe(ErrorCode.SMS_CODE_INVALID);
    const reset = await call(app, 'POST', '/api/user/forgetUpdatePassword', {
      params: { phone: PHONE, code: resetCode, password: 'new-river-8' },
    });
    expect(reset.json()).toEqual({ code: 0, msg: '密码已重置，请返回登录', data: null });
  });

  it('answers 503 and frees the 120 s wait when the provider fails', async () => {
    const blocker = path.join(tempDir(), 'a-file');
    fs.writeFileSync(blocker, '');
    await start({ SMS_PROVIDER: `file:${blocker}/outbox.jsonl` });
    const failed = await requestCode(app, PHONE);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().msg).toBe('验证码发送失败，请稍后重试');
    expect(failed.headers['retry-after']).toBeDefined();
    expect((await requestCode(app, PHONE)).statusCode).toBe(503);
  });

  it('answers 503 when no provider is configured (SMS_PROVIDER=off)', async () => {
    await start({ SMS_PROVIDER: 'off' });
    const res = await requestCode(app, PHONE);
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toContain('短信服务尚未配置');
  });
});

describe('sending limits (429 + Retry-After)', () => {
  it('refuses a resend inside 120 s, then allows it', async () => {
    await start();
    expect((await requestCode(app, PHONE)).statusCode).toBe(200);
    seconds(60);
    const early = await requestCode(app, PHONE);
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe(ErrorCode.RATE_LIMITED);
    expect(Number(early.headers['retry-after'])).toBe(60);
    // The purpose does not matter: one phone, one wait.
    expect((await requestCode(app, PHONE, 'reset')).statusCode).toBe(429);
    seconds(61);
    expect((await requestCode(app, PHONE)).statusCode).toBe(200);
    expect(app.outbox()).toHaveLength(2);
  });

  it('allows 5 codes per phone per hour and 10 per day', async () => {
    await start();
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(app, PHONE, 'register', `10.0.0.${i}`)).statusCode).toBe(200);
      seconds(121);
    }
    const sixth = await requestCode(app, PHONE, 'register', '10.0.1.1');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60 * 40);
    minutes(60);
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(app, PHONE, 'register', `10.0.2.${i}`)).statusCode).toBe(200);
      seconds(121);
    }
    minutes(60);
    const eleventh = await requestCode(app, PHONE, 'register', '10.0.3.1');
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(3600 * 20);
    expect(app.outbox()).toHaveLength(10);
  });

  it('allows 10 codes per client address per hour', async () => {
    await start();
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++) {
      expect((await requestCode(app, `1350000${String(i).padStart(4, '0')}`, 'register', ip)).statusCode).toBe(200);
    }
    const over = await requestCode(app, '13500009999', 'register', ip);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await requestCode(app, '13500009999', 'register', '10.9.9.8')).statusCode).toBe(200);
  });

  it('keeps a global hourly budget (SMS_HOURLY_BUDGET)', async () => {
    await start({ SMS_HOURLY_BUDGET: '3' });
    for (let i = 0; i < 3; i++) {
      expect((await requestCode(app, `1350000${i}000`, 'register', `10.2.0.${i}`)).statusCode).toBe(200);
    }
    const over = await requestCode(app, '13500003001', 'register', '10.2.0.9');
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toContain('短信发送繁忙');
  });

  it('does not spend the ticket when a limit refuses the send', async () => {
    await start();
    await requestCode(app, PHONE);
    seconds(60);
    const ticket = await puzzleTicket(app, PHONE);
    expect((await sendWith({ phone: PHONE, ticket })).statusCode).toBe(429);
    seconds(61);
    expect((await sendWith({ phone: PHONE, ticket })).statusCode).toBe(200);
  });
});

describe('password reset does not reveal which phones have accounts', () => {
  it('answers an unregistered phone exactly like a registered one, and sends it nothing', async () => {
    await start();
    await registerUser(app, PHONE, 'river-stone-7');
    seconds(121);
    const known = await requestCode(app, PHONE, 'reset');
    const unknown = await requestCode(app, '13600136777', 'reset');
    expect(unknown.statusCode).toBe(known.statusCode);
    const shape = (body: { data: Record<string, unknown> }) => ({ ...body, data: Object.keys(body.data).sort() });
    expect(shape(unknown.json())).toEqual(shape(known.json()));
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await settleOutbox();
    expect(app.outbox().map((m) => [m.phone, m.purpose])).toEqual([
      [PHONE, 'register'],
      [PHONE, 'reset'],
    ]);
    // And a guess at the unregistered phone's "code" fails like any wrong code.
    const guess = await call(app, 'POST', '/api/user/forgetUpdatePassword', {
      params: { phone: '13600136777', code: '123456', password: 'new-river-8' },
    });
    expect(guess.json()).toEqual({ code: ErrorCode.SMS_CODE_INVALID, msg: '验证码不正确或已失效' });
    // The same limits apply to it (no probing around them).
    expect((await requestCode(app, '13600136777', 'reset')).statusCode).toBe(429);
  });

  it('answers a taken and a free phone alike at the code request; only the code holder learns it is taken', async () => {
    await start();
    await registerUser(app, PHONE, 'river-stone-7');
    seconds(121);
    const FREE = '13600136999';
    const taken = await requestCode(app, PHONE, 'register', '10.4.0.1');
    const free = await requestCode(app, FREE, 'register', '10.4.0.2');
    for (const res of [taken, free]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 0, msg: '验证码已发送', data: { resendAfterSeconds: 120 } });
    }
    expect(Object.keys(taken.json().data).sort()).toEqual(Object.keys(free.json().data).sort());
    // The taken phone's owner gets the code and, registering with it, is told to log in instead.
    const res = await call(app, 'POST', '/api/user/register', {
      params: { phone: PHONE, code: await lastCode(app, PHONE, 'register', 1), password: 'another-river-8' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: ErrorCode.PHONE_TAKEN, msg: '该手机号已注册，请直接登录或找回密码' });
  });

  it('charges the sending limits for a taken phone like for any other (no probing at puzzle speed)', async () => {
    await start();
    await registerUser(app, PHONE, 'river-stone-7');
    // Every request for the taken phone counts: the resend wait, then the hourly cap.
    seconds(121);
    expect((await requestCode(app, PHONE, 'register', '10.4.1.1')).statusCode).toBe(200);
    expect((await requestCode(app, PHONE, 'register', '10.4.1.2')).statusCode).toBe(429);
    for (let i = 0; i < 3; i++) {
      seconds(121);
      expect((await requestCode(app, PHONE, 'register', `10.4.2.${i}`)).statusCode).toBe(200);
    }
    seconds(121);
    const capped = await requestCode(app, PHONE, 'register', '10.4.3.1');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().code).toBe(ErrorCode.RATE_LIMITED);
  });
});

describe('the spec texts of the forms (§5)', () => {
  it('phone', async () => {
    await start();
    expect((await sendWith({ phone: '', ticket: 'x' })).json().msg).toBe('手机号不能为空');
    for (const phone of ['12800138000', '1380013800', '138001380001', 'abcdefghijk', '+8613800138000']) {
      expect((await sendWith({ phone, ticket: 'x' })).json().msg, phone).toBe('请输入正确的手机号');
    }
  });

  it('SMS code and password', async () => {
    await start();
    const cases: Array<[Record<string, string>, string]> = [
      [{ code: '', password: 'river-stone-7' }, '验证码不能为空'],
      [{ code: '12a', password: 'river-stone-7' }, '验证码不正确'],
      [{ code: '1234567', password: 'river-stone-7' }, '验证码不正确'],
      [{ code: '1234', password: '' }, '密码不能为空'],
      [{ code: '1234', password: 'abc12' }, '密码不能少于6位'],
      [{ code: '1234', password: 'a'.repeat(12) + 'b'.repeat(7) }, '密码不能大于18位'],
      [{ code: '1234', password: '123456' }, '密码过于常见，容易被猜中，请换一个'],
      [{ code: '1234', password: 'Password' }, '密码过于常见，容易被猜中，请换一个'],
      [{ code: '1234', password: '5201314' }, '密码过于常见，容易被猜中，请换一个'],
      [{ code: '1234', password: 'zzzzzzzz' }, '密码过于常见，容易被猜中，请换一个'],
      [{ code: '1234', password: `x${PHONE}` }, '密码过于常见，容易被猜中，请换一个'],
    ];
    for (const [params, msg] of cases) {
      for (const url of ['/api/user/register', '/api/user/forgetUpdatePassword']) {
        const res = await call(app, 'POST', url, { params: { phone: PHONE, ...params } });
        expect(res.statusCode, `${url} ${JSON.stringify(params)}`).toBe(400);
        expect(res.json().msg, `${url} ${JSON.stringify(params)}`).toBe(msg);
      }
    }
  });

  it('accepts the form aliases username and verificationCode, and an 18-character password of any script', async () => {
    await start();
    await requestCode(app, PHONE);
    const res = await call(app, 'POST', '/api/user/register', {
      params: { username: PHONE, verificationCode: await lastCode(app, PHONE), password: `${'蓝天白云'.repeat(4)}!!` },
    });
    expect(res.statusCode).toBe(200);
  });
});
