import { describe, expect, it } from 'vitest';
import { humanWait } from '../../../platform/security/rate-limits';
import { randomDigits } from '../../../platform/security/secrets';
import { COMMON_PASSWORD_MESSAGE, checkNewPassword, hashSecret, verifySecret } from './passwords';
import { maskPhone, requirePhone } from './phone';

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashSecret('blue-sky-42');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifySecret(hash, 'blue-sky-42')).toBe(true);
    expect(await verifySecret(hash, 'blue-sky-43')).toBe(false);
  });

  it('applies the spec lengths in characters, not bytes, and the common-password list', () => {
    expect(checkNewPassword('蓝天白云空气')).toBe('蓝天白云空气');
    expect(() => checkNewPassword('蓝天白云')).toThrow('密码不能少于6位');
    expect(() => checkNewPassword('iloveyou')).toThrow(COMMON_PASSWORD_MESSAGE);
    expect(() => checkNewPassword('ILoveYou')).toThrow(COMMON_PASSWORD_MESSAGE);
    expect(() => checkNewPassword('tab\there')).toThrow('控制字符');
    expect(() => checkNewPassword('my13800138000', '13800138000')).toThrow(COMMON_PASSWORD_MESSAGE);
  });
});

describe('phones', () => {
  it('masks and checks', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(requirePhone(' 13800138000 ')).toBe('13800138000');
    expect(() => requirePhone(undefined)).toThrow('手机号不能为空');
    expect(() => requirePhone('10800138000')).toThrow('请输入正确的手机号');
  });
});

describe('small helpers', () => {
  it('draws every digit for SMS codes', () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomDigits(6)).join(''));
    expect(seen.size).toBe(10);
    expect(randomDigits(6)).toMatch(/^\d{6}$/);
  });

  it('words waits', () => {
    expect([humanWait(0.2), humanWait(45), humanWait(600), humanWait(86_000)]).toEqual([
      '1 秒',
      '45 秒',
      '10 分钟',
      '24 小时',
    ]);
  });
});
