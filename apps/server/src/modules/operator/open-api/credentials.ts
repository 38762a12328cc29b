import { OPEN_API_CODES, type OpenApiCode } from '@lantian/contracts';
import { SECONDS_PER_DAY, tryParseChinaDateTime } from '@lantian/domain';
import { invalidField } from '../../../platform/errors';
import { randomId, randomToken, sha256 } from '../../../platform/security/secrets';

/**
 * Credentials of open-API applications and the rules of their fields, without I/O.
 *
 * - appKey: `ak` + 128 random bits in hex. Public (it names the application in requests and logs).
 * - appSecret: 256 random bits, base64url (43 characters), shown once.
 * - access token: 256 random bits, base64url, as operator sessions.
 *
 * Secrets and tokens are stored as their SHA-256, not with a slow password hash: a password hash
 * (argon2id) exists to make guessing low-entropy human passwords expensive, while a 256-bit random
 * value cannot be guessed however fast the hash is. SHA-256 still makes a leaked table useless (it
 * cannot be inverted), and lets the token check on every open call cost one indexed lookup.
 */

export const newAppKey = (): string => `ak${randomId()}`;
export const newAppSecret = (): string => randomToken();
export const newAccessToken = (): string => randomToken();

/** What is stored for a secret or token. */
export const secretHash = (secret: string): string => sha256(secret);

/**
 * The `Authentication-RequestKey` header of `GET /api/open/lidar/getToken/auto`: `appKey:appSecret`
 * (the key never contains a colon; the secret is everything after the first one). Null when the
 * header does not have that shape.
 */
export function parseRequestKey(header: string): { appKey: string; appSecret: string } | null {
  const text = header.trim();
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1) return null;
  const appKey = text.slice(0, colon).trim();
  const appSecret = text.slice(colon + 1).trim();
  if (appKey === '' || appSecret === '' || appKey.length > 64 || appSecret.length > 128) return null;
  return { appKey, appSecret };
}

/**
 * The epoch second from which an application stops working: a date alone means the end of that day
 * in China (the next day's 00:00:00), a date and time that moment. 400 for a day that does not exist.
 */
export function expiryOf(text: string): number {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const start = tryParseChinaDateTime(dateOnly ? `${text} 00:00:00` : text);
  if (start === null) throw invalidField('expiresAt', '不是有效的日期时间');
  return dateOnly ? start + SECONDS_PER_DAY : start;
}

/** The API codes as stored: each once, in catalogue order. */
export function apisText(codes: readonly OpenApiCode[]): string {
  return OPEN_API_CODES.filter((code) => codes.includes(code)).join(',');
}

export function apisOf(text: string): string[] {
  return text === '' ? [] : text.split(',');
}
