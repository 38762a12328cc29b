import { describe, expect, it } from 'vitest';
import {
  buildSegment,
  FLAG_ANSWER,
  FLAG_SPLIT,
  flagVersion,
  HJ212_VERSION_2005,
  HJ212_VERSION_2017,
  makeFlag,
  parseSegment,
} from './segment';

const STD_SEGMENT =
  'QN=20160801085857223;ST=32;CN=1062;PW=100000;MN=010000A8900016F000169DC0;Flag=5;CP=&&RtdInterval=30&&';
const MN = '010000A8900016F000169DC0';

function parsed(segment: string) {
  const result = parseSegment(segment);
  if (!result.ok) throw new Error(`expected ${segment} to parse: ${result.message}`);
  return result.packet;
}

function refused(segment: string): string {
  const result = parseSegment(segment);
  if (result.ok) throw new Error(`expected ${segment} to be refused`);
  expect(result.reason).toBe('malformed_segment');
  return result.message;
}

describe('parseSegment', () => {
  it("parses the standard's example", () => {
    expect(parseSegment(STD_SEGMENT)).toEqual({
      ok: true,
      packet: {
        qn: '20160801085857223',
        st: '32',
        cn: '1062',
        pw: '100000',
        mn: MN,
        flag: 5,
        cp: 'RtdInterval=30',
        needsAnswer: true,
        split: false,
      },
    });
  });

  it('takes the header fields in any order', () => {
    const p = parsed(`Flag=4;MN=${MN};PW=100000;CN=2011;ST=22;QN=20160801085857223;CP=&&&&`);
    expect(p).toMatchObject({ st: '22', cn: '2011', mn: MN, flag: 4, needsAnswer: false, cp: '' });
  });

  it('accepts a keepalive without QN, and a 2005-style upload without Flag (read as 0)', () => {
    const keepalive = parsed(`ST=22;CN=2011;PW=123456;MN=${MN};Flag=4;CP=&&&&`);
    expect(keepalive.qn).toBeUndefined();
    expect('qn' in keepalive).toBe(false);
    const old = parsed(`ST=32;CN=2011;PW=123456;MN=88888880000001;CP=&&DataTime=20040516021000;B01-Rtd=4&&`);
    expect(old).toMatchObject({ flag: 0, needsAnswer: false, split: false });
    expect(flagVersion(old.flag)).toBe(HJ212_VERSION_2005);
  });

  it('keeps ; , and = inside CP, which is found by CP=&& and the final &&', () => {
    const p = parsed(
      `QN=20160801085857223;ST=22;CN=2011;PW=1;MN=${MN};Flag=4;CP=&&DataTime=20160801085857;a34004-Rtd=35.2,a34004-Flag=N;a01001-Rtd=12.1&&`,
    );
    expect(p.cp).toBe('DataTime=20160801085857;a34004-Rtd=35.2,a34004-Flag=N;a01001-Rtd=12.1');
  });

  it('does not take CP=&& inside another field for the CP field', () => {
    expect(parsed(`ST=22;CN=2011;PW=1;MN=${MN};CP=&&a=CP=&&`).cp).toBe('a=CP=');
  });

  it('reads the Flag bits: A = bit 0, D = bit 1, version above', () => {
    expect(makeFlag({ answer: true })).toBe(5);
    expect(makeFlag({ answer: false })).toBe(4);
    expect(makeFlag({ answer: true, split: true })).toBe(7);
    expect(makeFlag({ answer: false, version: 0 })).toBe(0);
    expect(() => makeFlag({ answer: false, version: 64 })).toThrow(RangeError);
    expect(flagVersion(5)).toBe(HJ212_VERSION_2017);
    expect(flagVersion(9)).toBe(2);
    expect(FLAG_ANSWER).toBe(1);
    expect(FLAG_SPLIT).toBe(2);
    expect(parsed(`ST=22;CN=2011;PW=1;MN=${MN};Flag=255;PNUM=1;PNO=1;CP=&&&&`)).toMatchObject({
      flag: 255,
      needsAnswer: true,
      split: true,
    });
  });

  it('reads PNUM/PNO of a split packet', () => {
    const p = parsed(`QN=20160801085857223;ST=22;CN=2061;PW=1;MN=${MN};Flag=7;PNUM=3;PNO=2;CP=&&x=1&&`);
    expect(p).toMatchObject({ split: true, needsAnswer: true, pnum: 3, pno: 2 });
  });

  const head = `ST=22;CN=2011;PW=123456;MN=${MN};Flag=4`;
  it.each([
    ['missing ST', `CN=2011;PW=1;MN=${MN};CP=&&&&`, 'ST'],
    ['missing CN', `ST=22;PW=1;MN=${MN};CP=&&&&`, 'CN'],
    ['missing MN', 'ST=22;CN=2011;PW=1;CP=&&&&', 'MN'],
    ['missing PW', `ST=22;CN=2011;MN=${MN};CP=&&&&`, 'PW'],
    ['missing CP', head, 'CP'],
    ['CP without &&', `${head};CP=x`, 'CP'],
    ['CP not closed', `${head};CP=&&DataTime=20160801085857`, '闭合'],
    ['CP half closed', `${head};CP=&&DataTime=20160801085857&`, '闭合'],
    ['only the opening &&', `${head};CP=&&`, '闭合'],
    ['something after CP', `${head};CP=&&a=1&&;QN=20160801085857223`, '闭合'],
    ['&& inside CP', `${head};CP=&&a=1&&b=2&&`, '&'],
    ['a bad Flag', `ST=22;CN=2011;PW=1;MN=${MN};Flag=x;CP=&&&&`, 'Flag'],
    ['a negative Flag', `ST=22;CN=2011;PW=1;MN=${MN};Flag=-1;CP=&&&&`, 'Flag'],
    ['a Flag over 255', `ST=22;CN=2011;PW=1;MN=${MN};Flag=256;CP=&&&&`, 'Flag'],
    ['an empty Flag', `ST=22;CN=2011;PW=1;MN=${MN};Flag=;CP=&&&&`, 'Flag'],
    ['a split packet without PNUM', `ST=22;CN=2011;PW=1;MN=${MN};Flag=6;PNO=1;CP=&&&&`, 'PNUM'],
    ['a split packet without PNO', `ST=22;CN=2011;PW=1;MN=${MN};Flag=6;PNUM=2;CP=&&&&`, 'PNO'],
    ['PNUM 0', `ST=22;CN=2011;PW=1;MN=${MN};Flag=6;PNUM=0;PNO=1;CP=&&&&`, 'PNUM'],
    ['PNO 0', `ST=22;CN=2011;PW=1;MN=${MN};Flag=6;PNUM=2;PNO=0;CP=&&&&`, 'PNO'],
    ['PNO > PNUM', `ST=22;CN=2011;PW=1;MN=${MN};Flag=6;PNUM=2;PNO=3;CP=&&&&`, 'PNO'],
    ['a non-numeric PNUM', `ST=22;CN=2011;PW=1;MN=${MN};Flag=6;PNUM=x;PNO=1;CP=&&&&`, 'PNUM'],
    ['PNUM on a packet that is not split', `${head};PNUM=2;PNO=1;CP=&&&&`, 'PNUM'],
    ['an unknown field', `${head};Foo=1;CP=&&&&`, 'Foo'],
    ['a repeated field', `${head};CN=2011;CP=&&&&`, '重复'],
    ['a field without =', `${head};junk;CP=&&&&`, 'junk'],
    ['an empty field', `ST=22;;CN=2011;PW=1;MN=${MN};CP=&&&&`, '空字段'],
    ['a bad QN', `QN=2016;${head};CP=&&&&`, 'QN'],
    ['a non-digit QN', `QN=2016080108585722x;${head};CP=&&&&`, 'QN'],
    ['a bad ST', `ST=2;CN=2011;PW=1;MN=${MN};CP=&&&&`, 'ST'],
    ['a bad CN', `ST=22;CN=20111;PW=1;MN=${MN};CP=&&&&`, 'CN'],
    ['a PW of 10 characters', `ST=22;CN=2011;PW=1234567890;MN=${MN};CP=&&&&`, 'PW'],
    ['an MN of 25 characters', `ST=22;CN=2011;PW=1;MN=${MN}X;CP=&&&&`, 'MN'],
    ['an empty MN', 'ST=22;CN=2011;PW=1;MN=;CP=&&&&', 'MN'],
    ['a space in MN', 'ST=22;CN=2011;PW=1;MN=a b;CP=&&&&', 'MN'],
    ['a control character', `${head};CP=&&a=1\t&&`, '不可打印'],
    ['a non-ASCII character', `${head};CP=&&温度=1&&`, '不可打印'],
    ['plain junk', 'hello world', 'CP'],
    ['nothing', '', 'CP'],
  ])('refuses %s', (_what, segment, mentions) => {
    expect(refused(segment)).toContain(mentions);
  });
});

describe('buildSegment', () => {
  it("writes the standard's field order", () => {
    expect(
      buildSegment({
        qn: '20160801085857223',
        st: '32',
        cn: '1062',
        pw: '100000',
        mn: MN,
        flag: 5,
        cp: 'RtdInterval=30',
      }),
    ).toBe(STD_SEGMENT);
    expect(buildSegment({ st: '22', cn: '2061', pw: '1', mn: 'M', flag: 6, pnum: 2, pno: 1, cp: '' })).toBe(
      'ST=22;CN=2061;PW=1;MN=M;Flag=6;PNUM=2;PNO=1;CP=&&&&',
    );
  });

  it('refuses to write what the parser would refuse', () => {
    const base = { st: '22', cn: '2011', pw: '1', mn: 'M', flag: 4, cp: '' };
    expect(() => buildSegment({ ...base, mn: 'a;b' })).toThrow(RangeError);
    expect(() => buildSegment({ ...base, flag: 4.5 })).toThrow(RangeError);
    expect(() => buildSegment({ ...base, flag: 6 })).toThrow(/PNUM/);
    expect(() => buildSegment({ ...base, cp: 'a=1&&b' })).toThrow(RangeError);
    expect(() => buildSegment({ ...base, qn: '1' })).toThrow(RangeError);
  });
});
