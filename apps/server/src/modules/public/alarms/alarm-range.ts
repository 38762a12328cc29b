import { SECONDS_PER_DAY, SECONDS_PER_HOUR } from '@lantian/domain';
import { boundedRange, type TimeRange } from '../../../platform/http/params';

/** Longest range of an alarm call: a week of hours (≈ 170 points per subject and item). */
export const MAX_ALARM_RANGE_SECONDS = 7 * SECONDS_PER_DAY;

/**
 * The range of an alarm call in epoch seconds. Without endTime it ends now; without startTime it
 * starts 24 hours before its end (spec §9's alarm list is "the last day" by default).
 */
export function alarmRange(startTime: number | undefined, endTime: number | undefined, now: number): TimeRange {
  const end = endTime ?? now;
  const start = startTime ?? end - SECONDS_PER_DAY;
  return boundedRange({ startTime: start, endTime: end }, MAX_ALARM_RANGE_SECONDS, ' 7 天');
}

/** The hour ends (labels of hourly values) inside [from, to]. */
export function hourEnds(from: number, to: number): number[] {
  const times: number[] = [];
  // China time is a whole number of hours from UTC, so UTC hour boundaries are China ones.
  for (let t = Math.ceil(from / SECONDS_PER_HOUR) * SECONDS_PER_HOUR; t <= to; t += SECONDS_PER_HOUR) times.push(t);
  return times;
}
