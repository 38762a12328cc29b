import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, FRAME_ERROR_MESSAGES, MAX_SEGMENT_LENGTH } from './frame';

const STD_SEGMENT =
  'QN=20160801085857223;ST=32;CN=1062;PW=100000;MN=010000A8900016F000169DC0;Flag=5;CP=&&RtdInterval=30&&';
const STD_FRAME = `##0101${STD_SEGMENT}1C80\r\n`;

describe('encodeFrame', () => {
  it("reproduces the standard's example frame exactly", () => {
    expect(encodeFrame(STD_SEGMENT)).toBe(STD_FRAME);
  });

  it('writes the length as 4 decimal digits', () => {
    expect(encodeFrame('')).toBe('##0000FFFF\r\n');
    expect(encodeFrame('x'.repeat(MAX_SEGMENT_LENGTH)).slice(0, 6)).toBe('##1024');
  });

  it('refuses what cannot be a data segment', () => {
    expect(() => encodeFrame('x'.repeat(MAX_SEGMENT_LENGTH + 1))).toThrow(RangeError);
    expect(() => encodeFrame('QN=1\r\n')).toThrow(RangeError);
    expect(() => encodeFrame('温度=1')).toThrow(RangeError);
  });
});

describe('decodeFrame', () => {
  it("decodes the standard's example", () => {
    expect(decodeFrame(STD_FRAME)).toEqual({ ok: true, segment: STD_SEGMENT });
  });

  it('accepts a lower-case CRC', () => {
    expect(decodeFrame(`##0101${STD_SEGMENT}1c80\r\n`)).toEqual({ ok: true, segment: STD_SEGMENT });
  });

  it('round-trips any printable segment', () => {
    for (const segment of ['', 'a', 'CP=&&&&', 'x;y,z=1'.repeat(100)]) {
      expect(decodeFrame(encodeFrame(segment))).toEqual({ ok: true, segment });
    }
  });

  const cases: Array<[string, string, string]> = [
    ['no ##', `#0101${STD_SEGMENT}1C80\r\n`, 'bad_header'],
    ['junk before ##', `x##0101${STD_SEGMENT}1C80\r\n`, 'bad_header'],
    ['a non-digit length', `##01a1${STD_SEGMENT}1C80\r\n`, 'bad_length'],
    ['a length that does not match', `##0102${STD_SEGMENT}1C80\r\n`, 'bad_length'],
    ['a length that is too short', `##0100${STD_SEGMENT}1C80\r\n`, 'bad_length'],
    ['a declared length over 1024', `##1025${STD_SEGMENT}1C80\r\n`, 'oversize'],
    ['a wrong CRC', `##0101${STD_SEGMENT}1C81\r\n`, 'bad_crc'],
    ['a non-hex CRC', `##0101${STD_SEGMENT}1CXY\r\n`, 'bad_crc'],
    ['a missing terminator', `##0101${STD_SEGMENT}1C80`, 'bad_terminator'],
    ['an LF-only terminator', `##0101${STD_SEGMENT}1C80\n`, 'bad_terminator'],
    ['a swapped terminator', `##0101${STD_SEGMENT}1C80\n\r`, 'bad_terminator'],
    ['a non-ASCII byte', `##0101${STD_SEGMENT.replace('100000', '10000é')}1C80\r\n`, 'non_ascii'],
  ];
  it.each(cases)('refuses %s', (_what, text, reason) => {
    const result = decodeFrame(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toBe(reason);
      expect(result.message.startsWith(FRAME_ERROR_MESSAGES[result.reason])).toBe(true);
    }
  });
});
