import type { DayValues, PeriodStatistics } from '../period';

/**
 * Standard attainment (达标评价) of a city over a period, as HJ 663-2013 evaluates it against the
 * GB 3095-2012 grade II (二级) limits that apply to cities: SO2, NO2, PM10 and PM2.5 by their mean
 * against the annual limit; CO by the 95th percentile of the daily means against the 24-hour limit;
 * O3 by the 90th percentile of the daily maximum 8-hour means against the 8-hour limit. A city attains
 * when all six do. A statistic that could not be computed leaves the city's verdict unknown (null),
 * never "attained": a missing monitor must not make a city look clean.
 */

export const ATTAINMENT_KEYS = ['pm2_5', 'pm10', 'so2', 'no2', 'co', 'o3_8h'] as const;
export type AttainmentKey = (typeof ATTAINMENT_KEYS)[number];

/** GB 3095-2012 table 1, grade II: the limits the period statistics are compared with. */
export const GRADE_II_PERIOD_LIMITS: Readonly<Record<AttainmentKey, number>> = {
  pm2_5: 35,
  pm10: 70,
  so2: 60,
  no2: 40,
  co: 4,
  o3_8h: 160,
};

/** GB 3095-2012 table 1, grade II: 24-hour limits (O3: daily maximum 8-hour mean) a single day is compared with. */
export const GRADE_II_DAILY_LIMITS: Readonly<Record<AttainmentKey, number>> = {
  pm2_5: 75,
  pm10: 150,
  so2: 150,
  no2: 80,
  co: 4,
  o3_8h: 160,
};

export interface AttainmentItem {
  key: AttainmentKey;
  /** The statistic HJ 663-2013 evaluates (mean, CO p95, O3 8 h p90); null when it has no data. */
  value: number | null;
  limit: number;
  /** value / limit (the 单项指数), two decimals; null without a value. */
  index: number | null;
  attained: boolean | null;
}

export interface Attainment {
  items: AttainmentItem[];
  /** All six attained; false when any exceeds; null when none exceeds but some are unknown. */
  attained: boolean | null;
  /** The keys over their limit, worst (highest index) first. */
  exceeding: AttainmentKey[];
}

function statisticOf(stats: PeriodStatistics, key: AttainmentKey): number | null {
  if (key === 'co') return stats.co_p95;
  if (key === 'o3_8h') return stats.o3_8h_p90;
  return stats[key];
}

export function attainmentOf(stats: PeriodStatistics): Attainment {
  const items = ATTAINMENT_KEYS.map((key): AttainmentItem => {
    const value = statisticOf(stats, key);
    const limit = GRADE_II_PERIOD_LIMITS[key];
    return {
      key,
      value,
      limit,
      index: value === null ? null : Math.round((value / limit) * 100) / 100,
      attained: value === null ? null : value <= limit,
    };
  });
  const exceeding = items
    .filter((i) => i.attained === false)
    .sort((a, b) => (b.index ?? 0) - (a.index ?? 0))
    .map((i) => i.key);
  const attained = exceeding.length > 0 ? false : items.every((i) => i.attained === true) ? true : null;
  return { items, attained, exceeding };
}

/** The pollutants of one day over their 24-hour (O3 8-hour) grade II limit, in ATTAINMENT_KEYS order. */
export function dayExceedances(day: DayValues): AttainmentKey[] {
  return ATTAINMENT_KEYS.filter((key) => {
    const value = day[key];
    return value !== null && value > GRADE_II_DAILY_LIMITS[key];
  });
}

export interface GoodDaysTarget {
  /** Good (优良) days still needed among the remaining days to reach the target rate over the whole period. */
  needed: number;
  /** Remaining days that may still be polluted without missing the target; negative when it is out of reach. */
  pollutedAllowed: number;
  achievable: boolean;
}

/**
 * Days to target (优良天数比例目标): the share of good days over the whole period (days so far plus
 * the days left) must reach `targetRate`. Counted on days with an AQI, as the rate itself is, and
 * assuming every remaining day will have one (the usual planning assumption of the bureaus).
 */
export function goodDaysTarget(
  goodDays: number,
  days: number,
  remainingDays: number,
  targetRate: number,
): GoodDaysTarget {
  if (!(targetRate >= 0 && targetRate <= 1)) throw new RangeError('targetRate must be within 0–1');
  if (goodDays < 0 || days < goodDays || remainingDays < 0) throw new RangeError('inconsistent day counts');
  // The small epsilon keeps 0.8 × 365 = 292 from reading as 292.00000000000006 and asking one day more.
  const required = Math.ceil(targetRate * (days + remainingDays) - 1e-9);
  const needed = Math.max(0, required - goodDays);
  return { needed, pollutedAllowed: remainingDays - needed, achievable: needed <= remainingDays };
}
