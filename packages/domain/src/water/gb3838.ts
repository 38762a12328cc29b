/**
 * Surface-water quality classes of GB 3838-2002 《地表水环境质量标准》, Table 1 (basic items), and the
 * single-factor evaluation of 《地表水环境质量评价办法（试行）》(环办〔2011〕22号): a station's class is the
 * worst class among its evaluated factors. Pure: the water module and its tests read it.
 */

/** Ⅰ–Ⅴ are 1–5; 劣Ⅴ is 6. */
export type WaterClass = 1 | 2 | 3 | 4 | 5 | 6;

/** Rivers and lakes/reservoirs differ for TP, and TN is evaluated for lakes/reservoirs only. */
export type WaterBody = 'river' | 'lake';

export interface WaterClassInfo {
  name: string;
  /** The evaluation method's words: 优 (Ⅰ–Ⅱ), 良好, 轻度污染, 中度污染, 重度污染. */
  quality: string;
  /** The method's colours: blue for Ⅰ–Ⅱ, green, yellow, orange, red. */
  color: string;
}

export const WATER_CLASSES: Record<WaterClass, WaterClassInfo> = {
  1: { name: 'Ⅰ类', quality: '优', color: '#44c5fd' },
  2: { name: 'Ⅱ类', quality: '优', color: '#1890ff' },
  3: { name: 'Ⅲ类', quality: '良好', color: '#00c853' },
  4: { name: 'Ⅳ类', quality: '轻度污染', color: '#fadb14' },
  5: { name: 'Ⅴ类', quality: '中度污染', color: '#fa8c16' },
  6: { name: '劣Ⅴ类', quality: '重度污染', color: '#f5222d' },
};

/** HJ 212-2017 codes of the evaluated factors (and measured-only ones). */
export const WATER_FACTORS = {
  ph: 'w01001',
  do: 'w01009',
  codMn: 'w01019',
  cod: 'w01018',
  bod5: 'w01017',
  nh3n: 'w21003',
  tp: 'w21011',
  tn: 'w21001',
  temperature: 'w01010',
  conductivity: 'w01014',
  turbidity: 'w01003',
} as const;

/** Upper limits (mg/L) of classes Ⅰ–Ⅴ; a value at the limit is in that class. */
const UPPER: Record<string, { river: readonly number[]; lake?: readonly number[] }> = {
  w01019: { river: [2, 4, 6, 10, 15] },
  w01018: { river: [15, 15, 20, 30, 40] },
  w01017: { river: [3, 3, 4, 6, 10] },
  w21003: { river: [0.15, 0.5, 1.0, 1.5, 2.0] },
  w21011: { river: [0.02, 0.1, 0.2, 0.3, 0.4], lake: [0.01, 0.025, 0.05, 0.1, 0.2] },
  w21001: { river: [0.2, 0.5, 1.0, 1.5, 2.0] },
};
/** Dissolved oxygen is a lower bound (mg/L; Ⅰ is 7.5 or 90 % saturation — we apply 7.5). */
const DO_LOWER = [7.5, 6, 5, 3, 2] as const;

/** The factors whose class this module evaluates for a water body (TN for lakes and reservoirs only). */
export function evaluatedFactors(body: WaterBody): string[] {
  const all = ['w01001', 'w01009', 'w01019', 'w01018', 'w01017', 'w21003', 'w21011'];
  return body === 'lake' ? [...all, 'w21001'] : all;
}

/**
 * The class of one factor's value, or null when the factor has no class (not in Table 1's basic items
 * we evaluate, or not a finite number). pH: 6–9 for every class, outside is 劣Ⅴ.
 */
export function factorClass(factor: string, value: number, body: WaterBody = 'river'): WaterClass | null {
  if (!Number.isFinite(value)) return null;
  if (factor === 'w01001') return value >= 6 && value <= 9 ? 1 : 6;
  if (factor === 'w01009') {
    const i = DO_LOWER.findIndex((limit) => value >= limit);
    return (i < 0 ? 6 : i + 1) as WaterClass;
  }
  const limits = UPPER[factor];
  if (limits === undefined) return null;
  const list = (body === 'lake' ? limits.lake : undefined) ?? limits.river;
  const i = list.findIndex((limit) => value <= limit);
  return (i < 0 ? 6 : i + 1) as WaterClass;
}

export interface StationClass {
  /** null when no evaluated factor has a value. */
  waterClass: WaterClass | null;
  /** The factors that decide it (all those at the worst class; empty when 优 by every one). */
  deciding: string[];
  perFactor: Record<string, WaterClass>;
}

/**
 * A station's class from its values: the worst evaluated factor's class (TN skipped for rivers, as the
 * evaluation method says). The deciding factors are named only from Ⅲ up, where the method names
 * 主要污染指标 from Ⅳ; we name them from Ⅲ too so an operator sees what holds the class.
 */
export function stationClass(values: Record<string, number | null>, body: WaterBody = 'river'): StationClass {
  const perFactor: Record<string, WaterClass> = {};
  for (const factor of evaluatedFactors(body)) {
    const value = values[factor];
    if (value === null || value === undefined) continue;
    const c = factorClass(factor, value, body);
    if (c !== null) perFactor[factor] = c;
  }
  const classes = Object.values(perFactor);
  if (classes.length === 0) return { waterClass: null, deciding: [], perFactor };
  const worst = Math.max(...classes) as WaterClass;
  const deciding = worst >= 3 ? Object.keys(perFactor).filter((f) => perFactor[f] === worst) : [];
  return { waterClass: worst, deciding, perFactor };
}

/** The class Ⅲ limit of a factor (the chart's reference line): an upper limit, DO's lower one, pH's 9. */
export function waterLimitIII(factor: string, body: WaterBody = 'river'): number | null {
  if (factor === 'w01001') return 9;
  if (factor === 'w01009') return DO_LOWER[2];
  const limits = UPPER[factor];
  if (limits === undefined) return null;
  return ((body === 'lake' ? limits.lake : undefined) ?? limits.river)[2] ?? null;
}
