import { type Concentration, isValidConcentration } from './aqi/iaqi';
import { chinaDayStart, dayOfHourEnding, SECONDS_PER_HOUR } from './time';

/**
 * Means of hourly series with the validity rules of the national standards. A period without enough
 * valid hours has no mean (null) — never a mean of what happens to be there, never 0. Means are not
 * rounded here; rounding belongs to publication (see city.ts).
 */

/** GB 3095-2012 table 4 (数据统计的有效性规定): a 24-hour mean needs at least 20 hourly values. */
export const MIN_HOURS_24H = 20;
/** GB 3095-2012 table 4: an O3 8-hour mean needs at least 6 hourly values in each 8 hours. */
export const MIN_HOURS_8H = 6;
/**
 * HJ 663-2013 (环境空气质量评价技术规范) table of statistical validity: the O3 daily maximum 8-hour
 * mean needs at least 14 valid 8-hour means among those of the day (the windows ending 08:00 … 24:00).
 */
export const MIN_WINDOWS_DAILY_MAX_8H = 14;

export type HourlySeries = readonly Concentration[];

/** Mean of the valid values, or null with fewer than `minValid` of them. */
export function meanOfValid(values: HourlySeries, minValid: number): number | null {
  let sum = 0;
  let count = 0;
  for (const v of values) {
    if (isValidConcentration(v)) {
      sum += v;
      count++;
    }
  }
  return count === 0 || count < minValid ? null : sum / count;
}

/**
 * Trailing moving means over a contiguous hourly series: result[i] is the mean of the `window` hours
 * ending at i. Hours before the start of the series count as missing, so the first results are valid
 * only if enough of the window is inside the series.
 */
export function trailingMeans(values: HourlySeries, window: number, minValid: number): (number | null)[] {
  if (!Number.isInteger(window) || window < 1) throw new RangeError(`window must be a positive integer, got ${window}`);
  const out: (number | null)[] = [];
  let sum = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (isValidConcentration(v)) {
      sum += v;
      count++;
    }
    const leaving = values[i - window];
    if (i >= window && isValidConcentration(leaving)) {
      sum -= leaving;
      count--;
    }
    out.push(count === 0 || count < minValid ? null : sum / count);
  }
  return out;
}

/** 24-hour moving means (as the CNEMC `*_24h` fields): at least 20 valid hours in each 24. */
export function movingMeans24h(hourly: HourlySeries): (number | null)[] {
  return trailingMeans(hourly, 24, MIN_HOURS_24H);
}

/** O3 8-hour moving means: at least 6 valid hours in each 8. */
export function movingMeans8h(hourly: HourlySeries): (number | null)[] {
  return trailingMeans(hourly, 8, MIN_HOURS_8H);
}

function assertDay(hourlyOfDay: HourlySeries): void {
  if (hourlyOfDay.length !== 24) {
    throw new RangeError(`a day has 24 hourly values (ending 01:00 … 24:00), got ${hourlyOfDay.length}`);
  }
}

/** The 24-hour mean of one day's 24 hourly values (index 0 = the hour ending 01:00). */
export function dailyMean(hourlyOfDay: HourlySeries): number | null {
  assertDay(hourlyOfDay);
  return meanOfValid(hourlyOfDay, MIN_HOURS_24H);
}

/**
 * The O3 daily maximum 8-hour mean of one day's 24 hourly values (index 0 = the hour ending 01:00):
 * the largest of the 17 valid 8-hour means ending 08:00 … 24:00, provided at least 14 are valid.
 */
export function dailyMaxEightHourMean(hourlyOfDay: HourlySeries): number | null {
  assertDay(hourlyOfDay);
  const means = movingMeans8h(hourlyOfDay).slice(7);
  let max: number | null = null;
  let valid = 0;
  for (const m of means) {
    if (m === null) continue;
    valid++;
    if (max === null || m > max) max = m;
  }
  return valid < MIN_WINDOWS_DAILY_MAX_8H ? null : max;
}

/** One hourly value, labelled (GUIDE §5, CNEMC) by the end of its hour, in epoch seconds. */
export interface HourlyValue {
  time: number;
  value: Concentration;
}

/**
 * The 24 hourly values of a China day bucket, in order (index 0 = the hour ending 01:00, index 23 =
 * the hour ending 24:00, i.e. labelled 00:00 of the next day). Missing hours are null. Labels that are
 * not on the hour, or the same hour twice, are errors: they mean the series was built wrongly.
 */
export function hoursOfDay(points: Iterable<HourlyValue>, day: number): (number | null)[] {
  const slots: (number | null)[] = new Array<number | null>(24).fill(null);
  const seen = new Set<number>();
  for (const p of points) {
    if (!Number.isInteger(p.time) || p.time % SECONDS_PER_HOUR !== 0) {
      throw new RangeError(`hourly values are labelled on the hour, got ${p.time}`);
    }
    if (dayOfHourEnding(p.time) !== day) continue;
    const index = (p.time - chinaDayStart(day)) / SECONDS_PER_HOUR - 1;
    if (seen.has(index)) throw new RangeError(`the hour ${p.time} appears twice`);
    seen.add(index);
    slots[index] = isValidConcentration(p.value) ? p.value : null;
  }
  return slots;
}

export interface DailySummary {
  validHours: number;
  /** 24-hour mean (≥ 20 valid hours), or null. */
  mean: number | null;
  /** Daily maximum 8-hour mean (≥ 14 valid windows), or null; the O3 statistic. */
  maxEightHourMean: number | null;
}

/** Daily statistics of a pollutant for one China day bucket, from labelled hourly values. */
export function dailySummary(points: Iterable<HourlyValue>, day: number): DailySummary {
  const hours = hoursOfDay(points, day);
  return {
    validHours: hours.filter((h) => h !== null).length,
    mean: dailyMean(hours),
    maxEightHourMean: dailyMaxEightHourMean(hours),
  };
}
