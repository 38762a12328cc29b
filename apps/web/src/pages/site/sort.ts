import type { CitySiteItem } from '@lantian/contracts';
import { parseChinaTime } from '../../shared/aqi';

/** The list's sortable columns. */
export type SortKey = 'name' | 'aqi' | 'pm2_5' | 'pm10' | 'o3' | 'no2' | 'so2' | 'co' | 'time';
export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  dir: SortDir;
}

/** Spec §7 "Site data list defaults": sorted by time, newest first (then the worst air first). */
export const DEFAULT_SORT: SortState = { key: 'time', dir: 'desc' };

/** Numbers go high-to-low first (the worst air is what people look for); names A→Z. */
export const FIRST_DIR: Readonly<Record<SortKey, SortDir>> = {
  name: 'asc',
  aqi: 'desc',
  pm2_5: 'desc',
  pm10: 'desc',
  o3: 'desc',
  no2: 'desc',
  so2: 'desc',
  co: 'desc',
  time: 'desc',
};

function sortValue(site: CitySiteItem, key: Exclude<SortKey, 'name'>): number | null {
  const latest = site.latest;
  if (latest === null) return null;
  if (key === 'time') return parseChinaTime(latest.time);
  return latest[key];
}

const collator = new Intl.Collator('zh-CN');

/**
 * Sites in the chosen order. Missing values go last in either direction (a station without data is
 * never "the cleanest"); ties fall back to AQI (worst first), then the station code, so the order is stable.
 */
export function sortSites(sites: readonly CitySiteItem[], sort: SortState): CitySiteItem[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const byAqi = (a: CitySiteItem, b: CitySiteItem) => (b.latest?.aqi ?? -1) - (a.latest?.aqi ?? -1);
  return [...sites].sort((a, b) => {
    let primary = 0;
    if (sort.key === 'name') primary = sign * collator.compare(a.siteName, b.siteName);
    else {
      const va = sortValue(a, sort.key);
      const vb = sortValue(b, sort.key);
      if (va === null && vb !== null) return 1;
      if (vb === null && va !== null) return -1;
      if (va !== null && vb !== null) primary = sign * (va - vb);
    }
    return primary || byAqi(a, b) || a.siteCode.localeCompare(b.siteCode);
  });
}

export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key !== key) return { key, dir: FIRST_DIR[key] };
  return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
}
