/**
 * Field rules of spec §5, shared by the forms and the server. Each check returns the exact Chinese
 * message the spec prescribes, or null when the value passes. Lengths count characters (code points),
 * not UTF-16 units.
 */

export const MESSAGES = {
  phoneEmpty: '手机号不能为空',
  phoneInvalid: '请输入正确的手机号',
  codeEmpty: '验证码不能为空',
  codeInvalid: '验证码不正确',
  passwordEmpty: '密码不能为空',
  passwordTooShort: '密码不能少于6位',
  passwordTooLong: '密码不能大于18位',
  agreement: '您还未接受服务协议',
  confirmMismatch: '两次密码不一致',
  loginFailed: '用户名或密码错误',
} as const;

export type ValidationMessage = (typeof MESSAGES)[keyof typeof MESSAGES];

/** 11 digits: 1, then 3–9, then 9 digits (spec §5, §9). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** SMS code: 4–6 digits (the server sends 6; GUIDE §7). */
export const SMS_CODE_PATTERN = /^\d{4,6}$/;
export const CAPTCHA_LENGTH = 4;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 18;

const length = (s: string) => Array.from(s).length;

/** Login usernames (phone numbers) are trimmed before use (spec §5 "Login"). */
export function normalizeUsername(username: string): string {
  return username.trim();
}

export function validatePhone(phone: string): ValidationMessage | null {
  const p = phone.trim();
  if (p === '') return MESSAGES.phoneEmpty;
  return PHONE_PATTERN.test(p) ? null : MESSAGES.phoneInvalid;
}

export function validateSmsCode(code: string): ValidationMessage | null {
  const c = code.trim();
  if (c === '') return MESSAGES.codeEmpty;
  return SMS_CODE_PATTERN.test(c) ? null : MESSAGES.codeInvalid;
}

/** Image captcha: empty → 验证码不能为空, any length but 4 → 验证码不正确 (the form then refreshes it). */
export function validateCaptcha(code: string): ValidationMessage | null {
  const c = code.trim();
  if (c === '') return MESSAGES.codeEmpty;
  return length(c) === CAPTCHA_LENGTH ? null : MESSAGES.codeInvalid;
}

/** Passwords are taken as typed: no trimming, spaces count. */
export function validatePassword(password: string): ValidationMessage | null {
  if (password === '') return MESSAGES.passwordEmpty;
  const n = length(password);
  if (n < PASSWORD_MIN) return MESSAGES.passwordTooShort;
  if (n > PASSWORD_MAX) return MESSAGES.passwordTooLong;
  return null;
}

export function validateAgreement(accepted: boolean): ValidationMessage | null {
  return accepted ? null : MESSAGES.agreement;
}

export function validateConfirmPassword(newPassword: string, confirmPassword: string): ValidationMessage | null {
  return newPassword === confirmPassword ? null : MESSAGES.confirmMismatch;
}

/** Field → message for the fields that failed; empty when the form may be submitted. */
export type FormErrors<F extends string> = Partial<Record<F, ValidationMessage>>;

function collect<F extends string>(checks: Record<F, ValidationMessage | null>): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const field of Object.keys(checks) as F[]) {
    const message = checks[field];
    if (message !== null) errors[field] = message;
  }
  return errors;
}

export function hasErrors(errors: FormErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}

export interface LoginForm {
  username: string;
  password: string;
  verificationCode: string;
}

/**
 * Login (spec §5): an empty username (after trimming) or password gives 用户名或密码错误 — the same
 * text as a wrong password, so the form reveals nothing — reported on the username; then the captcha.
 */
export function validateLoginForm(form: LoginForm): FormErrors<'username' | 'verificationCode'> {
  return collect({
    username: normalizeUsername(form.username) === '' || form.password === '' ? MESSAGES.loginFailed : null,
    verificationCode: validateCaptcha(form.verificationCode),
  });
}

export interface RegistrationForm {
  username: string;
  verificationCode: string;
  password: string;
  allowProtocal: boolean;
}

/** Registry (spec §5): phone, SMS code, password, agreement. */
export function validateRegistrationForm(
  form: RegistrationForm,
): FormErrors<'username' | 'verificationCode' | 'password' | 'allowProtocal'> {
  return collect({
    username: validatePhone(form.username),
    verificationCode: validateSmsCode(form.verificationCode),
    password: validatePassword(form.password),
    allowProtocal: validateAgreement(form.allowProtocal),
  });
}

export interface FindPasswordForm {
  username: string;
  verificationCode: string;
  password: string;
}

/** Find password (spec §5): phone, SMS code, new password. */
export function validateFindPasswordForm(
  form: FindPasswordForm,
): FormErrors<'username' | 'verificationCode' | 'password'> {
  return collect({
    username: validatePhone(form.username),
    verificationCode: validateSmsCode(form.verificationCode),
    password: validatePassword(form.password),
  });
}

export interface ChangePasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Change password (spec §5): the old password only needs to be present (its length rules may have
 * been different when it was set); the new one follows the password rules; the confirmation must match.
 */
export function validateChangePasswordForm(
  form: ChangePasswordForm,
): FormErrors<'oldPassword' | 'newPassword' | 'confirmPassword'> {
  return collect({
    oldPassword: form.oldPassword === '' ? MESSAGES.passwordEmpty : null,
    newPassword: validatePassword(form.newPassword),
    confirmPassword: validateConfirmPassword(form.newPassword, form.confirmPassword),
  });
}
