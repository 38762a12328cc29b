import { formatIndexValue, type IndexKey, POLLUTANTS } from '@lantian/domain';

/**
 * How the public pages name and print the index keys (spec §3 pollutant keys, §9 display: AQI
 * rounded, CO with two decimals). Display order is the one people read: particles first.
 */
export const DISPLAY_POLLUTANTS = ['pm2_5', 'pm10', 'o3', 'o3_8h', 'no2', 'so2', 'co'] as const;
export type DisplayPollutant = (typeof DISPLAY_POLLUTANTS)[number];

/** Short labels with proper subscripts. */
export const INDEX_LABEL: Readonly<Record<IndexKey, string>> = {
  aqi: 'AQI',
  pm2_5: 'PM2.5',
  pm10: 'PM10',
  o3: 'O₃',
  o3_8h: 'O₃-8h',
  no2: 'NO₂',
  so2: 'SO₂',
  co: 'CO',
};

export function indexUnit(key: IndexKey): string {
  return key === 'aqi' ? '' : POLLUTANTS[key].unit;
}

export function indexName(key: IndexKey): string {
  return key === 'aqi' ? '空气质量指数' : POLLUTANTS[key].name;
}

/** A value as §9 wants it shown; '—' when missing. */
export function formatIndex(key: IndexKey, value: number | null | undefined): string {
  return formatIndexValue(key, value);
}

/** '细颗粒物(PM2.5)' style names of primary pollutant keys, joined; '—' when none. */
export function primaryLabel(keys: readonly string[]): string {
  const labels = keys.map((k) => INDEX_LABEL[k as IndexKey] ?? k);
  return labels.length === 0 ? '—' : labels.join('、');
}
