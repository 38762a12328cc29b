import { MIN_HOURS_24H } from '../averages';
import { CHINA_OFFSET_SECONDS, chinaDayStart, dayOfHourEnding, SECONDS_PER_DAY, SECONDS_PER_HOUR } from '../time';

/**
 * Hour values from minute values and day values from hour values, for one device and one factor,
 * with the validity rules of HJ 818-2018 / HJ 663-2013 / GB 3095-2012 (数据统计的有效性规定).
 *
 * Buckets follow the house convention (GUIDE §5): an hour is labelled by its END — the "16:00" value is
 * the mean of (15:00, 16:00], so a value stamped 15:00:01 … 16:00:00 belongs to it — and a China day
 * is made of the 24 hours labelled 01:00 … 24:00, i.e. it covers (00:00, 24:00]. Every result keeps full
 * precision; rounding belongs to the presenter.
 */

/** One value of one factor as the gateway stored it (minute or real-time data), or an hour row as a sample. */
export interface TelemetrySample {
  /** Epoch seconds of the data time (DataTime), end of the interval the value stands for. */
  t: number;
  value: number | null;
  /** HJ 212-2017 data flag; missing or null counts as N. */
  flag?: string | null;
}

/** The result of aggregating one bucket. */
export interface AggregateRow {
  /** The mean of the valid inputs (arithmetic, energy or vector mean by factor); null without any. */
  value: number | null;
  /** Smallest / largest of the valid inputs (minute values for an hour, hour values for a day). */
  min: number | null;
  max: number | null;
  /** Distinct timestamps received, valid or not. */
  count: number;
  /** Inputs that counted: a valid flag and a finite value. */
  validCount: number;
  /** How many valid inputs the rule asks for. */
  required: number;
  /** Whether the validity rule was met (validCount ≥ required, and a value exists). */
  valid: boolean;
}

/** An aggregated bucket with its label: the hour's end for hours, 00:00 China time of the day for days. */
export interface BucketRow extends AggregateRow {
  t: number;
}

/** What a day is made of: hour rows labelled by their end (as {@link aggregateHours} returns them). */
export interface HourInput {
  t: number;
  value: number | null;
  valid: boolean;
}

export type AggregationMethod = 'arithmetic' | 'energy' | 'vector';

export const WIND_SPEED_FACTOR = 'a01007';
export const WIND_DIRECTION_FACTOR = 'a01008';
/** Sound levels in dB(A): averaged as energy, never arithmetically. */
export const NOISE_FACTORS: readonly string[] = ['LA', 'LAeq'];

export const AGGREGATION_RULES = {
  /** HJ 212-2017 flags: only N (normal) — or no flag at all — is a valid value. */
  validFlags: ['N'],
  /** F 停运, M 维护, S 手工输入, D 故障, C 校准, T 超测定上限, B 通讯异常: excluded from every mean. */
  invalidFlags: ['F', 'M', 'S', 'D', 'C', 'T', 'B'],
  hour: {
    /** A device reporting every minute is expected to give 60 values an hour… */
    expectedMinutes: 60,
    /** …and an hour needs 75 % of them (HJ 818-2018: at least 45 minute values). */
    minValidFraction: 0.75,
    minValidMinutes: 45,
  },
  day: {
    expectedHours: 24,
    /** GB 3095-2012 table 4: a 24-hour mean needs at least 20 hourly values. */
    minValidHours: MIN_HOURS_24H,
  },
} as const;

export function aggregationMethodOf(factor: string): AggregationMethod {
  if (factor === WIND_DIRECTION_FACTOR) return 'vector';
  if (NOISE_FACTORS.includes(factor)) return 'energy';
  return 'arithmetic';
}

function assertFinite(name: string, t: number): void {
  if (!Number.isFinite(t)) throw new RangeError(`${name} must be a finite number, got ${t}`);
}

/**
 * The hour a value belongs to, labelled by its end: ceil(t / 3600) × 3600 (China's offset is whole
 * hours, so UTC and China hours share boundaries). 15:00:01 … 16:00:00 → 16:00; 16:00:00 itself → 16:00.
 */
export function hourBucketOf(t: number): number {
  assertFinite('t', t);
  return Math.ceil(t / SECONDS_PER_HOUR) * SECONDS_PER_HOUR + 0;
}

/**
 * The China day a value belongs to, as the epoch seconds of that day's 00:00 China time. A day covers
 * (00:00, 24:00]: it is the day of the value's end-labelled hour, whose 24 hours are labelled
 * 01:00 … 24:00 (see {@link dayOfHourEnding}). So it equals floor((t + 8 h) / 86400) everywhere except at
 * midnight exactly: a value stamped 00:00:00 (and the hour labelled 00:00) belongs to the previous day.
 * Works for minute times and hour labels alike.
 */
export function dayBucketOf(t: number): number {
  return chinaDayStart(dayOfHourEnding(hourBucketOf(t)));
}

/** Number of values a device reporting every `intervalSeconds` is expected to send in an hour (at least 1). */
export function expectedSamplesPerHour(intervalSeconds = 60): number {
  if (!Number.isFinite(intervalSeconds) || intervalSeconds <= 0) {
    throw new RangeError(`intervalSeconds must be positive, got ${intervalSeconds}`);
  }
  return Math.max(1, Math.floor(SECONDS_PER_HOUR / intervalSeconds));
}

/**
 * Valid values an hour needs: 75 % of those expected, rounded up — 45 of 60 for a minute device, 9 of 12
 * for a 5-minute one, 5 of 6 for a 10-minute one, 1 for an hourly one.
 */
export function minValidMinutes(intervalSeconds = 60): number {
  return Math.ceil(expectedSamplesPerHour(intervalSeconds) * AGGREGATION_RULES.hour.minValidFraction);
}

/** A value counts when its flag is N (or absent) and it is a finite number. */
export function isValidSample(sample: TelemetrySample): sample is TelemetrySample & { value: number } {
  const flag = sample.flag ?? 'N';
  return flag === 'N' && typeof sample.value === 'number' && Number.isFinite(sample.value);
}

function arithmeticMean(values: readonly number[], min: number, max: number): number {
  let sum = 0;
  for (const v of values) sum += v;
  // The true mean lies in [min, max]; clamping only removes float noise (mean of 0.1 × 3 etc.).
  return Math.min(max, Math.max(min, sum / values.length));
}

/** 10·log10(mean(10^(L/10))), computed relative to the loudest level so nothing overflows. */
export function energyMean(levels: readonly number[]): number | null {
  if (levels.length === 0) return null;
  let max = Number.NEGATIVE_INFINITY;
  let min = Number.POSITIVE_INFINITY;
  for (const l of levels) {
    max = Math.max(max, l);
    min = Math.min(min, l);
  }
  let sum = 0;
  for (const l of levels) sum += 10 ** ((l - max) / 10);
  return Math.min(max, Math.max(min, max + 10 * Math.log10(sum / levels.length)));
}

/**
 * Mean direction (degrees clockwise from north, 0 ≤ d < 360) of unit vectors, or of vectors weighted
 * by the speeds when given. Null when the vectors cancel out (e.g. 0° and 180°, or all speeds 0).
 */
export function vectorMeanDirection(directions: readonly number[], speeds?: readonly number[]): number | null {
  let east = 0;
  let north = 0;
  let weight = 0;
  directions.forEach((d, i) => {
    const w = speeds === undefined ? 1 : (speeds[i] ?? 0);
    const rad = (d * Math.PI) / 180;
    east += w * Math.sin(rad);
    north += w * Math.cos(rad);
    weight += Math.abs(w);
  });
  if (weight === 0 || Math.hypot(east, north) <= 1e-9 * weight) return null;
  const deg = (Math.atan2(east, north) * 180) / Math.PI;
  const normalised = ((deg % 360) + 360) % 360;
  return normalised >= 360 - 1e-9 ? 0 : normalised;
}

function dedupeByTime<T extends { t: number }>(items: readonly T[]): T[] {
  const byTime = new Map<number, T>();
  for (const item of items) {
    assertFinite('t', item.t);
    byTime.set(item.t, item); // a resent value replaces the earlier one
  }
  return [...byTime.values()];
}

function validMinMax(values: readonly number[]): { min: number | null; max: number | null } {
  if (values.length === 0) return { min: null, max: null };
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  return { min, max };
}

/** Weights for a wind-direction mean: the speeds at the same times, when every direction has one. */
function speedsFor(
  valid: readonly { t: number }[],
  speedByTime: ReadonlyMap<number, number> | undefined,
): number[] | undefined {
  if (speedByTime === undefined) return undefined;
  const speeds: number[] = [];
  for (const d of valid) {
    const speed = speedByTime.get(d.t);
    if (speed === undefined) return undefined;
    speeds.push(Math.max(0, speed));
  }
  // All calm: the speed-weighted direction is undefined; the unit-vector mean still says something.
  return speeds.some((s) => s > 0) ? speeds : undefined;
}

function speedMap<T extends { t: number; value: number | null }>(
  rows: readonly T[] | undefined,
  isValid: (row: T) => row is T & { value: number },
): Map<number, number> | undefined {
  if (rows === undefined) return undefined;
  const byTime = new Map<number, number>();
  for (const r of rows) if (isValid(r)) byTime.set(r.t, r.value);
  return byTime;
}

function meanBy(factor: string, values: readonly number[], speeds: readonly number[] | undefined): number | null {
  if (values.length === 0) return null;
  const { min, max } = validMinMax(values);
  if (min === null || max === null) return null;
  switch (aggregationMethodOf(factor)) {
    case 'vector':
      return vectorMeanDirection(values, speeds);
    case 'energy':
      return energyMean(values);
    case 'arithmetic':
      return arithmeticMean(values, min, max);
  }
}

function row(
  factor: string,
  count: number,
  valid: readonly { t: number; value: number }[],
  required: number,
  speeds: readonly number[] | undefined,
): AggregateRow {
  const values = valid.map((s) => s.value);
  const value = meanBy(factor, values, speeds);
  return {
    value,
    ...validMinMax(values),
    count,
    validCount: values.length,
    required,
    valid: value !== null && values.length >= required,
  };
}

export interface HourOptions {
  /** The device's expected reporting interval in seconds (default 60): sets how many values are needed. */
  intervalSeconds?: number;
  /** Overrides the number of valid values needed (at least 1). */
  minValid?: number;
  /**
   * For wind direction (a01008): the wind speed (a01007) values of the same device, matched by time.
   * The mean is weighted by speed when every valid direction has a valid speed at the same time;
   * otherwise (or when all are calm) it is the unit-vector mean.
   */
  windSpeed?: readonly TelemetrySample[];
}

function required(minValid: number | undefined, fallback: () => number): number {
  if (minValid === undefined) return fallback();
  if (!Number.isInteger(minValid) || minValid < 1)
    throw new RangeError(`minValid must be an integer ≥ 1, got ${minValid}`);
  return minValid;
}

/**
 * The hour value of one factor from the values of ONE hour (all in the same {@link hourBucketOf}; mixing
 * hours throws, it means the caller grouped wrongly). Values with the same time count once (the last wins).
 */
export function aggregateHour(
  factor: string,
  samples: readonly TelemetrySample[],
  opts: HourOptions = {},
): AggregateRow {
  const distinct = dedupeByTime(samples);
  const first = distinct[0];
  if (first !== undefined) {
    const bucket = hourBucketOf(first.t);
    for (const s of distinct) {
      if (hourBucketOf(s.t) !== bucket) {
        throw new RangeError(`values of different hours (${bucket} and ${hourBucketOf(s.t)}) in one hour`);
      }
    }
  }
  const need = required(opts.minValid, () => minValidMinutes(opts.intervalSeconds));
  const valid = distinct.filter(isValidSample).sort((a, b) => a.t - b.t);
  const speeds =
    factor === WIND_DIRECTION_FACTOR ? speedsFor(valid, speedMap(opts.windSpeed, isValidSample)) : undefined;
  return row(factor, distinct.length, valid, need, speeds);
}

/** {@link aggregateHour} over values of any hours: one row per hour that has values, in time order. */
export function aggregateHours(
  factor: string,
  samples: readonly TelemetrySample[],
  opts: HourOptions = {},
): BucketRow[] {
  const groups = new Map<number, TelemetrySample[]>();
  for (const s of samples) {
    const bucket = hourBucketOf(s.t);
    const group = groups.get(bucket);
    if (group === undefined) groups.set(bucket, [s]);
    else group.push(s);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([t, group]) => ({ t, ...aggregateHour(factor, group, opts) }));
}

export interface DayOptions {
  /** Overrides the number of valid hours needed (default 20, GB 3095-2012). */
  minValidHours?: number;
  /** For wind direction: the hourly wind speed rows, matched by hour label (see {@link HourOptions.windSpeed}). */
  windSpeed?: readonly HourInput[];
}

/** An hour counts toward a day when it met the hour rule and has a finite value. */
export function isValidHour(h: HourInput): h is HourInput & { value: number } {
  return h.valid && typeof h.value === 'number' && Number.isFinite(h.value);
}

/**
 * The day value of one factor from the hour rows of ONE China day (labels on the hour, 01:00 … 24:00 of
 * the day; anything else throws). Only valid hours count, averaged by the factor's method: noise as the
 * energy mean of the hourly levels, wind direction as a vector mean. min/max are of the hourly values.
 */
export function aggregateDay(factor: string, hourRows: readonly HourInput[], opts: DayOptions = {}): AggregateRow {
  const distinct = dedupeByTime(hourRows);
  const first = distinct[0];
  if (first !== undefined) {
    const day = dayBucketOf(first.t);
    for (const h of distinct) {
      if (h.t % SECONDS_PER_HOUR !== 0) throw new RangeError(`hour rows are labelled on the hour, got ${h.t}`);
      if (dayBucketOf(h.t) !== day) throw new RangeError(`hours of different days (${day} and ${dayBucketOf(h.t)})`);
    }
  }
  const need = required(opts.minValidHours, () => AGGREGATION_RULES.day.minValidHours);
  const valid = distinct.filter(isValidHour).sort((a, b) => a.t - b.t);
  const speeds = factor === WIND_DIRECTION_FACTOR ? speedsFor(valid, speedMap(opts.windSpeed, isValidHour)) : undefined;
  return row(factor, distinct.length, valid, need, speeds);
}

/** {@link aggregateDay} over hour rows of any days: one row per day (t = 00:00 China time), in time order. */
export function aggregateDays(factor: string, hourRows: readonly HourInput[], opts: DayOptions = {}): BucketRow[] {
  const groups = new Map<number, HourInput[]>();
  for (const h of hourRows) {
    const day = dayBucketOf(h.t);
    const group = groups.get(day);
    if (group === undefined) groups.set(day, [h]);
    else group.push(h);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([t, group]) => ({ t, ...aggregateDay(factor, group, opts) }));
}

/** The hour labels (ends) of a day bucket: 01:00 … 24:00 China time. */
export function hoursOfDayBucket(dayStart: number): number[] {
  if ((dayStart + CHINA_OFFSET_SECONDS) % SECONDS_PER_DAY !== 0) {
    throw new RangeError(`a day bucket starts at 00:00 China time, got ${dayStart}`);
  }
  return Array.from({ length: 24 }, (_, i) => dayStart + (i + 1) * SECONDS_PER_HOUR);
}
