import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiToBytes } from './ascii';
import { crc16, crc16Hex } from './crc';

/** The standard's own example (HJ 212-2017, appendix: CRC16_Checkout). */
const STD_SEGMENT =
  'QN=20160801085857223;ST=32;CN=1062;PW=100000;MN=010000A8900016F000169DC0;Flag=5;CP=&&RtdInterval=30&&';

/** A literal transcription of the appendix's C loop, kept separate from the implementation under test. */
function referenceCrc(bytes: Uint8Array): number {
  let crcReg = 0xffff;
  for (const byte of bytes) {
    crcReg = (crcReg >> 8) ^ byte;
    for (let j = 0; j < 8; j++) {
      const check = crcReg & 0x0001;
      crcReg >>= 1;
      if (check === 0x0001) crcReg ^= 0xa001;
    }
  }
  return crcReg;
}

describe('crc16 (HJ 212-2017 appendix)', () => {
  it("gives 1C80 for the standard's example data segment", () => {
    expect(crc16Hex(STD_SEGMENT)).toBe('1C80');
    expect(crc16(STD_SEGMENT)).toBe(0x1c80);
    expect(STD_SEGMENT.length).toBe(101);
  });

  it('covers the data segment only, not ## or the length', () => {
    expect(crc16Hex(`##0101${STD_SEGMENT}`)).not.toBe('1C80');
    const framed = `##0101${STD_SEGMENT}1C80\r\n`;
    expect(crc16Hex(framed, 6, 6 + 101)).toBe('1C80');
  });

  it('is 0xFFFF for no data and always prints 4 upper-case hex digits', () => {
    expect(crc16Hex('')).toBe('FFFF');
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 64 }), (s) => {
        expect(crc16Hex(s)).toMatch(/^[0-9A-F]{4}$/);
      }),
    );
  });

  it('matches the C reference loop, for strings and bytes alike', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 200 }), (s) => {
        const bytes = asciiToBytes(s);
        expect(crc16(s)).toBe(referenceCrc(bytes));
        expect(crc16(bytes)).toBe(referenceCrc(bytes));
      }),
    );
  });

  it('is not CRC-16/MODBUS (the standard shifts the register before XOR-ing the byte)', () => {
    // CRC-16/MODBUS of "123456789" is 0x4B37.
    expect(crc16('123456789')).not.toBe(0x4b37);
  });
});
