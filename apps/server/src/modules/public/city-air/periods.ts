import { SECONDS_PER_HOUR } from '@lantian/domain';

/** Hour ends (whole hours; China time is a whole-hour offset) in [from, to]. */
export function hourEndsBetween(from: number, to: number): number {
  const first = Math.ceil(from / SECONDS_PER_HOUR);
  const last = Math.floor(to / SECONDS_PER_HOUR);
  return Math.max(0, last - first + 1);
}

/** YYYYMM of a month bucket (year × 12 + month − 1). */
export function yyyymm(monthBucket: number): number {
  const year = Math.floor(monthBucket / 12);
  return year * 100 + (monthBucket - year * 12) + 1;
}

/** 'YYYY-MM' of YYYYMM. */
export function formatYyyymm(month: number): string {
  return `${Math.floor(month / 100)}-${String(month % 100).padStart(2, '0')}`;
}

export const MIN_MAX_AGE_SECONDS = 60;

/**
 * Until the next hour can exist: an hour is labelled by its end, so the hour after `hour` cannot be
 * published before `hour + 1 h`. At least a minute (a late hour is re-asked for every minute), and
 * never more than an hour.
 */
export function maxAgeUntilNextHour(hour: number | undefined, nowSeconds: number): number {
  if (hour === undefined) return MIN_MAX_AGE_SECONDS;
  const left = hour + SECONDS_PER_HOUR - nowSeconds;
  return Math.min(SECONDS_PER_HOUR, Math.max(MIN_MAX_AGE_SECONDS, left));
}
