import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';
import { settingsOf } from '../../../platform/module';
import { accounts } from '.';

const cwd = '/srv/lantian';
const load = (env: Record<string, string>) => {
  const config = loadConfig(env, cwd);
  return { ...config, accounts: settingsOf(accounts, config) };
};

describe('account settings', () => {
  it('defaults: console SMS in development and test, none in production; 2 h idle, 12 h, 30 days remembered', () => {
    expect(load({ NODE_ENV: 'development' }).accounts).toEqual({
      sms: { kind: 'console' },
      smsHourlyBudget: 1000,
      sessionIdleMinutes: 120,
      sessionAbsoluteHours: 12,
      sessionRememberDays: 30,
      visitRetentionDays: 180,
      testCaptchaText: undefined,
      testPuzzleX: undefined,
    });
    expect(load({ NODE_ENV: 'production' }).accounts.sms).toEqual({ kind: 'off' });
    expect(load({ NODE_ENV: 'test' }).accounts.sms).toEqual({ kind: 'console' });
    // A forgotten NODE_ENV is production: no SMS code ever lands in the log (issue 16 item 5).
    expect(load({}).accounts.sms).toEqual({ kind: 'off' });
    expect(load({}).trustProxy).toBe(false);
  });

  it('reads file:PATH relative to the working directory', () => {
    expect(load({ SMS_PROVIDER: 'file:data/sms.jsonl' }).accounts.sms).toEqual({
      kind: 'file',
      path: path.join(cwd, 'data/sms.jsonl'),
    });
  });

  it('refuses an unknown provider and names a missing Tencent setting', () => {
    expect(() => load({ SMS_PROVIDER: 'aliyun' })).toThrow(ConfigError);
    expect(() => load({ SMS_PROVIDER: 'file:' })).toThrow(/SMS_PROVIDER/);
    const partial = { SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'id', TENCENT_SMS_SDK_APP_ID: '1400000001' };
    expect(() => load(partial)).toThrow(/TENCENT_SMS_SECRET_KEY/);
    expect(() => load({ ...partial, TENCENT_SMS_SDK_APP_ID: 'abc' })).toThrow(/TENCENT_SMS_SDK_APP_ID/);
  });

  it('reads a full Tencent setting, with the public endpoint by default', () => {
    const sms = load({
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'id',
      TENCENT_SMS_SECRET_KEY: 'key',
      TENCENT_SMS_SDK_APP_ID: '1400000001',
      TENCENT_SMS_SIGN_NAME: '蓝天',
      TENCENT_SMS_TEMPLATE_REGISTER: '1',
      TENCENT_SMS_TEMPLATE_RESET: '2',
    }).accounts.sms;
    expect(sms).toMatchObject({ kind: 'tencent', region: 'ap-guangzhou', templates: { register: '1', reset: '2' } });
    expect(sms.kind === 'tencent' && sms.endpoint.href).toBe('https://sms.tencentcloudapi.com/');
  });

  it('refuses the test-only settings in production', () => {
    const testOnly: Array<Record<string, string>> = [{ TEST_CAPTCHA_TEXT: 'K7PX' }, { TEST_PUZZLE_X: '150' }];
    for (const env of testOnly) {
      expect(() => load({ ...env, NODE_ENV: 'production' })).toThrow(/test only/);
      // Unset NODE_ENV is production too: a forgotten variable cannot fix the captcha text.
      expect(() => load(env)).toThrow(/test only/);
      expect(() => load({ ...env, NODE_ENV: 'development' })).not.toThrow();
    }
    expect(load({ TEST_CAPTCHA_TEXT: 'k7px', NODE_ENV: 'test' }).accounts.testCaptchaText).toBe('K7PX');
  });

  it('checks the test-only values themselves', () => {
    const test = { NODE_ENV: 'test' };
    expect(() => load({ ...test, TEST_CAPTCHA_TEXT: 'K7P' })).toThrow(/TEST_CAPTCHA_TEXT/);
    expect(() => load({ ...test, TEST_CAPTCHA_TEXT: 'K0PX' })).toThrow(/TEST_CAPTCHA_TEXT/);
    expect(() => load({ ...test, TEST_PUZZLE_X: '10' })).toThrow(/TEST_PUZZLE_X/);
    expect(() => load({ ...test, TEST_PUZZLE_X: '261' })).toThrow(/TEST_PUZZLE_X/);
    expect(load({ ...test, TEST_PUZZLE_X: '260' }).accounts.testPuzzleX).toBe(260);
  });

  it('bounds the timeouts and the budget', () => {
    expect(() => load({ SESSION_IDLE_MINUTES: '1' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => load({ SESSION_ABSOLUTE_HOURS: '0' })).toThrow(/SESSION_ABSOLUTE_HOURS/);
    expect(() => load({ SESSION_REMEMBER_DAYS: '401' })).toThrow(/SESSION_REMEMBER_DAYS/);
    expect(() => load({ SMS_HOURLY_BUDGET: '-1' })).toThrow(/SMS_HOURLY_BUDGET/);
  });

  it('TRUST_PROXY: a hop count or proxy addresses; `on` (trust anyone) is refused (platform/http/client-address.test.ts)', () => {
    expect(() => load({ TRUST_PROXY: 'on' })).toThrow(/TRUST_PROXY/);
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(load({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(() => load({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('USER_VISITS_RETENTION_DAYS: 180 by default, 0 keeps visits for ever, junk refused', () => {
    expect(load({}).accounts.visitRetentionDays).toBe(180);
    expect(load({ USER_VISITS_RETENTION_DAYS: '0' }).accounts.visitRetentionDays).toBe(0);
    expect(() => load({ USER_VISITS_RETENTION_DAYS: 'never' })).toThrow(/USER_VISITS_RETENTION_DAYS/);
  });
});
