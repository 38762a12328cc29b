import { ACCOUNT_MESSAGES, ErrorCode, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@lantian/contracts';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../platform/errors';
import { COMMON_PASSWORDS } from './common-passwords';

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane); the library's default algorithm is argon2id. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, ARGON2);
}

export function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  return verify(storedHash, secret);
}

let dummy: Promise<string> | undefined;
/**
 * A hash to verify against when there is no user, so that an unknown phone costs the same time as a
 * wrong password (no enumeration by timing).
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashSecret('lantian-no-such-user');
  return dummy;
}
