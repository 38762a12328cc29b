import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chinaDay,
  chinaDayStart,
  chinaHour,
  chinaMonth,
  chinaMonthStart,
  chinaParts,
  chinaTime,
  chinaYear,
  civilFromDays,
  dayOfHourEnding,
  daysFromCivil,
  formatChinaDate,
  formatChinaDateTime,
  parseChinaDateTime,
  startOfChinaDay,
  startOfChinaHour,
  startOfChinaMonth,
  startOfChinaYear,
  TimeParseError,
  tryParseChinaDateTime,
} from './time';

/** 2018-02-20 07:00:00 China time = 2018-02-19T23:00:00Z. */
const T = Date.UTC(2018, 1, 19, 23) / 1000;

describe('China Standard Time buckets', () => {
  it('puts a UTC evening into the next China day: day = floor((t + 8 h) / 86400)', () => {
    expect(chinaDay(T)).toBe(Math.floor((T + 8 * 3600) / 86_400));
    expect(formatChinaDate(T)).toBe('2018-02-20');
    expect(chinaDay(T)).toBe(daysFromCivil(2018, 2, 20));
    // 15:59:59Z is still the same China day, 16:00:00Z is the next.
    const midnight = Date.UTC(2018, 1, 20, 16) / 1000;
    expect(chinaDay(midnight - 1)).toBe(daysFromCivil(2018, 2, 20));
    expect(chinaDay(midnight)).toBe(daysFromCivil(2018, 2, 21));
    expect(startOfChinaDay(T)).toBe(chinaTime(2018, 2, 20));
    expect(chinaDayStart(chinaDay(T))).toBe(startOfChinaDay(T));
  });

  it('buckets hours, months and years in China time', () => {
    expect(startOfChinaHour(T + 1799)).toBe(T);
    expect(chinaHour(T + 3599)).toBe(chinaHour(T));
    expect(chinaHour(T + 3600)).toBe(chinaHour(T) + 1);
    const newYear = chinaTime(2019, 1, 1);
    expect(chinaYear(newYear - 1)).toBe(2018);
    expect(chinaYear(newYear)).toBe(2019);
    expect(chinaMonth(newYear - 1)).toBe(2018 * 12 + 11);
    expect(chinaMonth(newYear)).toBe(2019 * 12);
    expect(startOfChinaMonth(T)).toBe(chinaTime(2018, 2, 1));
    expect(startOfChinaYear(T)).toBe(chinaTime(2018, 1, 1));
    expect(chinaMonthStart(chinaMonth(T))).toBe(chinaTime(2018, 2, 1));
    expect(formatChinaDateTime(startOfChinaYear(T))).toBe('2018-01-01 00:00:00');
  });

  it('assigns an hourly value to the day its hour started in (labels are hour ends)', () => {
    expect(dayOfHourEnding(chinaTime(2018, 2, 20, 1))).toBe(daysFromCivil(2018, 2, 20));
    expect(dayOfHourEnding(chinaTime(2018, 2, 21, 0))).toBe(daysFromCivil(2018, 2, 20));
    expect(dayOfHourEnding(chinaTime(2018, 2, 20, 0))).toBe(daysFromCivil(2018, 2, 19));
  });

  it('agrees with the IANA zone Asia/Shanghai for every time since 1992 (property)', () => {
    const fmt = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    fc.assert(
      fc.property(fc.integer({ min: 694_224_000, max: 4_102_444_800 }), (t) => {
        const parts = Object.fromEntries(fmt.formatToParts(new Date(t * 1000)).map((p) => [p.type, p.value]));
        expect(formatChinaDateTime(t)).toBe(
          `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the weekday', () => {
    expect(chinaParts(T).weekday).toBe(2); // 2018-02-20 was a Tuesday
    expect(chinaParts(chinaTime(1970, 1, 1)).weekday).toBe(4);
  });
});

describe('parse and format', () => {
  it('round-trips a China time', () => {
    expect(parseChinaDateTime('2018-02-20 07:00:00')).toBe(T);
    expect(formatChinaDateTime(T)).toBe('2018-02-20 07:00:00');
    expect(parseChinaDateTime('1970-01-01 08:00:00')).toBe(0);
    expect(parseChinaDateTime('2020-02-29 23:59:59')).toBe(chinaTime(2020, 2, 29, 23, 59, 59));
  });

  it.each([
    ['2018-02-20T07:00:00', 'YYYY-MM-DD HH:mm:ss'],
    ['2018-2-20 07:00:00', 'YYYY-MM-DD HH:mm:ss'],
    ['2018-02-20 07:00', 'YYYY-MM-DD HH:mm:ss'],
    ['2018-02-20 07:00:00+08:00', 'YYYY-MM-DD HH:mm:ss'],
    [' 2018-02-20 07:00:00', 'YYYY-MM-DD HH:mm:ss'],
    ['2018-13-01 00:00:00', 'month'],
    ['2018-00-01 00:00:00', 'month'],
    ['2018-02-30 00:00:00', 'day'],
    ['2019-02-29 00:00:00', 'day'],
    ['2100-02-29 00:00:00', 'day'],
    ['2018-04-31 00:00:00', 'day'],
    ['2018-02-20 24:00:00', 'hour'],
    ['2018-02-20 07:60:00', 'minute'],
    ['2018-02-20 07:00:60', 'second'],
  ])('rejects %j with a message about the %s', (input, what) => {
    expect(() => parseChinaDateTime(input)).toThrow(TimeParseError);
    expect(() => parseChinaDateTime(input)).toThrow(what);
    expect(tryParseChinaDateTime(input)).toBeNull();
  });

  it('round-trips every second (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_135_596_800, max: 253_402_300_799 - 8 * 3600 }), (t) => {
        expect(parseChinaDateTime(formatChinaDateTime(t))).toBe(t);
      }),
      { numRuns: 5000 },
    );
  });

  it('has exact inverse day counting (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (days) => {
        const { year, month, day } = civilFromDays(days);
        expect(daysFromCivil(year, month, day)).toBe(days);
      }),
    );
  });

  it('rejects times that are not finite', () => {
    expect(() => chinaDay(Number.NaN)).toThrow(RangeError);
    expect(() => formatChinaDateTime(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
