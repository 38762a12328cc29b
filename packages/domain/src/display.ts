import type { IndexKey } from './aqi/pollutants';
import { roundHalfUp } from './numbers';
import { chinaParts } from './time';

/** Display rules of spec §2 (follow cards, search results) and §9 "Display". */

/** What a missing number shows as. */
export const MISSING_TEXT = '—';

const isNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** AQI shown rounded to an integer (half up). */
export function formatAqi(aqi: number | null | undefined): string {
  return isNumber(aqi) ? String(roundHalfUp(aqi)) : MISSING_TEXT;
}

/** CO shown with two decimals (mg/m³). */
export function formatCo(co: number | null | undefined): string {
  return isNumber(co) ? roundHalfUp(co, 2).toFixed(2) : MISSING_TEXT;
}

/** A value of any index key: CO with two decimals, AQI and the other pollutants rounded to integers. */
export function formatIndexValue(key: IndexKey, value: number | null | undefined): string {
  return key === 'co' ? formatCo(value) : formatAqi(value);
}

/**
 * Follow-card city name: longer than 8 characters → first 7, '...', last character (spec §2). Counted
 * in characters (code points), so a rare character outside the BMP is never split in half.
 */
export function truncateFollowName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= 8) return name;
  return `${chars.slice(0, 7).join('')}...${chars[chars.length - 1] ?? ''}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Follow-card time 'MM-DD HH:00' of an epoch-seconds time, in China Standard Time. */
export function formatFollowTime(t: number | null | undefined): string {
  if (!isNumber(t)) return MISSING_TEXT;
  const p = chinaParts(t);
  return `${pad2(p.month)}-${pad2(p.day)} ${pad2(p.hour)}:00`;
}

/** Search result position '经度: x, 纬度: y', two decimals each (spec §5 "Search"). */
export function formatCoordinates(longitude: number, latitude: number): string {
  return `经度: ${roundHalfUp(longitude, 2).toFixed(2)}, 纬度: ${roundHalfUp(latitude, 2).toFixed(2)}`;
}
