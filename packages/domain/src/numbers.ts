/**
 * Decimal rounding on binary floats. A mean such as (0.1 + 0.2 + 0.15) / 3 lands a hair off the
 * decimal it stands for, so ties and exact integers are recognised within a tolerance far below the
 * one-decimal resolution of any published concentration.
 */

const TOLERANCE = 1e-9;

function scaled(value: number, decimals: number): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 10) {
    throw new RangeError(`decimals must be an integer 0–10, got ${decimals}`);
  }
  return value * 10 ** decimals;
}

/**
 * Round half to even (GB/T 8170-2008 §3.3 "四舍六入五成双"), the rounding HJ 663-2013 prescribes for
 * reported concentrations: 2.5 → 2, 3.5 → 4, 0.25 → 0.2 (1 decimal).
 */
export function roundHalfEven(value: number, decimals = 0): number {
  if (!Number.isFinite(value)) return value;
  const s = scaled(value, decimals);
  const floor = Math.floor(s);
  const fraction = s - floor;
  let result: number;
  if (Math.abs(fraction - 0.5) < TOLERANCE) result = floor % 2 === 0 ? floor : floor + 1;
  else result = Math.round(s);
  return result / 10 ** decimals + 0;
}

/** Round half away from zero, the everyday rounding used for display: 2.5 → 3, 1.005 → 1.01 (2 decimals). */
export function roundHalfUp(value: number, decimals = 0): number {
  if (!Number.isFinite(value)) return value;
  const s = scaled(Math.abs(value), decimals);
  const rounded = Math.floor(s + 0.5 + TOLERANCE);
  return (Math.sign(value) * rounded) / 10 ** decimals + 0;
}

/**
 * Round up to an integer ("进位取整", HJ 633-2012 §4.2), ignoring float noise just above an integer:
 * the 1-hour IAQI of CO 65.4 mg/m³ is exactly 218, though the arithmetic yields 218.00000000000003.
 */
export function ceilIndex(value: number): number {
  return Math.ceil(value - TOLERANCE) + 0;
}
