import { describe, expect, it } from 'vitest';
import { chinaDay, chinaTime, formatChinaDateTime } from '../time';
import { episodeEndedBefore, isoWeekday, monthPeriod, nextRunAt, periodBefore, periodLabel } from './schedule';

const day = (y: number, m: number, d: number) => chinaDay(chinaTime(y, m, d));

describe('nextRunAt', () => {
  it('runs daily at the hour, strictly after the given time', () => {
    const at = chinaTime(2024, 5, 10, 8);
    expect(formatChinaDateTime(nextRunAt('day', { hour: 8 }, at - 1))).toBe('2024-05-10 08:00:00');
    expect(formatChinaDateTime(nextRunAt('day', { hour: 8 }, at))).toBe('2024-05-11 08:00:00');
  });

  it('runs weekly on the weekday and monthly on the day of the month', () => {
    // 2024-05-10 is a Friday.
    expect(isoWeekday(day(2024, 5, 10))).toBe(5);
    const friday = chinaTime(2024, 5, 10, 12);
    expect(formatChinaDateTime(nextRunAt('week', { hour: 9, weekday: 1 }, friday))).toBe('2024-05-13 09:00:00');
    expect(formatChinaDateTime(nextRunAt('month', { hour: 7, dayOfMonth: 1 }, friday))).toBe('2024-06-01 07:00:00');
    expect(formatChinaDateTime(nextRunAt('month', { hour: 7, dayOfMonth: 28 }, chinaTime(2024, 2, 28, 8)))).toBe(
      '2024-03-28 07:00:00',
    );
  });
});

describe('periodBefore', () => {
  it('covers yesterday, last Monday–Sunday and last calendar month (across a year end)', () => {
    const run = chinaTime(2024, 1, 3, 8);
    expect(periodBefore('day', run)).toEqual({ kind: 'day', fromDay: day(2024, 1, 2), toDay: day(2024, 1, 2) });
    // 2024-01-03 is a Wednesday: last week is 2023-12-25 … 2023-12-31.
    expect(periodBefore('week', run)).toEqual({ kind: 'week', fromDay: day(2023, 12, 25), toDay: day(2023, 12, 31) });
    expect(periodBefore('month', run)).toEqual(monthPeriod(2023, 12));
    expect(monthPeriod(2024, 2)).toEqual({ kind: 'month', fromDay: day(2024, 2, 1), toDay: day(2024, 2, 29) });
  });

  it('names periods as people do', () => {
    expect(periodLabel(monthPeriod(2024, 5))).toBe('2024年5月');
    expect(periodLabel({ kind: 'day', fromDay: day(2024, 5, 9), toDay: day(2024, 5, 9) })).toBe('2024年5月9日');
    expect(periodLabel({ kind: 'week', fromDay: day(2023, 12, 25), toDay: day(2024, 1, 1) })).toBe(
      '2023年12月25日至2024年1月1日',
    );
  });
});

describe('episodeEndedBefore', () => {
  const levels = (start: number, list: number[]) => list.map((level, i) => ({ day: start + i, level }));
  const d0 = day(2024, 1, 10);

  it('finds heavy days in a row that ended yesterday', () => {
    // 10th light, 11th–13th heavy, 14th light; the run on the 15th reports 11th–13th.
    const days = levels(d0, [3, 5, 6, 5, 2]);
    expect(episodeEndedBefore(days, d0 + 5)).toEqual({ kind: 'episode', fromDay: d0 + 1, toDay: d0 + 3 });
  });

  it('waits while the episode goes on, ignores a single heavy day, and needs yesterday’s value', () => {
    expect(episodeEndedBefore(levels(d0, [3, 5, 6]), d0 + 3)).toBeUndefined();
    expect(episodeEndedBefore(levels(d0, [3, 5, 2]), d0 + 3)).toBeUndefined();
    expect(episodeEndedBefore(levels(d0, [3, 5, 2]), d0 + 3, 1)).toEqual({
      kind: 'episode',
      fromDay: d0 + 1,
      toDay: d0 + 1,
    });
    expect(episodeEndedBefore(levels(d0, [5, 5]), d0 + 3)).toBeUndefined();
  });
});
