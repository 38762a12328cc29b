import { ACCOUNT_MESSAGES, ErrorCode, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@lantian/contracts';
import { AppError } from '../../../platform/errors';
import { COMMON_PASSWORDS } from '../../../platform/security/common-passwords';

export { dummyHash, hashSecret, verifySecret } from '../../../platform/security/passwords';

export const COMMON_PASSWORD_MESSAGE = '密码过于常见，容易被猜中，请换一个';

/** Spec §5: not empty, 6–18 characters; plus no control characters and nothing from the common list. */
export function checkNewPassword(password: string | undefined, phone?: string): string {
  const value = password ?? '';
  const length = [...value].length;
  const refuse = (msg: string) => new AppError(ErrorCode.VALIDATION, msg);
  if (length === 0) throw refuse(ACCOUNT_MESSAGES.passwordEmpty);
  if (length < PASSWORD_MIN_LENGTH) throw refuse(ACCOUNT_MESSAGES.passwordTooShort);
  if (length > PASSWORD_MAX_LENGTH) throw refuse(ACCOUNT_MESSAGES.passwordTooLong);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) throw refuse('密码不能包含控制字符');
  const lower = value.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(value) || (phone !== undefined && value.includes(phone))) {
    throw refuse(COMMON_PASSWORD_MESSAGE);
  }
  return value;
}
