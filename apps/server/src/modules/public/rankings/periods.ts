import type { RankTimeType } from '@lantian/contracts';
import {
  chinaDay,
  chinaDayStart,
  chinaParts,
  chinaTime,
  formatChinaDateTime,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
  startOfChinaHour,
} from '@lantian/domain';

/**
 * The period a ranking or an analysis is about. `key` is what the tables store: an hour's end and a
 * day's 00:00 in epoch seconds (city_hourly.time, city_daily.day), YYYYMM (city_monthly.month) and the
 * year (city_yearly.year). `start` is the period's first instant, for labels.
 */
export interface Period {
  timeType: RankTimeType;
  key: number;
  start: number;
}

function fromMonthKey(key: number): Period {
  const year = Math.floor(key / 100);
  return { timeType: 'month', key, start: chinaTime(year, key % 100, 1) };
}

export function monthKeyOf(t: number): number {
  const { year, month } = chinaParts(t);
  return year * 100 + month;
}

/**
 * The period that contains `t`. An hour is the one labelled at or before `t` (the value labelled
 * 10:00 is 09:00–10:00, so at 10:30 it is the latest complete hour).
 */
export function periodOf(timeType: RankTimeType, t: number): Period {
  switch (timeType) {
    case 'hour': {
      const hour = startOfChinaHour(t);
      return { timeType, key: hour, start: hour };
    }
    case 'day': {
      const start = chinaDayStart(chinaDay(t));
      return { timeType, key: start, start };
    }
    case 'month':
      return fromMonthKey(monthKeyOf(t));
    case 'year':
      return periodFromKey('year', chinaParts(t).year);
  }
}

/** The period a stored key names (as returned by the repositories' latest-period queries). */
export function periodFromKey(timeType: RankTimeType, key: number): Period {
  switch (timeType) {
    case 'hour':
    case 'day':
      return { timeType, key, start: key };
    case 'month':
      return fromMonthKey(key);
    case 'year':
      return { timeType, key, start: chinaTime(key, 1, 1) };
  }
}

/** The period before: the previous hour, day, month or year (环比). */
export function previousPeriod(period: Period): Period {
  switch (period.timeType) {
    case 'hour':
      return periodFromKey('hour', period.key - SECONDS_PER_HOUR);
    case 'day':
      return periodFromKey('day', period.key - SECONDS_PER_DAY);
    case 'month': {
      const year = Math.floor(period.key / 100);
      const month = period.key % 100;
      return fromMonthKey(month === 1 ? (year - 1) * 100 + 12 : period.key - 1);
    }
    case 'year':
      return periodFromKey('year', period.key - 1);
  }
}

export function periodTime(period: Period): string {
  return formatChinaDateTime(period.start);
}

/** 00:00 China time of the last complete day before `now`'s day: days are ranked once they are over. */
export function lastCompleteDay(now: number): number {
  return chinaDayStart(chinaDay(now) - 1);
}
