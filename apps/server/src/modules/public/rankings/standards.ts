import type { StandardPollutant } from '@lantian/contracts';
import { COMPOSITE_INDEX_LIMITS, POLLUTANTS, type PollutantKey, roundHalfUp } from '@lantian/domain';

/**
 * 达标 (attainment) rules of GB 3095-2012 (grade II, table 1) as HJ 663-2013 evaluates them. A value
 * equal to its limit attains it; only a value above the limit exceeds.
 */

export type StandardKey = 'so2' | 'no2' | 'pm10' | 'co' | 'o3_8h' | 'pm2_5';

/** HJ 633-2012 table order, as everywhere else in the product. */
export const STANDARD_KEYS: readonly StandardKey[] = ['so2', 'no2', 'pm10', 'co', 'o3_8h', 'pm2_5'];

/** 24-hour limits (O3: the daily maximum 8-hour mean). */
export const DAILY_LIMITS: Readonly<Record<StandardKey, number>> = {
  so2: 150,
  no2: 80,
  pm10: 150,
  co: 4,
  o3_8h: 160,
  pm2_5: 75,
};

/**
 * Limits of a period evaluation: annual means of SO2, NO2, PM10, PM2.5 against the annual limits, CO
 * (95th percentile of daily means) and O3 (90th percentile of daily max 8 h) against their 24-h and
 * 8-h limits — the same limits the composite index divides by.
 */
export const PERIOD_LIMITS: Readonly<Record<StandardKey, number>> = COMPOSITE_INDEX_LIMITS;

const DAILY_STATISTIC: Readonly<Record<StandardKey, string>> = {
  so2: '24 小时平均',
  no2: '24 小时平均',
  pm10: '24 小时平均',
  co: '24 小时平均',
  o3_8h: '日最大 8 小时平均',
  pm2_5: '24 小时平均',
};

function periodStatistic(key: StandardKey, period: 'month' | 'year'): string {
  if (key === 'co') return '日均值第 95 百分位数';
  if (key === 'o3_8h') return '日最大 8 小时平均第 90 百分位数';
  return period === 'month' ? '月平均' : '年平均';
}

export function statisticName(key: StandardKey, period: 'day' | 'month' | 'year'): string {
  return period === 'day' ? DAILY_STATISTIC[key] : periodStatistic(key, period);
}

/** GB 3095-2012 table 4: valid daily values a month (February 25) or a year needs; hours a day needs. */
export const DAY_HOURS_REQUIRED = 20;
export const YEAR_DAYS_REQUIRED = 324;
export function monthDaysRequired(month: number): number {
  return month === 2 ? 25 : 27;
}

export function assess(
  key: StandardKey,
  value: number | null,
  limit: number,
  statistic: string,
  exceedDays: number | null,
): StandardPollutant {
  const exceeded = value === null ? null : value > limit;
  return {
    key,
    name: POLLUTANTS[key].name,
    statistic,
    unit: POLLUTANTS[key].unit,
    value,
    limit,
    exceeded,
    ratio: value === null ? null : roundHalfUp(value / limit, 2),
    exceedMultiple: value !== null && exceeded === true ? roundHalfUp((value - limit) / limit, 2) : null,
    exceedDays,
  };
}

/** Days whose daily value is above the 24-hour limit, per pollutant; null where no day has a value. */
export function exceedDaysOf(
  days: readonly Readonly<Record<StandardKey, number | null>>[],
): Record<StandardKey, number | null> {
  const count = (key: StandardKey) => {
    const values = days.map((d) => d[key]).filter((v): v is number => v !== null);
    return values.length === 0 ? null : values.filter((v) => v > DAILY_LIMITS[key]).length;
  };
  return {
    so2: count('so2'),
    no2: count('no2'),
    pm10: count('pm10'),
    co: count('co'),
    o3_8h: count('o3_8h'),
    pm2_5: count('pm2_5'),
  };
}

/** Attained when all six attain; not when any exceeds; unknown (null) when some are missing and none exceeds. */
export function attainment(pollutants: readonly StandardPollutant[]): boolean | null {
  if (pollutants.some((p) => p.exceeded === true)) return false;
  return pollutants.every((p) => p.exceeded === false) ? true : null;
}

/** The pollutants with the largest single index (value / period limit); empty when none has a value. */
export function largestSingleIndex(stats: Readonly<Record<StandardKey, number | null>>): PollutantKey[] {
  let max: number | null = null;
  const indexes = STANDARD_KEYS.map((key) => {
    const v = stats[key];
    const index = v === null ? null : v / PERIOD_LIMITS[key];
    if (index !== null && (max === null || index > max)) max = index;
    return { key, index };
  });
  return max === null ? [] : indexes.filter((i) => i.index === max).map((i) => i.key);
}
