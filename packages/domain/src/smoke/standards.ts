/**
 * Cooking-fume emission rules for restaurants.
 *
 * GB 18483-2001《饮食业油烟排放标准（试行）》: one limit, 2.0 mg/m³, for every scale, and a scale by
 * the number of cooking ranges (基准灶头) with the minimum removal efficiency of the purifier:
 * 小型 1 ≤ n < 3 (60 %), 中型 3 ≤ n < 6 (75 %), 大型 n ≥ 6 (85 %).
 * DB11/1488-2018《餐饮业大气污染物排放标准》 (Beijing, in force 2019-01-01): 油烟 1.0 mg/m³ for every
 * scale (plus particulate matter 5.0 and NMHC 10.0 mg/m³, not measured by these monitors).
 * A local standard replaces the national one where it applies; the installation picks one.
 */
export const FUME_STANDARDS = {
  'GB18483-2001': { name: 'GB 18483-2001 饮食业油烟排放标准', limit: 2.0 },
  'DB11/1488-2018': { name: 'DB11/1488-2018 北京市餐饮业大气污染物排放标准', limit: 1.0 },
} as const;
export type FumeStandard = keyof typeof FUME_STANDARDS;
export const DEFAULT_FUME_STANDARD: FumeStandard = 'GB18483-2001';

export function isFumeStandard(code: string): code is FumeStandard {
  return Object.hasOwn(FUME_STANDARDS, code);
}

export const RESTAURANT_SCALES = {
  small: { name: '小型', minRanges: 1, minEfficiency: 60 },
  medium: { name: '中型', minRanges: 3, minEfficiency: 75 },
  large: { name: '大型', minRanges: 6, minEfficiency: 85 },
} as const;
export type RestaurantScale = keyof typeof RESTAURANT_SCALES;

/** The GB 18483 scale of a kitchen with `ranges` cooking ranges (null for none: not a restaurant kitchen). */
export function scaleOfRanges(ranges: number): RestaurantScale | null {
  if (!Number.isInteger(ranges) || ranges < 1) return null;
  if (ranges >= RESTAURANT_SCALES.large.minRanges) return 'large';
  if (ranges >= RESTAURANT_SCALES.medium.minRanges) return 'medium';
  return 'small';
}
