import type { CityAndSite } from './air-analysis.api';

/**
 * The city tables hold prefecture-level cities (and the four municipalities under their province
 * code); an operator may analyse a city only when its area covers the whole city. A district's
 * operator sees its stations, not the city they belong to (the server answers 403 for it).
 */
export function coversCity(scopeCode: string, cityCode: string): boolean {
  if (scopeCode === '100000') return true;
  const prefix = scopeCode.endsWith('0000')
    ? scopeCode.slice(0, 2)
    : scopeCode.endsWith('00')
      ? scopeCode.slice(0, 4)
      : scopeCode;
  return cityCode.startsWith(prefix);
}

/** The cities of the operator's stations that the operator may analyse as cities, in list order. */
export function analysableCities(scopeCode: string, tree: CityAndSite): { value: string; label: string }[] {
  return tree.filter((c) => coversCity(scopeCode, c.cityCode)).map((c) => ({ value: c.cityCode, label: c.cityName }));
}

/** A share 0–1 as a percentage with one decimal, or a dash. */
export function percent(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;
}

/** A value or a dash for missing (missing is never 0). */
export function orDash(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : String(value);
}
