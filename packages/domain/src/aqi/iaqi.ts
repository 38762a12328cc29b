import { ceilIndex } from '../numbers';
import {
  type AveragingPeriod,
  type BreakpointTable,
  breakpointTable,
  IAQI_BREAKS,
  MAX_IAQI,
  reachesMaxIaqi,
} from './breakpoints';
import type { PollutantKey } from './pollutants';

/** A concentration as the rules accept it: a number, or null/undefined for missing. */
export type Concentration = number | null | undefined;

/** Missing, not a finite number, or negative: not a measurement, so it takes no part in any index. */
export function isValidConcentration(value: Concentration): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * The segment of a table that holds a concentration: index i such that C[i-1] ≤ c ≤ C[i]. At a
 * breakpoint the lower segment is taken; both give the same IAQI there, the formula being continuous.
 */
export function segmentIndex(table: BreakpointTable, c: number): number | null {
  const bp = table.concentrations;
  for (let i = 1; i < bp.length; i++) {
    const hi = bp[i];
    if (hi !== undefined && c <= hi) return i;
  }
  return null;
}

export function exactIaqiFromTable(table: BreakpointTable, c: Concentration): number | null {
  if (!isValidConcentration(c)) return null;
  const i = segmentIndex(table, c);
  if (i === null) return reachesMaxIaqi(table) ? MAX_IAQI : null;
  const bpLo = table.concentrations[i - 1] ?? 0;
  const bpHi = table.concentrations[i] ?? 0;
  const iLo = IAQI_BREAKS[i - 1] ?? 0;
  const iHi = IAQI_BREAKS[i] ?? 0;
  // HJ 633-2012 formula (1): IAQI = (IAQI_Hi − IAQI_Lo) / (BP_Hi − BP_Lo) × (C − BP_Lo) + IAQI_Lo.
  return ((iHi - iLo) / (bpHi - bpLo)) * (c - bpLo) + iLo;
}

/**
 * The unrounded IAQI of one concentration (HJ 633-2012 formula 1). Null when the value is missing or
 * invalid, and where the standard says not to compute it from this table (SO2 1 h above 800 μg/m³, O3
 * 8 h above 800 μg/m³). Above the top of a full table: 500.
 */
export function exactIaqi(key: PollutantKey, c: Concentration, period: AveragingPeriod): number | null {
  return exactIaqiFromTable(breakpointTable(key, period), c);
}

/** The IAQI, rounded up to an integer as HJ 633-2012 requires ("进位取整"). */
export function iaqi(key: PollutantKey, c: Concentration, period: AveragingPeriod): number | null {
  const exact = exactIaqi(key, c, period);
  return exact === null ? null : ceilIndex(exact);
}
