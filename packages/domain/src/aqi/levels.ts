import type { AveragingPeriod } from './breakpoints';
import type { IndexKey, PollutantKey } from './pollutants';

/**
 * Levels 0–6 (spec §9): 0 unknown, 1 优 … 6 严重污染.
 *
 * Boundary convention: each level covers (previous break, break] — upper end included — because
 * HJ 633-2012 table 2 gives the AQI ranges 0–50, 51–100, 101–150, … for integer AQI: 50 is 优, 51 is 良,
 * 100 is 良, 101 is 轻度污染. A concentration exactly at a breakpoint has the IAQI of that breakpoint, so
 * it takes the lower level too (PM2.5 35 μg/m³ → IAQI 50 → 优), and wherever the standard table has
 * an IAQI for a concentration, the concentration's level equals the level of that IAQI. On top of that the spec's two rules: a value at or
 * above the top break (AQI 400) is level 6, and a value that is not positive, or missing, is level 0.
 */
export type AqiLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const AQI_LEVELS_ORDER: readonly AqiLevel[] = [0, 1, 2, 3, 4, 5, 6];

/** Seven breaks per table (spec §9); level n covers (breaks[n-1], breaks[n]], level 6 everything above breaks[5]. */
export type LevelBreaks = readonly [number, number, number, number, number, number, number];

export const AQI_LEVEL_BREAKS: LevelBreaks = [0, 50, 100, 150, 200, 300, 400];

/** Spec §9 "Real-time break values". */
const REALTIME_LEVEL_BREAKS: Readonly<Record<Exclude<PollutantKey, 'o3_8h'>, LevelBreaks>> = {
  pm2_5: [0, 35, 75, 115, 150, 250, 350],
  pm10: [0, 50, 150, 250, 350, 420, 500],
  so2: [0, 150, 500, 650, 800, 1600, 2100],
  no2: [0, 100, 200, 700, 1200, 2340, 3090],
  o3: [0, 160, 200, 300, 400, 800, 1000],
  co: [0, 5, 10, 35, 60, 90, 120],
};

/** Spec §9 "Accumulated (daily) variants"; PM keeps its real-time breaks. */
const DAILY_LEVEL_BREAKS: Readonly<Record<'so2' | 'no2' | 'o3' | 'co', LevelBreaks>> = {
  so2: [0, 50, 150, 475, 800, 1600, 2100],
  no2: [0, 40, 80, 180, 280, 565, 750],
  o3: [0, 100, 160, 215, 265, 800, 1000],
  co: [0, 2, 4, 14, 24, 36, 48],
};

/**
 * The level table of a key. As for IAQI, the key decides O3: 'o3' (a 1-hour value, or the day's
 * maximum 1-hour value) uses the real-time O3 row; 'o3_8h' uses the spec's accumulated O3 row, which
 * is the 8-hour table (100/160/215/265 are the O3 8 h limits of HJ 633-2012). The period decides SO2,
 * NO2 and CO.
 */
export function levelBreaks(key: IndexKey, period: AveragingPeriod): LevelBreaks {
  switch (key) {
    case 'aqi':
      return AQI_LEVEL_BREAKS;
    case 'o3':
      return REALTIME_LEVEL_BREAKS.o3;
    case 'o3_8h':
      return DAILY_LEVEL_BREAKS.o3;
    case 'pm2_5':
    case 'pm10':
      return REALTIME_LEVEL_BREAKS[key];
    case 'so2':
    case 'no2':
    case 'co':
      return period === 'HOUR' ? REALTIME_LEVEL_BREAKS[key] : DAILY_LEVEL_BREAKS[key];
  }
}

/** The level of a value against seven breaks, by the convention above. */
export function levelFromBreaks(value: number | null | undefined, breaks: LevelBreaks): AqiLevel {
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) return 0;
  if (value <= breaks[1]) return 1;
  if (value <= breaks[2]) return 2;
  if (value <= breaks[3]) return 3;
  if (value <= breaks[4]) return 4;
  if (value <= breaks[5]) return 5;
  return 6;
}

/** The level of an AQI (an integer, as computed by aqi.ts). */
export function aqiLevel(aqi: number | null | undefined): AqiLevel {
  return levelFromBreaks(aqi, AQI_LEVEL_BREAKS);
}

/** The level of a pollutant concentration (μg/m³, CO mg/m³) or of the AQI ('aqi'). */
export function pollutantLevel(
  key: IndexKey,
  value: number | null | undefined,
  period: AveragingPeriod = 'HOUR',
): AqiLevel {
  return levelFromBreaks(value, levelBreaks(key, period));
}

export interface LevelInfo {
  level: AqiLevel;
  /** 未知, 优, 良, 轻度污染, 中度污染, 重度污染, 严重污染 */
  name: string;
  /** HJ 633-2012 category: 一级 … 六级; empty for unknown. */
  grade: string;
  /** CNEMC colours (HJ 633-2012 appendix A); grey for unknown. */
  color: string;
  /** Integer AQI range of the level (HJ 633-2012 table 2); null where there is none. */
  aqiRange: readonly [number, number | null] | null;
}

export const LEVELS: Readonly<Record<AqiLevel, LevelInfo>> = {
  0: { level: 0, name: '未知', grade: '', color: '#999999', aqiRange: null },
  1: { level: 1, name: '优', grade: '一级', color: '#00e400', aqiRange: [0, 50] },
  2: { level: 2, name: '良', grade: '二级', color: '#ffff00', aqiRange: [51, 100] },
  3: { level: 3, name: '轻度污染', grade: '三级', color: '#ff7e00', aqiRange: [101, 150] },
  4: { level: 4, name: '中度污染', grade: '四级', color: '#ff0000', aqiRange: [151, 200] },
  5: { level: 5, name: '重度污染', grade: '五级', color: '#99004c', aqiRange: [201, 300] },
  6: { level: 6, name: '严重污染', grade: '六级', color: '#7e0023', aqiRange: [301, null] },
};

/** A level read back from storage as a level; anything outside 0–6 (never written by us) reads as unknown. */
export function asAqiLevel(level: number): AqiLevel {
  return AQI_LEVELS_ORDER.find((l) => l === level) ?? 0;
}

/** Level, name and colour of an AQI in one call. */
export function aqiLevelInfo(aqi: number | null | undefined): LevelInfo {
  return LEVELS[aqiLevel(aqi)];
}

/** The level whose name is given (as the release's `quality` field), or undefined. */
export function levelByName(name: string): AqiLevel | undefined {
  const found = AQI_LEVELS_ORDER.find((l) => LEVELS[l].name === name.trim());
  return found;
}
