import { describe, expect, it } from 'vitest';
import { asciiToBytes, bytesToLatin1, isAscii, isPrintableAscii } from './ascii';

describe('ASCII helpers', () => {
  it('converts ASCII both ways', () => {
    const bytes = asciiToBytes('##0000\r\n');
    expect([...bytes]).toEqual([35, 35, 48, 48, 48, 48, 13, 10]);
    expect(bytesToLatin1(bytes)).toBe('##0000\r\n');
    expect(bytesToLatin1(bytes, 2, 6)).toBe('0000');
  });

  it('refuses non-ASCII text', () => {
    expect(() => asciiToBytes('温度')).toThrow(RangeError);
    expect(() => asciiToBytes('\u0080')).toThrow(RangeError);
    expect(isAscii('abc\u007f')).toBe(true);
    expect(isAscii('abcé')).toBe(false);
  });

  it('tells printable ASCII apart', () => {
    expect(isPrintableAscii('QN=1;CP=&&&&')).toBe(true);
    expect(isPrintableAscii('a\tb')).toBe(false);
    expect(isPrintableAscii('a\r\n')).toBe(false);
    expect(isPrintableAscii('\u007f')).toBe(false);
  });

  it('maps every byte value to the character of the same code, 0x80–0x9F included', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = bytesToLatin1(bytes);
    expect(text.length).toBe(256);
    expect([...text].map((c) => c.charCodeAt(0))).toEqual([...bytes]);
    expect(bytesToLatin1(Uint8Array.of(0x41, 0x80, 0x9f, 0x42))).toBe('A\u0080\u009fB');
  });

  it('shows every byte of a long run, one character per byte', () => {
    const bytes = new Uint8Array(10_000).fill(0xff);
    const text = bytesToLatin1(bytes);
    expect(text.length).toBe(10_000);
    expect(text.charCodeAt(9_999)).toBe(0xff);
  });
});
