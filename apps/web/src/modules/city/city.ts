import type { CityListEntry } from '@lantian/contracts';
import { readJson, writeJson } from '../../shared/storage';

export type { CityListEntry };

/** 3 for a city (the code ends in 00), 2 for a district or county (spec §4). */
export type CityType = 2 | 3;

/**
 * The city the pages show (spec §3 "Current city"): an area of the city list. `code` is the spec's
 * stationCode and `type` its stationType; `pinyin` is the lowercase pinyin name the addresses use
 * (the list's `pyName`, unique: 朝阳区 of Beijing is `chaoyangqu`), also available as `pyName`.
 */
export interface CurrentCity {
  code: string;
  name: string;
  pinyin: string;
  pyName: string;
  type: CityType;
  regionCode: string;
  longitude: number;
  latitude: number;
}

/** Spec §4: the type follows from the code alone. */
export function cityType(code: string): CityType {
  return code.endsWith('00') ? 3 : 2;
}

/** Spec §2 "Search dropdown": only codes ending in 00 after the fourth character are cities. */
export function isCityCode(code: string): boolean {
  return /^\d{4}00$/.test(code);
}

export function toCurrentCity(entry: CityListEntry): CurrentCity {
  return {
    code: entry.areaCode,
    name: entry.areaName,
    pinyin: entry.pyName,
    pyName: entry.pyName,
    type: cityType(entry.areaCode),
    regionCode: entry.regionCode,
    // Spec §3: numeric, converted from text (older list sources sent strings).
    longitude: Number(entry.longitude),
    latitude: Number(entry.latitude),
  };
}

/** Spec §3: the default is the capital, 110000, type 3. */
export const DEFAULT_CITY: CurrentCity = {
  code: '110000',
  name: '北京市',
  pinyin: 'beijing',
  pyName: 'beijing',
  type: 3,
  regionCode: '110000',
  longitude: 116.405285,
  latitude: 39.904989,
};

/** Lookup of list entries by area code and by pinyin name (both unique in the list). */
export type CityIndex = ReadonlyMap<string, CityListEntry>;

export function indexCities(list: readonly CityListEntry[]): CityIndex {
  const index = new Map<string, CityListEntry>();
  for (const entry of list) {
    index.set(entry.areaCode, entry);
    index.set(entry.pyName.toLowerCase(), entry);
  }
  return index;
}

/** The entry an address segment names: an area code or a pinyin name, case-insensitive. */
export function findCity(index: CityIndex, segment: string | undefined): CityListEntry | undefined {
  if (segment === undefined || segment === '') return undefined;
  return index.get(segment.trim().toLowerCase());
}

/** Whether a segment names the given city (by code or pinyin). */
export function segmentNames(city: CurrentCity, segment: string | undefined): boolean {
  if (segment === undefined) return false;
  const s = segment.trim().toLowerCase();
  return s === city.code || s === city.pyName.toLowerCase();
}

/**
 * A monitoring-station code (`1001A`, demo `D110000-01`) as opposed to an area code (6 digits) or a
 * pinyin name (lowercase letters only).
 */
export function looksLikeStationCode(segment: string): boolean {
  return /^[0-9A-Za-z][0-9A-Za-z_-]{0,23}$/.test(segment) && !/^\d{6}$/.test(segment) && !/^[a-z]+$/.test(segment);
}

/** Spec §2: the chosen city is kept in session storage, in the spec's field names (§3 "Current city"). */
const SESSION_KEY = 'currentCity';

interface StoredCity {
  stationCode: string;
  regionCode: string;
  stationType: CityType;
  name: string;
  longitude: number;
  latitude: number;
  pyName: string;
}

export function saveSessionCity(city: CurrentCity): void {
  const stored: StoredCity = {
    stationCode: city.code,
    regionCode: city.regionCode,
    stationType: city.type,
    name: city.name,
    longitude: city.longitude,
    latitude: city.latitude,
    pyName: city.pyName,
  };
  writeJson('session', SESSION_KEY, stored);
}

export function readSessionCity(): CurrentCity | undefined {
  const v = readJson('session', SESSION_KEY);
  if (typeof v !== 'object' || v === null) return undefined;
  const s = v as Partial<Record<keyof StoredCity, unknown>>;
  if (typeof s.stationCode !== 'string' || !/^\d{6}$/.test(s.stationCode)) return undefined;
  if (typeof s.name !== 'string' || typeof s.pyName !== 'string' || !/^[a-z]+$/.test(s.pyName)) return undefined;
  const longitude = Number(s.longitude);
  const latitude = Number(s.latitude);
  return {
    code: s.stationCode,
    name: s.name,
    pinyin: s.pyName,
    pyName: s.pyName,
    type: cityType(s.stationCode),
    regionCode: typeof s.regionCode === 'string' ? s.regionCode : s.stationCode,
    longitude: Number.isFinite(longitude) ? longitude : 0,
    latitude: Number.isFinite(latitude) ? latitude : 0,
  };
}
