import { roundHalfUp } from '../numbers';
import { SECONDS_PER_DAY } from '../time';

/**
 * Arithmetic of meter series: the daily chart's fixed slots (default 15 minutes, spec §7's "15 (electricity
 * device daily chart)") and energy from a cumulative register.
 */

/** The slot starts of a China day (dayStart = its 00:00 in epoch seconds) at `minutes` intervals. */
export function daySlots(dayStart: number, minutes: number): number[] {
  if (!Number.isInteger(minutes) || minutes <= 0 || 1440 % minutes !== 0)
    throw new RangeError(`interval must divide a day in whole minutes, got ${minutes}`);
  const step = minutes * 60;
  const slots: number[] = [];
  for (let t = dayStart; t < dayStart + SECONDS_PER_DAY; t += step) slots.push(t);
  return slots;
}

/**
 * Values placed in the slots: each slot takes the mean of the points whose time falls in
 * [slot, slot + step); a slot without points is null (missing is never 0).
 */
export function toSlots(
  points: ReadonlyArray<readonly [number, number | null]>,
  slots: readonly number[],
  minutes: number,
): Array<number | null> {
  const step = minutes * 60;
  const first = slots[0];
  if (first === undefined) return [];
  const sums = slots.map(() => ({ sum: 0, n: 0 }));
  for (const [t, v] of points) {
    if (v === null || !Number.isFinite(v)) continue;
    const i = Math.floor((t - first) / step);
    const cell = sums[i];
    if (cell === undefined) continue;
    cell.sum += v;
    cell.n += 1;
  }
  return sums.map((c) => (c.n === 0 ? null : roundHalfUp(c.sum / c.n, 3)));
}

/**
 * Energy used (kWh) from a cumulative register's readings, sorted by time: the sum of the rises. A
 * fall is a register reset or a meter replacement; the reading after it starts a new run (the
 * consumption across the reset is unknown, so it is not guessed).
 */
export function energyUsed(readings: ReadonlyArray<number | null>): number | null {
  let last: number | null = null;
  let total = 0;
  let any = false;
  for (const r of readings) {
    if (r === null || !Number.isFinite(r)) continue;
    if (last !== null && r >= last) {
      total += r - last;
      any = true;
    }
    last = r;
  }
  return any ? roundHalfUp(total, 3) : null;
}
