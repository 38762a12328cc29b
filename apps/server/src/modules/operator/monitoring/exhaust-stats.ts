import { EXHAUST_FACTORS } from '@lantian/contracts';
import { dayBucketOf, formatChinaDate, SECONDS_PER_DAY } from '@lantian/domain';
import { roundOrNull } from './sources';

type ExhaustFactor = (typeof EXHAUST_FACTORS)[number];

/** An hour row of the device core's series. */
export interface ExhaustHour {
  factor: string;
  t: number;
  value: number | null;
  valid: number;
  invalid: number;
}

export interface ExhaustSummary {
  /** Valid opacity hours. */
  hours: number;
  /** Valid opacity hours above the limit. */
  overHours: number;
  maxOpacity: number | null;
  means: Record<ExhaustFactor, number | null>;
}

const isExhaustFactor = (code: string): code is ExhaustFactor => (EXHAUST_FACTORS as readonly string[]).includes(code);

/** Only hours that met the validity rule and were not marked invalid count. */
function usable(row: ExhaustHour): row is ExhaustHour & { value: number } {
  return row.valid === 1 && row.invalid === 0 && row.value !== null && Number.isFinite(row.value);
}

/** Means of each factor over the valid hours, opacity hours over `opacityLimit` (%), the highest opacity. */
export function summarize(rows: readonly ExhaustHour[], opacityLimit: number): ExhaustSummary {
  const sums: Record<ExhaustFactor, { sum: number; n: number }> = {
    exhCO: { sum: 0, n: 0 },
    exhHC: { sum: 0, n: 0 },
    exhNO: { sum: 0, n: 0 },
    opacity: { sum: 0, n: 0 },
  };
  let overHours = 0;
  let maxOpacity: number | null = null;
  for (const row of rows) {
    if (!usable(row) || !isExhaustFactor(row.factor)) continue;
    sums[row.factor].sum += row.value;
    sums[row.factor].n += 1;
    if (row.factor === 'opacity') {
      if (row.value > opacityLimit) overHours += 1;
      if (maxOpacity === null || row.value > maxOpacity) maxOpacity = row.value;
    }
  }
  const mean = (f: ExhaustFactor) => (sums[f].n === 0 ? null : roundOrNull(sums[f].sum / sums[f].n, 2));
  return {
    hours: sums.opacity.n,
    overHours,
    maxOpacity: roundOrNull(maxOpacity, 2),
    means: { exhCO: mean('exhCO'), exhHC: mean('exhHC'), exhNO: mean('exhNO'), opacity: mean('opacity') },
  };
}

/**
 * The summary of each China day of (from, to]: hours are labelled by their end, so the 00:00 hour
 * belongs to the day before. Every day of the range is listed, empty ones with null means.
 */
export function summarizeByDay(
  rows: readonly ExhaustHour[],
  range: { from: number; to: number },
  opacityLimit: number,
): Array<ExhaustSummary & { date: string }> {
  const byDay = new Map<number, ExhaustHour[]>();
  for (const row of rows) {
    const day = dayBucketOf(row.t);
    const list = byDay.get(day);
    if (list === undefined) byDay.set(day, [row]);
    else list.push(row);
  }
  const days: Array<ExhaustSummary & { date: string }> = [];
  if (range.to <= range.from) return days;
  for (let day = dayBucketOf(range.from + 1); day <= dayBucketOf(range.to); day += SECONDS_PER_DAY) {
    days.push({ date: formatChinaDate(day), ...summarize(byDay.get(day) ?? [], opacityLimit) });
  }
  return days;
}
