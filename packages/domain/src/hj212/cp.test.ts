import { describe, expect, it } from 'vitest';
import { chinaTime } from '../time';
import {
  buildDataCp,
  DATA_FLAGS,
  formatHj212Number,
  isDataFlag,
  isValidFlag,
  parseCpPairs,
  parseDataCp,
  parseHj212Number,
} from './cp';

const T = chinaTime(2016, 8, 1, 8, 58, 57);

function data(cp: string) {
  const result = parseDataCp(cp);
  if (!result.ok) throw new Error(`expected ${cp} to parse: ${result.message}`);
  return result.data;
}

function refused(cp: string): string {
  const result = parseDataCp(cp);
  if (result.ok) throw new Error(`expected ${cp} to be refused`);
  expect(result.reason).toBe('malformed_cp');
  return result.message;
}

describe('data flags', () => {
  it('lists the eight flags of HJ 212-2017 with Chinese names', () => {
    expect(Object.keys(DATA_FLAGS)).toEqual(['N', 'F', 'M', 'S', 'D', 'C', 'T', 'B']);
    expect(DATA_FLAGS.N).toBe('正常');
    expect(DATA_FLAGS.F).toBe('停运');
    expect(DATA_FLAGS.M).toBe('维护');
    expect(DATA_FLAGS.D).toBe('故障');
    expect(DATA_FLAGS.C).toBe('校准');
    expect(DATA_FLAGS.T).toBe('超测上限');
    expect(DATA_FLAGS.B).toBe('通讯异常');
  });

  it('counts only N, or no flag, as valid for averaging', () => {
    expect(isValidFlag('N')).toBe(true);
    expect(isValidFlag(undefined)).toBe(true);
    for (const flag of ['F', 'M', 'S', 'D', 'C', 'T', 'B'] as const) expect(isValidFlag(flag)).toBe(false);
  });

  it('knows its letters and nothing else', () => {
    expect(isDataFlag('N')).toBe(true);
    expect(isDataFlag('n')).toBe(false);
    expect(isDataFlag('X')).toBe(false);
    expect(isDataFlag('toString')).toBe(false);
    expect(isDataFlag('')).toBe(false);
  });
});

describe('parseDataCp', () => {
  it('reads DataTime (China time) and per-factor values', () => {
    expect(data('DataTime=20160801085857;a34004-Rtd=35.2,a34004-Flag=N;a01001-Rtd=12.1,a01001-Flag=N')).toEqual({
      dataTime: T,
      values: [
        { factor: 'a34004', rtd: 35.2, flag: 'N', extra: {} },
        { factor: 'a01001', rtd: 12.1, flag: 'N', extra: {} },
      ],
      extra: {},
    });
  });

  it('reads Avg/Min/Max/Cou and keeps other sub-fields per factor', () => {
    const d = data(
      'DataTime=20160801080000;a21026-Cou=1.5,a21026-Min=10,a21026-Avg=12.5,a21026-Max=-3e2,a21026-ZsAvg=20.1,a21026-SampleTime=20160801075500,a21026-Flag=M',
    );
    expect(d.values).toEqual([
      {
        factor: 'a21026',
        cou: 1.5,
        min: 10,
        avg: 12.5,
        max: -300,
        flag: 'M',
        extra: { ZsAvg: '20.1', SampleTime: '20160801075500' },
      },
    ]);
  });

  it('keeps top-level keys without a dash in extra', () => {
    expect(data('DataTime=20160801085857;RtdInterval=30;PolId=w01018').extra).toEqual({
      RtdInterval: '30',
      PolId: 'w01018',
    });
  });

  it('treats empty values as missing, never as 0', () => {
    const d = data('DataTime=20160801085857;a34004-Rtd=,a34004-Flag=;a01001-Avg=0');
    expect(d.values).toEqual([
      { factor: 'a34004', extra: {} },
      { factor: 'a01001', avg: 0, extra: {} },
    ]);
    expect('rtd' in (d.values[0] ?? {})).toBe(false);
  });

  it('splits the factor code at the last dash', () => {
    expect(data('DataTime=20160801085857;x-y-Rtd=1').values).toEqual([{ factor: 'x-y', rtd: 1, extra: {} }]);
  });

  it('tolerates stray separators and a key repeated with the same value', () => {
    const d = data('DataTime=20160801085857;;a34004-Rtd=1,,a34004-Flag=N;DataTime=20160801085857;');
    expect(d.values).toEqual([{ factor: 'a34004', rtd: 1, flag: 'N', extra: {} }]);
  });

  it('keeps keys such as __proto__ as plain data', () => {
    const d = data('DataTime=20160801085857;__proto__=1;a-__proto__=2');
    expect(Object.entries(d.extra)).toEqual([['__proto__', '1']]);
    expect(Object.entries(d.values[0]?.extra ?? {})).toEqual([['__proto__', '2']]);
    expect(Object.getPrototypeOf(d.extra)).toBeNull();
  });

  it.each([
    ['an unknown flag letter', 'DataTime=20160801085857;a34004-Rtd=1,a34004-Flag=X', 'X'],
    ['a lower-case flag letter', 'DataTime=20160801085857;a34004-Flag=n', 'n'],
    ['a two-letter flag', 'DataTime=20160801085857;a34004-Flag=NN', 'NN'],
    ['NaN', 'DataTime=20160801085857;a34004-Rtd=NaN', 'NaN'],
    ['Infinity', 'DataTime=20160801085857;a34004-Avg=Infinity', 'Infinity'],
    ['an overflowing number', 'DataTime=20160801085857;a34004-Avg=1e999', '1e999'],
    ['hex', 'DataTime=20160801085857;a34004-Rtd=0x1F', '0x1F'],
    ['a blank', 'DataTime=20160801085857;a34004-Rtd= ', 'a34004-Rtd'],
    ['a comma decimal', 'DataTime=20160801085857;a34004-Min=1,5', '"5"'],
    ['two dots', 'DataTime=20160801085857;a34004-Max=1.2.3', '1.2.3'],
    ['units', 'DataTime=20160801085857;a34004-Cou=12mg', '12mg'],
    ['missing DataTime', 'a34004-Rtd=1', 'DataTime'],
    ['an empty CP', '', 'DataTime'],
    ['month 13', 'DataTime=20161301085857;a34004-Rtd=1', 'DataTime'],
    ['a DataTime with a separator', 'DataTime=2016-08-01 08:58:57', 'DataTime'],
    ['a repeated key with another value', 'DataTime=20160801085857;a34004-Rtd=1;a34004-Rtd=2', '重复'],
    ['two DataTimes', 'DataTime=20160801085857;DataTime=20160801085858', '重复'],
    ['an item without =', 'DataTime=20160801085857;a34004-Rtd', '='],
    ['an empty key', 'DataTime=20160801085857;=1', '名称'],
    ['two =', 'DataTime=20160801085857;a=1=2', '='],
    ['an empty factor code', 'DataTime=20160801085857;-Rtd=1', '因子'],
    ['an empty field name', 'DataTime=20160801085857;a34004-=1', '因子'],
    ['an &', 'DataTime=20160801085857;a=1&b', '&'],
    ['a non-ASCII character', 'DataTime=20160801085857;温度-Rtd=1', 'ASCII'],
  ])('refuses %s', (_what, cp, mentions) => {
    expect(refused(cp)).toContain(mentions);
  });
});

describe('parseCpPairs', () => {
  it('lists every item in order, for any command', () => {
    expect(parseCpPairs('PolId=w01018;SystemTime=20160801085857')).toEqual({
      ok: true,
      pairs: [
        { key: 'PolId', value: 'w01018' },
        { key: 'SystemTime', value: '20160801085857' },
      ],
    });
    expect(parseCpPairs('')).toEqual({ ok: true, pairs: [] });
  });
});

describe('numbers', () => {
  it('accepts finite decimals only', () => {
    expect(parseHj212Number('35.2')).toBe(35.2);
    expect(parseHj212Number('-0.5')).toBe(-0.5);
    expect(parseHj212Number('+7')).toBe(7);
    expect(parseHj212Number('.5')).toBe(0.5);
    expect(parseHj212Number('5.')).toBe(5);
    expect(parseHj212Number('1.5E-3')).toBe(0.0015);
    for (const bad of ['', ' ', '.', '-', 'e5', '0x10', '0b1', 'NaN', 'Infinity', '1e400', '1 2', '١']) {
      expect(parseHj212Number(bad)).toBeNull();
    }
  });

  it('writes numbers without exponents, exactly', () => {
    expect(formatHj212Number(35.2)).toBe('35.2');
    expect(formatHj212Number(-0)).toBe('0');
    expect(formatHj212Number(1e-7)).toBe('0.0000001');
    expect(formatHj212Number(-1.5e-7)).toBe('-0.00000015');
    expect(formatHj212Number(1e21)).toBe('1000000000000000000000');
    expect(formatHj212Number(1.2345e22)).toBe('12345000000000000000000');
    for (const n of [1e-7, 1.5e-7, 5e-324, 1.7976931348623157e308, 123.456e-10, 1e21, -9.87e25]) {
      expect(parseHj212Number(formatHj212Number(n))).toBe(n);
    }
    expect(() => formatHj212Number(Number.NaN)).toThrow(RangeError);
    expect(() => formatHj212Number(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('buildDataCp', () => {
  it('writes DataTime, extras, then one group per factor', () => {
    expect(
      buildDataCp({
        dataTime: T,
        extra: { RtdInterval: '30' },
        values: [
          { factor: 'a34004', rtd: 35.2, flag: 'N' },
          { factor: 'a21026', avg: 12.5, min: 10, max: 15, cou: 1.5, flag: 'M', extra: { ZsAvg: '20.1' } },
        ],
      }),
    ).toBe(
      'DataTime=20160801085857;RtdInterval=30;a34004-Rtd=35.2,a34004-Flag=N;' +
        'a21026-Avg=12.5,a21026-Min=10,a21026-Max=15,a21026-Cou=1.5,a21026-Flag=M,a21026-ZsAvg=20.1',
    );
  });

  it('refuses input that would not read back the same', () => {
    const ok = { dataTime: T, values: [{ factor: 'a34004', rtd: 1 }] };
    expect(() => buildDataCp({ ...ok, values: [{ factor: 'a34004', rtd: Number.NaN }] })).toThrow(RangeError);
    expect(() => buildDataCp({ ...ok, values: [{ factor: 'a;1', rtd: 1 }] })).toThrow(RangeError);
    expect(() => buildDataCp({ ...ok, values: [{ factor: 'a34004' }] })).toThrow(RangeError);
    expect(() => buildDataCp({ ...ok, values: [...ok.values, ...ok.values] })).toThrow(RangeError);
    expect(() => buildDataCp({ ...ok, values: [{ factor: 'a', extra: { 'Zs-Avg': '1' } }] })).toThrow(RangeError);
    expect(() => buildDataCp({ ...ok, values: [{ factor: 'a', extra: { Rtd: '1' } }] })).toThrow(RangeError);
    expect(() => buildDataCp({ ...ok, values: [{ factor: 'a', extra: { X: '1,2' } }] })).toThrow(RangeError);
    expect(() => buildDataCp({ ...ok, extra: { DataTime: '1' } })).toThrow(RangeError);
    expect(() => buildDataCp({ ...ok, extra: { 'a-b': '1' } })).toThrow(RangeError);
  });
});
