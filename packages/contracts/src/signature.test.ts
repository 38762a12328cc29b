import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalString, createNonce, isSignableValue, NONCE_PATTERN, signParams, unsignableParam } from './signature';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

describe('public-site request signature', () => {
  it('hashes the values sorted by parameter name, then nonce, timestamp and key', async () => {
    expect(canonicalString({ time: '2026-11-22 10:00:00', cityCode: '110000', a: 1 }, 'N', '123', 'K')).toBe(
      '11100002026-11-22 10:00:00N123K',
    );
    const signed = await signParams({ cityCode: '110000' }, 'K', {
      nonce: 'abcdefghijklmnop',
      timestamp: 1_700_000_000_000,
    });
    expect(signed).toEqual({
      nonce: 'abcdefghijklmnop',
      timestamp: '1700000000000',
      sign: await sha256Hex('110000abcdefghijklmnop1700000000000K'),
    });
  });

  it('lets absent and empty parameters contribute nothing, and joins repeated ones with commas', () => {
    expect(canonicalString({ a: undefined, b: null, c: '', d: ['1', 2] }, 'n', 't', 'k')).toBe('1,2ntk');
  });

  it('makes 16-character alphanumeric nonces that do not repeat', () => {
    const seen = new Set(Array.from({ length: 1000 }, createNonce));
    expect(seen.size).toBe(1000);
    for (const n of seen) expect(n).toMatch(NONCE_PATTERN);
  });

  it('is independent of the order the parameters were given in', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 })), (params) => {
        const reversed = Object.fromEntries(Object.entries(params).reverse());
        expect(canonicalString(reversed, 'n', 't', 'k')).toBe(canonicalString(params, 'n', 't', 'k'));
      }),
    );
  });

  it('never throws on hostile values: objects whose toString is not a function, nested and prototype keys', () => {
    const hostile: Record<string, unknown> = JSON.parse(
      '{"a":{"toString":1},"b":[{"valueOf":1}],"c":{"__proto__":{"x":1}},"constructor":{"prototype":1},"d":"x\\u0000y"}',
    );
    expect(() => canonicalString(hostile, 'n', 't', 'k')).not.toThrow();
    expect(canonicalString(hostile, 'n', 't', 'k')).toBe('x\u0000yntk');
    expect(() => canonicalString({ a: Object.create(null), b: Array(100_000).fill('1') }, 'n', 't', 'k')).not.toThrow();
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (params) => {
        expect(typeof canonicalString(params, 'n', 't', 'k')).toBe('string');
      }),
    );
  });

  it('signs only scalars and lists of scalars, and names the first parameter that is not one', () => {
    for (const value of [undefined, null, '', 'x', 0, -1.5, true, ['1', 2, false], []]) {
      expect(isSignableValue(value), String(value)).toBe(true);
    }
    for (const value of [{}, { toString: 1 }, [{}], [null], [['1']], Object.create(null)]) {
      expect(isSignableValue(value)).toBe(false);
    }
    expect(unsignableParam({ a: '1', b: ['2'] })).toBeUndefined();
    expect(unsignableParam(JSON.parse('{"ok":"1","a":{"toString":1}}'))).toBe('a');
  });
});
