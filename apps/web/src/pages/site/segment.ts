/**
 * What the last segment of `/site/{city+}` names (spec §2: the lowercase pinyin name of a city or an
 * area code; on this page also a monitoring-station code, so that a site can be linked to).
 */
export type SiteSegment = { kind: 'city'; city: string } | { kind: 'station'; code: string } | { kind: 'none' };

/** The server's station-code rule (`1001A`, demo `D110000-01`). */
const STATION_CODE = /^[0-9A-Za-z][0-9A-Za-z_-]{0,23}$/;

export function classifySegment(segment: string | undefined): SiteSegment {
  const s = segment?.trim() ?? '';
  if (s === '') return { kind: 'none' };
  // Area codes are six digits; pinyin names are letters, sometimes with a disambiguating number.
  if (/^\d{6}$/.test(s) || /^[a-z]+\d*$/i.test(s)) return { kind: 'city', city: s.toLowerCase() };
  if (STATION_CODE.test(s)) return { kind: 'station', code: s };
  return { kind: 'city', city: s };
}

/** Spec §2: the city rule — a code ending in 00 after the fourth character. */
export function isCityCode(code: string): boolean {
  return /^\d{4}00$/.test(code);
}

const MUNICIPALITIES = new Set(['11', '12', '31', '50']);

/**
 * The city a district or county belongs to, from its code: the districts of the four municipalities
 * belong to the municipality (110105 → 110000), other counties to their prefecture (320102 → 320100).
 */
export function parentCityCode(code: string): string {
  const province = code.slice(0, 2);
  return MUNICIPALITIES.has(province) ? `${province}0000` : `${code.slice(0, 4)}00`;
}
