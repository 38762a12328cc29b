import { type AveragingPeriod, breakpointTable, IAQI_BREAKS } from './breakpoints';
import type { PollutantKey } from './pollutants';

/**
 * Spec §9 "Conversions": concentration → AQI is `iaqi` (iaqi.ts); this is the way back, the
 * concentration at which a pollutant reaches a given IAQI, by inverting HJ 633-2012 formula 1 on the
 * segment that holds the index. It round-trips: iaqi(key, iaqiToConcentration(key, n, p), p) === n for
 * every integer n the table covers.
 */
export function iaqiToConcentration(
  key: PollutantKey,
  index: number | null | undefined,
  period: AveragingPeriod,
): number | null {
  if (typeof index !== 'number' || !Number.isFinite(index) || index < 0) return null;
  const bp = breakpointTable(key, period).concentrations;
  for (let i = 1; i < bp.length; i++) {
    const iHi = IAQI_BREAKS[i] ?? 0;
    if (index <= iHi) {
      const iLo = IAQI_BREAKS[i - 1] ?? 0;
      const bpLo = bp[i - 1] ?? 0;
      const bpHi = bp[i] ?? 0;
      return ((bpHi - bpLo) / (iHi - iLo)) * (index - iLo) + bpLo;
    }
  }
  // Beyond IAQI 500, or beyond where the standard stops the table (SO2 1 h: 200, O3 8 h: 300).
  return null;
}

/** The highest IAQI a table yields: 500, or 200 for SO2 1 h and 300 for O3 8 h. */
export function maxIaqiOf(key: PollutantKey, period: AveragingPeriod): number {
  const n = breakpointTable(key, period).concentrations.length;
  return IAQI_BREAKS[n - 1] ?? 0;
}
