/**
 * A dashboard shape bound to a device's value changes colour by thresholds: each threshold says
 * "from this value up, this colour". The highest threshold the value reaches wins; below all of them,
 * or without a value (the device has not reported, or reported nothing valid), the shape keeps its own
 * colour — a missing value is never painted as "good".
 */

export interface Threshold {
  /** The value from which the colour applies (inclusive). */
  min: number;
  color: string;
}

export function thresholdColor(value: number | null, thresholds: readonly Threshold[], base: string): string {
  if (value === null || !Number.isFinite(value)) return base;
  let color = base;
  let reached = Number.NEGATIVE_INFINITY;
  for (const t of thresholds) {
    if (value >= t.min && t.min >= reached) {
      reached = t.min;
      color = t.color;
    }
  }
  return color;
}

/** A bound value as the screen prints it: fixed decimals, '--' for no value. */
export function formatBoundValue(value: number | null, decimals: number): string {
  if (value === null || !Number.isFinite(value)) return '--';
  const places = Math.min(6, Math.max(0, Math.trunc(decimals)));
  return value.toFixed(places);
}
