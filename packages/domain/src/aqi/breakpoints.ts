import type { PollutantKey } from './pollutants';

/**
 * HJ 633-2012 table 1: concentration breakpoints for IAQI 0, 50, 100, 150, 200, 300, 400, 500.
 * These are the full standard tables used to compute IAQI; the shorter level tables of spec §9 live in
 * levels.ts.
 */

/** 'HOUR' = real-time report (1-hour values); 'DAY' = daily report (24-hour means, O3 daily max 8 h). */
export type AveragingPeriod = 'HOUR' | 'DAY';
export const AVERAGING_PERIODS: readonly AveragingPeriod[] = ['HOUR', 'DAY'];

export const IAQI_BREAKS = [0, 50, 100, 150, 200, 300, 400, 500] as const;
export const MAX_IAQI = 500;

export interface BreakpointTable {
  /** Concentrations at IAQI_BREAKS[0..n-1]; shorter than IAQI_BREAKS where the standard stops. */
  readonly concentrations: readonly number[];
}

const SO2_1H = [0, 150, 500, 650, 800];
const SO2_24H = [0, 50, 150, 475, 800, 1600, 2100, 2620];
const NO2_1H = [0, 100, 200, 700, 1200, 2340, 3090, 3840];
const NO2_24H = [0, 40, 80, 180, 280, 565, 750, 940];
const CO_1H = [0, 5, 10, 35, 60, 90, 120, 150];
const CO_24H = [0, 2, 4, 14, 24, 36, 48, 60];
const O3_1H = [0, 160, 200, 300, 400, 800, 1000, 1200];
const O3_8H = [0, 100, 160, 215, 265, 800];
/**
 * HJ 633-2012 gives PM only 24-hour limits; the real-time report applies the same numbers to the
 * 1-hour values (CNEMC practice, confirmed on the shared national hour), so both periods share one table.
 */
const PM10 = [0, 50, 150, 250, 350, 420, 500, 600];
const PM2_5 = [0, 35, 75, 115, 150, 250, 350, 500];

/**
 * The table of a pollutant key for a period. The key decides O3: 'o3' is always the 1-hour table (in
 * a daily report: the day's maximum 1-hour mean), 'o3_8h' always the 8-hour table. The period decides
 * SO2, NO2 and CO (1-hour vs 24-hour limits).
 *
 * Two tables stop early, as the standard does: SO2 1 h at 800 μg/m³ (IAQI 200) and O3 8 h at
 * 800 μg/m³ (IAQI 300). Above those the standard says not to compute that IAQI (notes to table 1)
 * and to report the SO2 24-hour or O3 1-hour IAQI instead; aqi.ts applies those substitutions.
 */
export const BREAKPOINTS: Readonly<Record<AveragingPeriod, Readonly<Record<PollutantKey, BreakpointTable>>>> = {
  HOUR: {
    so2: { concentrations: SO2_1H },
    no2: { concentrations: NO2_1H },
    pm10: { concentrations: PM10 },
    co: { concentrations: CO_1H },
    o3: { concentrations: O3_1H },
    o3_8h: { concentrations: O3_8H },
    pm2_5: { concentrations: PM2_5 },
  },
  DAY: {
    so2: { concentrations: SO2_24H },
    no2: { concentrations: NO2_24H },
    pm10: { concentrations: PM10 },
    co: { concentrations: CO_24H },
    o3: { concentrations: O3_1H },
    o3_8h: { concentrations: O3_8H },
    pm2_5: { concentrations: PM2_5 },
  },
};

export function breakpointTable(key: PollutantKey, period: AveragingPeriod): BreakpointTable {
  return BREAKPOINTS[period][key];
}

/** The highest concentration the table covers. */
export function tableTop(table: BreakpointTable): number {
  return table.concentrations[table.concentrations.length - 1] ?? 0;
}

/** Whether the table reaches IAQI 500, so that "above the top gives 500" applies. */
export function reachesMaxIaqi(table: BreakpointTable): boolean {
  return table.concentrations.length === IAQI_BREAKS.length;
}
