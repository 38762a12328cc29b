import { ErrorCode } from '@lantian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsTestApp,
  call,
  createAccountsApp,
  lastCode,
  login,
  loginToken,
  registerUser,
  requestCode,
} from '../../../testing/accounts';
import { UserDataRepository } from './user-data.repository';

const PHONE = '13300133000';
const PASSWORD = 'misty-lake-3';

let app: AccountsTestApp;
let token: string;
let userId: string;
beforeAll(async () => {
  app = await createAccountsApp();
  await registerUser(app, PHONE, PASSWORD);
  token = await loginToken(app, PHONE, PASSWORD);
  const user = await app.database.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', PHONE)
    .executeTakeFirstOrThrow();
  userId = user.id;
});
afterAll(async () => {
  await app.close();
});

const auth = () => ({ headers: { 'authentication-token': token } });

describe('per-user settings', () => {
  it('saves any non-empty fields, skips empty ones, and answers the whole set', async () => {
    const saved = await call(app, 'POST', '/api/user/saveUserConfig', {
      ...auth(),
      params: { theme: 'dark', 'map.layer': 'pm25', empty: '' },
    });
    expect(saved.json()).toEqual({ code: 0, msg: '保存成功', data: { 'map.layer': 'pm25', theme: 'dark' } });
    await call(app, 'POST', '/api/user/saveUserConfig', { ...auth(), params: { theme: 'light' } });
    const got = await call(app, 'GET', '/api/user/getUserConfig', auth());
    expect(got.json().data).toEqual({ 'map.layer': 'pm25', theme: 'light' });
    expect(got.headers['cache-control']).toBe('no-store');
  });

  it('deletes one setting by key, or all', async () => {
    await call(app, 'POST', '/api/user/saveUserConfig', { ...auth(), params: { a1: 'x', b2: 'y', c3: 'z' } });
    const one = await call(app, 'GET', '/api/user/deleteUserConfig', { ...auth(), params: { key: 'a1' } });
    expect(one.json()).toEqual({ code: 0, msg: '删除成功', data: { deleted: 1 } });
    expect((await call(app, 'GET', '/api/user/getUserConfig', auth())).json().data).not.toHaveProperty('a1');
    const all = await call(app, 'POST', '/api/user/deleteUserConfig', auth());
    expect(all.json().data.deleted).toBeGreaterThanOrEqual(2);
    expect((await call(app, 'GET', '/api/user/getUserConfig', auth())).json().data).toEqual({});
  });

  it('refuses nothing to save, a bad key and an over-long value', async () => {
    const nothing = await call(app, 'POST', '/api/user/saveUserConfig', { ...auth(), params: { a: '' } });
    expect(nothing.json()).toMatchObject({
      code: ErrorCode.VALIDATION,
      msg: expect.stringContaining('没有要保存的设置'),
    });
    const badKey = await call(app, 'POST', '/api/user/saveUserConfig', { ...auth(), params: { '1abc': 'x' } });
    expect(badKey.statusCode).toBe(400);
    const long = await call(app, 'POST', '/api/user/saveUserConfig', {
      ...auth(),
      params: { big: 'x'.repeat(10_001) },
    });
    expect(long.statusCode).toBe(400);
    const badDelete = await call(app, 'GET', '/api/user/deleteUserConfig', { ...auth(), params: { key: '../x' } });
    expect(badDelete.statusCode).toBe(400);
  });

  it('caps a user at 100 settings', async () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'v']));
    expect((await call(app, 'POST', '/api/user/saveUserConfig', { ...auth(), params: many })).statusCode).toBe(200);
    const over = await call(app, 'POST', '/api/user/saveUserConfig', { ...auth(), params: { extra: 'v' } });
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toContain('100');
    // Replacing an existing one is fine.
    expect((await call(app, 'POST', '/api/user/saveUserConfig', { ...auth(), params: { k1: 'w' } })).statusCode).toBe(
      200,
    );
    await call(app, 'POST', '/api/user/deleteUserConfig', auth());
  });

  it('needs a session', async () => {
    expect((await call(app, 'POST', '/api/user/saveUserConfig', { params: { a: 'b' } })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/user/getUserConfig')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/user/deleteUserConfig')).statusCode).toBe(401);
  });
});

describe('saveUserVisRecord', () => {
  const repo = () => new UserDataRepository(app.database);

  it('records an anonymous visit by the unique-id header or cookie', async () => {
    const id = 'a'.repeat(32);
    const byHeader = await call(app, 'POST', '/api/user/saveUserVisRecord', {
      headers: { 'authentication-uniqueid': id },
      params: { url: '/city/beijing' },
    });
    expect(byHeader.json()).toEqual({ code: 0, msg: '成功', data: null });
    await call(app, 'POST', '/api/user/saveUserVisRecord', { cookies: { 'Authentication-uniqueId': id } });
    const visits = await repo().visitsOf({ uniqueId: id });
    expect(visits.map((v) => [v.url, v.user_id])).toEqual([
      ['/city/beijing', null],
      [null, null],
    ]);
  });

  it('records the user too when logged in', async () => {
    const id = 'b'.repeat(32);
    await call(app, 'POST', '/api/user/saveUserVisRecord', {
      headers: { 'authentication-uniqueid': id, 'authentication-token': token },
    });
    expect((await repo().visitsOf({ uniqueId: id }))[0]?.user_id).toBe(userId);
  });

  it('refuses a visit without a visitor id, a malformed id and an off-site url', async () => {
    const none = await call(app, 'POST', '/api/user/saveUserVisRecord');
    expect(none.json().msg).toContain('缺少访客标识');
    const bad = await call(app, 'POST', '/api/user/saveUserVisRecord', {
      headers: { 'authentication-uniqueid': 'x y' },
    });
    expect(bad.json().msg).toContain('uniqueId');
    const offSite = await call(app, 'POST', '/api/user/saveUserVisRecord', {
      headers: { 'authentication-uniqueid': 'c'.repeat(32) },
      params: { url: 'https://evil.example/' },
    });
    expect(offSite.json().msg).toContain('url');
  });
});

describe('register keeps the visitor id', () => {
  it('takes uniqueId from the cookie and answers it at login', async () => {
    const visitor = 'd'.repeat(32);
    const phone = '13300133001';
    await requestCode(app, phone);
    const res = await call(app, 'POST', '/api/user/register', {
      cookies: { 'Authentication-uniqueId': visitor },
      params: { phone, code: await lastCode(app, phone), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await login(app, phone, PASSWORD)).json().uniqueId).toBe(visitor);
  });
});
