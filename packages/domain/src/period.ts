import { type AqiLevel, aqiLevel } from './aqi/levels';
import { roundHalfEven } from './numbers';

/**
 * A month or a year of a city's days, evaluated as HJ 663-2013 (环境空气质量评价技术规范) says:
 * SO2, NO2, PM10 and PM2.5 by the mean of the daily means; CO by the 95th percentile of the daily
 * means; O3 by the 90th percentile of the daily maximum 8-hour means. The composite index
 * (环境空气质量综合指数, 《城市环境空气质量排名技术规定》) adds each statistic's ratio to its
 * GB 3095-2012 grade II limit and is what national rankings sort by.
 */

export interface DayValues {
  aqi: number | null;
  pm2_5: number | null;
  pm10: number | null;
  so2: number | null;
  no2: number | null;
  co: number | null;
  /** The day's maximum 8-hour O3 mean. */
  o3_8h: number | null;
}

export interface PeriodStatistics {
  pm2_5: number | null;
  pm10: number | null;
  so2: number | null;
  no2: number | null;
  co_p95: number | null;
  o3_8h_p90: number | null;
  compositeIndex: number | null;
  aqiMean: number | null;
  /** Days with an AQI. */
  days: number;
  /** Days of level 1 and 2 (优良天数). */
  goodDays: number;
  /** Days per level 1–6. */
  levelDays: Record<Exclude<AqiLevel, 0>, number>;
}

/** GB 3095-2012 grade II limits the composite index divides by (annual for four, 24 h CO, 8 h O3). */
export const COMPOSITE_INDEX_LIMITS = { so2: 60, no2: 40, pm10: 70, pm2_5: 35, co: 4, o3_8h: 160 } as const;

/**
 * Percentile per HJ 663-2013 §5.4: sort ascending, k = 1 + (n − 1)·p/100, take X[s] + (X[s+1] − X[s])·(k − s)
 * with s the integer part of k (1-based). Null for an empty set.
 */
export function hjPercentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const k = 1 + ((sorted.length - 1) * p) / 100;
  const s = Math.floor(k);
  const low = sorted[s - 1] ?? 0;
  const high = sorted[s] ?? low;
  return low + (high - low) * (k - s);
}

function present(days: readonly DayValues[], key: keyof DayValues): number[] {
  const out: number[] = [];
  for (const d of days) {
    const v = d[key];
    if (v !== null && Number.isFinite(v)) out.push(v);
  }
  return out;
}

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Concentrations as reported (integers, CO one decimal); the index to two decimals. */
function reported(value: number | null, decimals: number): number | null {
  return value === null ? null : roundHalfEven(value, decimals);
}

export function periodStatistics(days: readonly DayValues[]): PeriodStatistics {
  const levelDays: Record<Exclude<AqiLevel, 0>, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 };
  const aqis = present(days, 'aqi');
  for (const aqi of aqis) {
    const level = aqiLevel(aqi);
    if (level !== 0) levelDays[level]++;
  }
  const stats = {
    pm2_5: reported(mean(present(days, 'pm2_5')), 0),
    pm10: reported(mean(present(days, 'pm10')), 0),
    so2: reported(mean(present(days, 'so2')), 0),
    no2: reported(mean(present(days, 'no2')), 0),
    co_p95: reported(hjPercentile(present(days, 'co'), 95), 1),
    o3_8h_p90: reported(hjPercentile(present(days, 'o3_8h'), 90), 0),
  };
  const parts = [
    [stats.so2, COMPOSITE_INDEX_LIMITS.so2],
    [stats.no2, COMPOSITE_INDEX_LIMITS.no2],
    [stats.pm10, COMPOSITE_INDEX_LIMITS.pm10],
    [stats.pm2_5, COMPOSITE_INDEX_LIMITS.pm2_5],
    [stats.co_p95, COMPOSITE_INDEX_LIMITS.co],
    [stats.o3_8h_p90, COMPOSITE_INDEX_LIMITS.o3_8h],
  ] as const;
  // The index is defined over all six; with any of them unknown it would flatter the city.
  const compositeIndex = parts.every(([v]) => v !== null)
    ? roundHalfEven(
        parts.reduce((sum, [v, limit]) => sum + (v ?? 0) / limit, 0),
        2,
      )
    : null;
  const aqiMean = mean(aqis);
  return {
    ...stats,
    compositeIndex,
    aqiMean: aqiMean === null ? null : roundHalfEven(aqiMean, 0),
    days: aqis.length,
    goodDays: levelDays[1] + levelDays[2],
    levelDays,
  };
}
