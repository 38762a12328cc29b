import { type Area, areaByCode } from '@lantian/areas';

/** A city as rankings name it: its own names and its province (a municipality is its own province). */
export interface CityIdentity {
  cityCode: string;
  cityName: string;
  pyName: string;
  provinceCode: string;
  provinceName: string;
}

/** The province-level ancestor of an area (itself for a province or municipality). */
export function provinceOf(area: Area): Area {
  let current = area;
  // Area codes nest at most three deep (province, city, county): the bound guards a malformed file.
  for (let i = 0; i < 3 && current.level !== 'province'; i++) {
    const parent = current.parentCode === null ? undefined : areaByCode(current.parentCode);
    if (parent === undefined) break;
    current = parent;
  }
  return current;
}

export function identityOf(area: Area): CityIdentity {
  const province = provinceOf(area);
  return {
    cityCode: area.code,
    cityName: area.name,
    pyName: area.pyName,
    provinceCode: province.code,
    provinceName: province.name,
  };
}

const cache = new Map<string, CityIdentity | undefined>();

/**
 * The identity of a stored city code; undefined for a code the area list does not know (such rows
 * cannot be named or placed, so rankings leave them out). Memoised: rankings name every city each call.
 */
export function cityIdentity(code: string): CityIdentity | undefined {
  if (!cache.has(code)) {
    const area = areaByCode(code);
    cache.set(code, area === undefined ? undefined : identityOf(area));
  }
  return cache.get(code);
}
