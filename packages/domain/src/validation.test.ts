import { describe, expect, it } from 'vitest';
import {
  hasErrors,
  normalizeUsername,
  validateAgreement,
  validateCaptcha,
  validateChangePasswordForm,
  validateConfirmPassword,
  validateFindPasswordForm,
  validateLoginForm,
  validatePassword,
  validatePhone,
  validateRegistrationForm,
  validateSmsCode,
} from './validation';

describe('spec §5 field rules', () => {
  it.each([
    ['', '手机号不能为空'],
    ['   ', '手机号不能为空'],
    ['13800138000', null],
    [' 19912345678 ', null],
    ['12800138000', '请输入正确的手机号'],
    ['1380013800', '请输入正确的手机号'],
    ['138001380000', '请输入正确的手机号'],
    ['23800138000', '请输入正确的手机号'],
    ['1380013800a', '请输入正确的手机号'],
    ['１３８００１３８０００', '请输入正确的手机号'],
  ])('phone %j → %s', (phone, message) => {
    expect(validatePhone(phone)).toBe(message);
  });

  it.each([
    ['', '验证码不能为空'],
    ['123', '验证码不正确'],
    ['1234', null],
    ['123456', null],
    ['1234567', '验证码不正确'],
    ['12a4', '验证码不正确'],
  ])('SMS code %j → %s', (code, message) => {
    expect(validateSmsCode(code)).toBe(message);
  });

  it.each([
    ['', '验证码不能为空'],
    ['abc', '验证码不正确'],
    ['aB3d', null],
    ['abcde', '验证码不正确'],
  ])('captcha %j → %s', (code, message) => {
    expect(validateCaptcha(code)).toBe(message);
  });

  it.each([
    ['', '密码不能为空'],
    ['12345', '密码不能少于6位'],
    ['123456', null],
    ['a'.repeat(18), null],
    ['a'.repeat(19), '密码不能大于18位'],
    ['密码密码密码', null],
    ['😀😀😀😀😀', '密码不能少于6位'],
  ])('password %j → %s', (password, message) => {
    expect(validatePassword(password)).toBe(message);
  });

  it('asks for the agreement and for matching passwords', () => {
    expect(validateAgreement(false)).toBe('您还未接受服务协议');
    expect(validateAgreement(true)).toBeNull();
    expect(validateConfirmPassword('abcdef', 'abcdeg')).toBe('两次密码不一致');
    expect(validateConfirmPassword('abcdef', 'abcdef')).toBeNull();
  });
});

describe('forms', () => {
  it('login: trimmed username; empty username or password → 用户名或密码错误; then the captcha', () => {
    expect(normalizeUsername('  13800138000 ')).toBe('13800138000');
    expect(validateLoginForm({ username: '  ', password: 'secret1', verificationCode: 'abcd' })).toEqual({
      username: '用户名或密码错误',
    });
    expect(validateLoginForm({ username: '13800138000', password: '', verificationCode: '' })).toEqual({
      username: '用户名或密码错误',
      verificationCode: '验证码不能为空',
    });
    const ok = validateLoginForm({ username: '13800138000', password: 'x', verificationCode: 'abcd' });
    expect(hasErrors(ok)).toBe(false);
  });

  it('registry checks phone, SMS code, password and agreement', () => {
    expect(
      validateRegistrationForm({ username: '1380013800', verificationCode: '', password: '123', allowProtocal: false }),
    ).toEqual({
      username: '请输入正确的手机号',
      verificationCode: '验证码不能为空',
      password: '密码不能少于6位',
      allowProtocal: '您还未接受服务协议',
    });
    expect(
      hasErrors(
        validateRegistrationForm({
          username: '13800138000',
          verificationCode: '123456',
          password: '123456',
          allowProtocal: true,
        }),
      ),
    ).toBe(false);
  });

  it('find password checks phone, SMS code and the new password', () => {
    expect(validateFindPasswordForm({ username: '', verificationCode: '12', password: 'a'.repeat(19) })).toEqual({
      username: '手机号不能为空',
      verificationCode: '验证码不正确',
      password: '密码不能大于18位',
    });
  });

  it('change password: old not empty, new by the rules, confirmation equal', () => {
    expect(validateChangePasswordForm({ oldPassword: '', newPassword: '12345', confirmPassword: '1234' })).toEqual({
      oldPassword: '密码不能为空',
      newPassword: '密码不能少于6位',
      confirmPassword: '两次密码不一致',
    });
    expect(validateChangePasswordForm({ oldPassword: '1', newPassword: '123456', confirmPassword: '123456' })).toEqual(
      {},
    );
  });
});
