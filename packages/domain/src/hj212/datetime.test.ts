import { describe, expect, it } from 'vitest';
import { chinaTime } from '../time';
import { formatDataTime, formatQn, parseDataTime, parseQn } from './datetime';

/** 2016-08-01 08:58:57 China time = 00:58:57 UTC. */
const T = Date.UTC(2016, 7, 1, 0, 58, 57) / 1000;

describe('HJ 212 time texts (China Standard Time)', () => {
  it('formats DataTime and QN in UTC+8', () => {
    expect(formatDataTime(T)).toBe('20160801085857');
    expect(formatDataTime(T + 0.999)).toBe('20160801085857');
    expect(formatQn(T * 1000 + 223)).toBe('20160801085857223');
    expect(formatQn(T * 1000)).toBe('20160801085857000');
    // 16:00 UTC is already the next China day.
    expect(formatDataTime(Date.UTC(2016, 11, 31, 16) / 1000)).toBe('20170101000000');
  });

  it('parses DataTime as China time', () => {
    expect(parseDataTime('20160801085857')).toBe(T);
    expect(parseDataTime('20160229235959')).toBe(chinaTime(2016, 2, 29, 23, 59, 59));
  });

  it.each([
    ['month 13', '20161301000000'],
    ['month 0', '20160001000000'],
    ['day 0', '20160800000000'],
    ['31 April', '20160431000000'],
    ['29 February of a common year', '20170229000000'],
    ['hour 24', '20160801240000'],
    ['minute 60', '20160801006000'],
    ['second 60', '20160801000060'],
    ['too short', '2016080100000'],
    ['too long', '201608010000000'],
    ['a separator', '2016-08-01 00:00'],
    ['a sign', '+2016080100000'],
    ['empty', ''],
  ])('refuses %s', (_what, text) => {
    expect(parseDataTime(text)).toBeNull();
  });

  it('parses a QN to milliseconds', () => {
    expect(parseQn('20160801085857223')).toBe(T * 1000 + 223);
    expect(parseQn('2016080108585722')).toBeNull();
    expect(parseQn('20161301085857223')).toBeNull();
  });

  it('round-trips', () => {
    for (let t = T - 86_400 * 400; t < T + 86_400 * 400; t += 86_400 * 7 + 3_671) {
      expect(parseDataTime(formatDataTime(t))).toBe(t);
      expect(parseQn(formatQn(t * 1000 + 7))).toBe(t * 1000 + 7);
    }
  });

  it('refuses non-finite times', () => {
    expect(() => formatDataTime(Number.NaN)).toThrow(RangeError);
    expect(() => formatQn(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
