import { createHash, randomBytes } from 'node:crypto';

/** Longest path a short link may stand for, as the visitor sent it. */
export const MAX_SHORT_URL_LENGTH = 2000;

const BASE = 'http://lantian.invalid';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The canonical form of a same-site path ('/city/beijing?x=1'), or undefined for anything that
 * could lead off the site. '//host' and '/\host' are refused before parsing (browsers read both as
 * another host); the URL parser then percent-encodes the rest, so the stored path is plain ASCII
 * that a Location header can carry, and two spellings of one path share one id.
 */
export function canonicalSitePath(input: string): string | undefined {
  if (input.length > MAX_SHORT_URL_LENGTH || !input.startsWith('/') || input.startsWith('//')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (input.includes('\\') || /[\u0000-\u001f\u007f]/.test(input)) return undefined;
  if (!URL.canParse(input, BASE)) return undefined;
  const parsed = new URL(input, BASE);
  if (parsed.origin !== BASE) return undefined;
  return parsed.pathname + parsed.search + parsed.hash;
}

export function hashOfPath(path: string): string {
  return createHash('sha256').update(path).digest('hex');
}

/** 8 random base62 characters (≈ 47.6 bits) from the CSPRNG, without modulo bias. */
export function randomShortId(length = 8): string {
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: bytes from 248 up would favour the first six characters.
      if (byte < 248 && id.length < length) id += ALPHABET.charAt(byte % ALPHABET.length);
    }
  }
  return id;
}

export const SHORT_ID_PATTERN = /^[0-9A-Za-z]{1,16}$/;
