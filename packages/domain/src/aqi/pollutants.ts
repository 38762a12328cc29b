/**
 * Pollutant keys (spec §3): aqi, pm2_5 (alias pm25), pm10, so2, no2, o3, o3_8h, co. The order of
 * POLLUTANT_KEYS is the column order of HJ 633-2012 table 1, which is also the order in which CNEMC
 * lists tied primary pollutants ("颗粒物(PM10),细颗粒物(PM2.5)").
 */

export const POLLUTANT_KEYS = ['so2', 'no2', 'pm10', 'co', 'o3', 'o3_8h', 'pm2_5'] as const;
export type PollutantKey = (typeof POLLUTANT_KEYS)[number];

/** Every index key of the spec: the AQI itself and the pollutants. */
export const INDEX_KEYS = ['aqi', ...POLLUTANT_KEYS] as const;
export type IndexKey = (typeof INDEX_KEYS)[number];

export type PollutantUnit = 'μg/m³' | 'mg/m³';

export interface PollutantInfo {
  key: PollutantKey;
  /** Short label as shown in tables. */
  label: string;
  /** Chinese name. */
  name: string;
  /** The name CNEMC publishes in its primary-pollutant field. */
  cnemcName: string;
  unit: PollutantUnit;
  /** Decimals of published concentrations (HJ 663-2013: CO 1, the others 0). */
  decimals: number;
}

export const POLLUTANTS: Readonly<Record<PollutantKey, PollutantInfo>> = {
  so2: { key: 'so2', label: 'SO₂', name: '二氧化硫', cnemcName: '二氧化硫', unit: 'μg/m³', decimals: 0 },
  no2: { key: 'no2', label: 'NO₂', name: '二氧化氮', cnemcName: '二氧化氮', unit: 'μg/m³', decimals: 0 },
  pm10: { key: 'pm10', label: 'PM10', name: '可吸入颗粒物', cnemcName: '颗粒物(PM10)', unit: 'μg/m³', decimals: 0 },
  co: { key: 'co', label: 'CO', name: '一氧化碳', cnemcName: '一氧化碳', unit: 'mg/m³', decimals: 1 },
  o3: { key: 'o3', label: 'O₃', name: '臭氧1小时', cnemcName: '臭氧1小时', unit: 'μg/m³', decimals: 0 },
  o3_8h: { key: 'o3_8h', label: 'O₃_8h', name: '臭氧8小时', cnemcName: '臭氧8小时', unit: 'μg/m³', decimals: 0 },
  pm2_5: { key: 'pm2_5', label: 'PM2.5', name: '细颗粒物', cnemcName: '细颗粒物(PM2.5)', unit: 'μg/m³', decimals: 0 },
};

export function isPollutantKey(value: string): value is PollutantKey {
  return (POLLUTANT_KEYS as readonly string[]).includes(value);
}

const ALIASES: Readonly<Record<string, IndexKey>> = {
  pm25: 'pm2_5',
  'pm2.5': 'pm2_5',
  o3_1h: 'o3',
  o3_8: 'o3_8h',
};

/** The canonical key of a spec key or common alias ('pm25', 'PM2.5', 'O3'), or undefined. */
export function toIndexKey(value: string): IndexKey | undefined {
  const lower = value.trim().toLowerCase();
  if ((INDEX_KEYS as readonly string[]).includes(lower)) return lower as IndexKey;
  return ALIASES[lower];
}

/** Full-width brackets and stray spaces occur in hand-edited copies of the release. */
function normaliseName(name: string): string {
  return name.trim().replace(/（/g, '(').replace(/）/g, ')').replace(/\s+/g, '');
}

const BY_CNEMC_NAME: ReadonlyMap<string, PollutantKey> = new Map(
  POLLUTANT_KEYS.map((key) => [normaliseName(POLLUTANTS[key].cnemcName), key]),
);

/** The key of a published CNEMC pollutant name ('细颗粒物(PM2.5)' → 'pm2_5'), or undefined. */
export function pollutantFromCnemcName(name: string): PollutantKey | undefined {
  return BY_CNEMC_NAME.get(normaliseName(name));
}

/** Texts the release uses for "none": '-;' (the release's missing marker), '—', '-' or empty. */
export function isMissingMarker(text: string): boolean {
  const t = text.trim();
  return t === '' || t === '-;' || t === '-' || t === '—' || t === '--';
}

export interface ParsedPrimaryPollutants {
  keys: PollutantKey[];
  /** Names that are not CNEMC pollutant names. */
  unknown: string[];
}

/**
 * Splits a published primary-pollutant field ('颗粒物(PM10),细颗粒物(PM2.5)', '-;') into keys, in the
 * published order, without duplicates.
 */
export function parsePrimaryPollutants(text: string): ParsedPrimaryPollutants {
  const keys: PollutantKey[] = [];
  const unknown: string[] = [];
  if (isMissingMarker(text)) return { keys, unknown };
  for (const part of text.split(/[,，、;；]/)) {
    if (isMissingMarker(part)) continue;
    const key = pollutantFromCnemcName(part);
    if (key === undefined) unknown.push(part.trim());
    else if (!keys.includes(key)) keys.push(key);
  }
  return { keys, unknown };
}

/** The CNEMC text for a list of primary pollutants; '-;' (as published) when there is none. */
export function formatPrimaryPollutants(keys: readonly PollutantKey[], none = '-;'): string {
  return keys.length === 0 ? none : keys.map((k) => POLLUTANTS[k].cnemcName).join(',');
}

/** Sorts keys into the canonical (HJ 633-2012 table 1) order. */
export function sortPollutantKeys(keys: Iterable<PollutantKey>): PollutantKey[] {
  const set = new Set(keys);
  return POLLUTANT_KEYS.filter((k) => set.has(k));
}
