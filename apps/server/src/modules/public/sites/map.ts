import type { MapDataType, MapFeature } from '@lantian/contracts';
import { type AveragingPeriod, asAqiLevel, formatChinaDateTime, LEVELS, pollutantLevel } from '@lantian/domain';
import type { DataSource } from '../../data/stations';

/** The values a map point can show, from an hourly row or a daily one (whose 1-hour O3 is the day's maximum). */
export interface MapValues {
  aqi: number | null;
  pm2_5: number | null;
  pm10: number | null;
  so2: number | null;
  no2: number | null;
  o3: number | null;
  o3_8h: number | null;
  co: number | null;
  /** The stored AQI level. */
  level: number;
  source: DataSource;
}

export interface MapPoint {
  code: string;
  name: string;
  cityCode: string;
  cityName: string;
  isReference: boolean;
  longitude: number | null;
  latitude: number | null;
  values: MapValues;
}

/**
 * A GeoJSON point feature, or undefined for a point without coordinates (it cannot be drawn). The AQI
 * keeps its stored level; a pollutant takes the level of its concentration on the table of the period.
 */
export function toFeature(
  point: MapPoint,
  dataType: MapDataType,
  period: AveragingPeriod,
  meta: { time: number; stale: boolean },
): MapFeature | undefined {
  if (point.longitude === null || point.latitude === null) return undefined;
  const value = point.values[dataType];
  const level = dataType === 'aqi' ? asAqiLevel(point.values.level) : pollutantLevel(dataType, value, period);
  const info = LEVELS[level];
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
    properties: {
      code: point.code,
      name: point.name,
      cityCode: point.cityCode,
      cityName: point.cityName,
      isReference: point.isReference,
      value,
      level: info.level,
      levelName: info.name,
      color: info.color,
      time: formatChinaDateTime(meta.time),
      source: point.values.source,
      isDemo: point.values.source === 'demo',
      stale: meta.stale,
    },
  };
}

/** A daily row's values: the 1-hour O3 of a day is its maximum hour. */
export function dailyValues(row: {
  aqi: number | null;
  pm2_5: number | null;
  pm10: number | null;
  so2: number | null;
  no2: number | null;
  o3_1h_max: number | null;
  o3_8h: number | null;
  co: number | null;
  level: number;
  source: DataSource;
}): MapValues {
  return { ...row, o3: row.o3_1h_max };
}
