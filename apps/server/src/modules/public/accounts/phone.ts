import { ACCOUNT_MESSAGES, ErrorCode, PHONE_PATTERN } from '@lantian/contracts';
import { AppError } from '../../../platform/errors';

/** The phone of a form (trimmed), or the spec's message (§5) as a 400. */
export function requirePhone(raw: string | undefined): string {
  const phone = raw?.trim() ?? '';
  if (phone === '') throw new AppError(ErrorCode.VALIDATION, ACCOUNT_MESSAGES.phoneEmpty);
  if (!PHONE_PATTERN.test(phone)) throw new AppError(ErrorCode.VALIDATION, ACCOUNT_MESSAGES.phoneInvalid);
  return phone;
}

/** What the readable `username` cookie and the greeting show: 138****8000. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
