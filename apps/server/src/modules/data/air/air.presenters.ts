import type { AirValues, DataMeta } from '@lantian/contracts';
import { asAqiLevel, formatChinaDateTime, isPollutantKey, LEVELS, type PollutantKey } from '@lantian/domain';
import type { DataSource } from '../stations';

/** What every stored air row (station, city hour or day) shares. */
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

/** The stored primary-pollutant text ('pm2_5,pm10') as keys. */
export function primaryKeys(text: string | null): PollutantKey[] {
  if (text === null || text === '') return [];
  return text.split(',').filter(isPollutantKey);
}

/** A stored row as the API's index values with level name and colour. */
export function presentAir(row: StoredAirRow): AirValues {
  const info = LEVELS[asAqiLevel(row.level)];
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

/** When a row is from and where it came from. */
export function presentMeta(time: number, source: DataSource): DataMeta {
  return { time: formatChinaDateTime(time), source, isDemo: source === 'demo' };
}
