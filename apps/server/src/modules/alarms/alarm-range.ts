import { formatChinaDateTime, SECONDS_PER_DAY, SECONDS_PER_HOUR } from '@lantian/domain';
import { parseRange, parseTime } from '../public-api/params';

/** Longest range of an alarm call: a week of hours (≈ 170 points per subject and item). */
export const MAX_ALARM_RANGE_SECONDS = 7 * SECONDS_PER_DAY;

/**
 * The range of an alarm call in epoch seconds. Without endTime it ends now; without startTime it
 * starts 24 hours before its end (spec §9's alarm list is "the last day" by default).
 */
export function alarmRange(startTime: string | undefined, endTime: string | undefined, now: number) {
  const end = endTime ?? formatChinaDateTime(now);
  const start = startTime ?? formatChinaDateTime(parseTime('endTime', end) - SECONDS_PER_DAY);
  return parseRange(
    { field: 'startTime', value: start },
    { field: 'endTime', value: end },
    MAX_ALARM_RANGE_SECONDS,
    ' 7 天',
  );
}

/** The hour ends (labels of hourly values) inside [from, to]. */
export function hourEnds(from: number, to: number): number[] {
  const times: number[] = [];
  // China time is a whole number of hours from UTC, so UTC hour boundaries are China ones.
  for (let t = Math.ceil(from / SECONDS_PER_HOUR) * SECONDS_PER_HOUR; t <= to; t += SECONDS_PER_HOUR) times.push(t);
  return times;
}
