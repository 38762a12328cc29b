import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A bearer secret (session token, puzzle ticket): 256 random bits, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** An identifier (user id, captcha and puzzle uuids): 128 random bits, hex. */
export function randomId(): string {
  return randomBytes(16).toString('hex');
}

/** `length` random decimal digits from the CSPRNG, without modulo bias. */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** Secrets with ≥128 bits of entropy are stored as their SHA-256: a leaked store yields nothing usable. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function equalSecrets(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const ID_PATTERN = /^[0-9a-f]{32}$/;
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
