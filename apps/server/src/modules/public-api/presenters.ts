import type { AirValues, DataMeta } from '@lantian/contracts';
import { type AqiLevel, formatChinaDateTime, isPollutantKey, LEVELS, type PollutantKey } from '@lantian/domain';
import type { DataSource } from '../stations';

/** Hours after which a "latest" value is shown as stale (issue 5: a station silent for 3 hours). */
export const STALE_AFTER_SECONDS = 3 * 3600;

interface StoredAirRow {
  aqi: number | null;
  level: number;
  primary_pollutant: string | null;
  pm2_5: number | null;
  pm10: number | null;
  so2: number | null;
  no2: number | null;
  co: number | null;
  o3?: number | null;
  o3_8h: number | null;
}

function toLevel(level: number): AqiLevel {
  return level >= 0 && level <= 6 && Number.isInteger(level) ? (level as AqiLevel) : 0;
}

export function primaryKeys(text: string | null): PollutantKey[] {
  if (text === null || text === '') return [];
  return text.split(',').filter(isPollutantKey);
}

/** A stored row (station, city hour or day) as the API's index values with level name and colour. */
export function presentAir(row: StoredAirRow): AirValues {
  const info = LEVELS[toLevel(row.level)];
  return {
    aqi: row.aqi,
    pm2_5: row.pm2_5,
    pm10: row.pm10,
    so2: row.so2,
    no2: row.no2,
    o3: row.o3 ?? null,
    o3_8h: row.o3_8h,
    co: row.co,
    level: info.level,
    levelName: info.name,
    color: info.color,
    primaryPollutant: primaryKeys(row.primary_pollutant),
  };
}

export function presentMeta(time: number, source: DataSource): DataMeta {
  return { time: formatChinaDateTime(time), source, isDemo: source === 'demo' };
}

export function isStale(time: number, nowSeconds: number): boolean {
  return nowSeconds - time > STALE_AFTER_SECONDS;
}

export const ok = <T>(data: T, msg = '成功') => ({ code: 0 as const, msg, data });
