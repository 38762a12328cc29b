import { type AqiResult, type DailyInput, dailyAqi, type RealtimeInput, realtimeAqi } from './aqi/aqi';
import { type Concentration, isValidConcentration } from './aqi/iaqi';
import { roundHalfEven } from './numbers';

/**
 * A city's value comes from the mean concentrations of its stations, not from their AQI (CNEMC
 * practice; GUIDE §5). Reference (background) stations — 对照点 — measure air away from the city and are left
 * out. Each mean is rounded as CNEMC publishes concentrations before its IAQI is computed: integers for
 * μg/m³, one decimal for CO in mg/m³ (HJ 663-2013 decimal places), half to even (GB/T 8170-2008, which
 * HJ 663-2013 prescribes for rounding). The city figures users see then agree with the published means.
 */

export const REFERENCE_STATION_MARK = '对照点';

export interface StationIdentity {
  name: string;
  /** From the station register; a name containing 对照点 marks a reference station as well. */
  isReference?: boolean;
}

export interface StationValues<K extends string> extends StationIdentity {
  values: Partial<Record<K, Concentration>>;
}

export function isReferenceStation(station: StationIdentity): boolean {
  return station.isReference === true || station.name.includes(REFERENCE_STATION_MARK);
}

/** Published precision of a concentration: CO (and its 24-hour mean) one decimal, the rest integers. */
export function publishedDecimals(key: string): number {
  return key === 'co' || key.startsWith('co_') ? 1 : 0;
}

/** A concentration rounded as the release publishes it. */
export function roundConcentration(key: string, value: number): number {
  return roundHalfEven(value, publishedDecimals(key));
}

/**
 * Per key, the mean over the non-reference stations that have a valid value, rounded as published;
 * null where no such station has one.
 */
export function cityMeans<K extends string>(
  stations: readonly StationValues<K>[],
  keys: readonly K[],
): Record<K, number | null> {
  const counted = stations.filter((s) => !isReferenceStation(s));
  const out = {} as Record<K, number | null>;
  for (const key of keys) {
    let sum = 0;
    let count = 0;
    for (const s of counted) {
      const v = s.values[key];
      if (isValidConcentration(v)) {
        sum += v;
        count++;
      }
    }
    out[key] = count === 0 ? null : roundConcentration(key, sum / count);
  }
  return out;
}

export interface CityAqiResult<K extends string> extends AqiResult {
  /** The rounded mean concentrations the AQI was computed from. */
  concentrations: Record<K, number | null>;
  /** Stations that took part (reference stations excluded). */
  stationCount: number;
}

const REALTIME_KEYS = [
  'so2',
  'no2',
  'pm10',
  'co',
  'o3',
  'pm2_5',
  'so2_24h',
] as const satisfies readonly (keyof RealtimeInput)[];
const DAILY_KEYS = [
  'so2',
  'no2',
  'pm10',
  'co',
  'o3_8h',
  'o3',
  'pm2_5',
] as const satisfies readonly (keyof DailyInput)[];

export type RealtimeKey = (typeof REALTIME_KEYS)[number];
export type DailyKey = (typeof DAILY_KEYS)[number];

function participating(stations: readonly StationIdentity[]): number {
  return stations.filter((s) => !isReferenceStation(s)).length;
}

/** A city's real-time AQI, IAQI and primary pollutants from its stations' 1-hour values. */
export function cityRealtimeAqi(stations: readonly StationValues<RealtimeKey>[]): CityAqiResult<RealtimeKey> {
  const concentrations = cityMeans(stations, REALTIME_KEYS);
  return { ...realtimeAqi(concentrations), concentrations, stationCount: participating(stations) };
}

/** A city's daily AQI from its stations' daily statistics (24-hour means, O3 daily max 8 h). */
export function cityDailyAqi(stations: readonly StationValues<DailyKey>[]): CityAqiResult<DailyKey> {
  const concentrations = cityMeans(stations, DAILY_KEYS);
  return { ...dailyAqi(concentrations), concentrations, stationCount: participating(stations) };
}
