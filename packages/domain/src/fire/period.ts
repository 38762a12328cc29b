import {
  chinaDay,
  chinaDayStart,
  chinaMonth,
  chinaMonthStart,
  chinaParts,
  formatChinaDate,
  formatChinaDateTime,
  startOfChinaDay,
  startOfChinaMonth,
  startOfChinaYear,
} from '../time';

/** The fire calls' periods (spec §7: "Fire calls default month"). */
export type FireDateType = 'day' | 'week' | 'month' | 'year';

export interface FirePeriod {
  /** Inclusive start (epoch seconds). */
  from: number;
  /** Inclusive end: now. */
  to: number;
  /** The same length just before (for 环比). */
  previousFrom: number;
}

/** The current day, week (from Monday), month or year up to now, China time. */
export function firePeriod(dateType: FireDateType, now: number): FirePeriod {
  let from: number;
  switch (dateType) {
    case 'day':
      from = startOfChinaDay(now);
      break;
    case 'week': {
      const day = chinaDay(now);
      // Day 0 of the epoch (1970-01-01) was a Thursday: Monday is (day + 3) mod 7 = 0.
      from = chinaDayStart(day - ((day + 3) % 7));
      break;
    }
    case 'month':
      from = startOfChinaMonth(now);
      break;
    case 'year':
      from = startOfChinaYear(now);
      break;
  }
  return { from, to: now, previousFrom: from - (now - from) - 1 };
}

export interface TrendBucket {
  start: number;
  label: string;
}

/** The trend's buckets: hours of a day, days of a week or month, months of a year (up to now). */
export function fireTrendBuckets(dateType: FireDateType, period: FirePeriod): TrendBucket[] {
  const out: TrendBucket[] = [];
  if (dateType === 'day') {
    for (let t = period.from; t <= period.to; t += 3600)
      out.push({ start: t, label: formatChinaDateTime(t).slice(11, 16) });
    return out;
  }
  if (dateType === 'year') {
    for (let m = chinaMonth(period.from); m <= chinaMonth(period.to); m += 1) {
      const start = chinaMonthStart(m);
      out.push({ start, label: `${chinaParts(start).month}月` });
    }
    return out;
  }
  for (let d = chinaDay(period.from); d <= chinaDay(period.to); d += 1) {
    const start = chinaDayStart(d);
    out.push({ start, label: formatChinaDate(start).slice(5) });
  }
  return out;
}

/** The bucket a time falls in (index), or -1 before the first. */
export function bucketIndex(buckets: readonly TrendBucket[], t: number): number {
  let lo = 0;
  let hi = buckets.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((buckets[mid] as TrendBucket).start <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
