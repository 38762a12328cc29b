import { SECONDS_PER_HOUR } from '@lantian/domain';
import { invalidField } from '../../platform/errors';
import { parseTime } from '../public-api/params';

/**
 * Optional [startTime, endTime] parameters: the end defaults to `defaultEnd`, the start to
 * `defaultStart(end)`. The end may not precede the start; the span is checked by the caller's
 * `tooLong`, and the error names the field the caller actually gave (a defaulted end is not blamed).
 */
export function resolveRange(
  input: { startTime?: string | undefined; endTime?: string | undefined },
  defaults: { end: number; start: (end: number) => number },
  tooLong: (from: number, to: number) => string | undefined,
): { from: number; to: number } {
  const to = input.endTime === undefined ? defaults.end : parseTime('endTime', input.endTime);
  const from = input.startTime === undefined ? defaults.start(to) : parseTime('startTime', input.startTime);
  const blamed = input.endTime === undefined ? 'startTime' : 'endTime';
  if (to < from) throw invalidField(blamed, input.endTime === undefined ? '不能晚于结束时间' : '不能早于开始时间');
  const problem = tooLong(from, to);
  if (problem !== undefined) throw invalidField(blamed, problem);
  return { from, to };
}

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
