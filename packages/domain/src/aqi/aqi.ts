import { type Concentration, iaqi, isValidConcentration } from './iaqi';
import { type AqiLevel, aqiLevel } from './levels';
import { POLLUTANT_KEYS, type PollutantKey } from './pollutants';

/** The primary pollutant is named only above this AQI (HJ 633-2012 §4.3). */
export const PRIMARY_POLLUTANT_MIN_AQI = 50;

/** Above this SO2 1-hour value the 1-hour IAQI is not computed (HJ 633-2012, notes to table 1). */
export const SO2_1H_LIMIT = 800;
/** Above this O3 8-hour value the 8-hour IAQI is not computed (HJ 633-2012, notes to table 1). */
export const O3_8H_LIMIT = 800;

/** Real-time (hourly) report inputs: current 1-hour means (μg/m³, CO mg/m³). */
export interface RealtimeInput {
  so2?: Concentration;
  no2?: Concentration;
  pm10?: Concentration;
  co?: Concentration;
  /** Current 1-hour O3 (in the CNEMC release: the field `o3_24h`, GUIDE §6). */
  o3?: Concentration;
  pm2_5?: Concentration;
  /** SO2 24-hour mean; used only when the 1-hour SO2 exceeds 800 μg/m³. */
  so2_24h?: Concentration;
}

/** Daily report inputs: 24-hour means, and for O3 the day's maximum 8-hour moving mean. */
export interface DailyInput {
  so2?: Concentration;
  no2?: Concentration;
  pm10?: Concentration;
  co?: Concentration;
  pm2_5?: Concentration;
  /** The day's maximum 8-hour moving mean of O3. */
  o3_8h?: Concentration;
  /** The day's maximum 1-hour O3; used only when the 8-hour value exceeds 800 μg/m³. */
  o3?: Concentration;
}

export type IaqiRecord = Readonly<Record<PollutantKey, number | null>>;

export interface AqiResult {
  /** Integer AQI; null when no pollutant has a value. */
  aqi: number | null;
  /** IAQI of every pollutant; null where missing or not part of this report. */
  iaqi: IaqiRecord;
  /** Pollutants whose IAQI equals the AQI, in HJ 633-2012 table order; empty when AQI ≤ 50. */
  primaryPollutants: readonly PollutantKey[];
  level: AqiLevel;
}

function record(values: Partial<Record<PollutantKey, number | null>>): IaqiRecord {
  return {
    so2: values.so2 ?? null,
    no2: values.no2 ?? null,
    pm10: values.pm10 ?? null,
    co: values.co ?? null,
    o3: values.o3 ?? null,
    o3_8h: values.o3_8h ?? null,
    pm2_5: values.pm2_5 ?? null,
  };
}

/**
 * IAQI of the real-time report: SO2, NO2, CO, O3 1-hour values and PM10/PM2.5 1-hour values (PM on
 * the 24-hour table). O3 8 h is published alongside but is not part of the real-time AQI; its entry is
 * null. SO2 above 800 μg/m³ takes the IAQI of its 24-hour mean on the daily table, as the standard
 * says; without a 24-hour mean it stays unknown rather than being guessed.
 */
export function realtimeIaqi(input: RealtimeInput): IaqiRecord {
  const so2 =
    isValidConcentration(input.so2) && input.so2 > SO2_1H_LIMIT
      ? iaqi('so2', input.so2_24h, 'DAY')
      : iaqi('so2', input.so2, 'HOUR');
  return record({
    so2,
    no2: iaqi('no2', input.no2, 'HOUR'),
    pm10: iaqi('pm10', input.pm10, 'HOUR'),
    co: iaqi('co', input.co, 'HOUR'),
    o3: iaqi('o3', input.o3, 'HOUR'),
    pm2_5: iaqi('pm2_5', input.pm2_5, 'HOUR'),
  });
}

/**
 * IAQI of the daily report: 24-hour means of SO2, NO2, PM10, CO, PM2.5 and the O3 daily maximum
 * 8-hour mean. When that exceeds 800 μg/m³ the O3 IAQI is the one of the daily maximum 1-hour value,
 * recorded under 'o3' (臭氧1小时); without a 1-hour value it stays unknown.
 */
export function dailyIaqi(input: DailyInput): IaqiRecord {
  const o3Over = isValidConcentration(input.o3_8h) && input.o3_8h > O3_8H_LIMIT;
  return record({
    so2: iaqi('so2', input.so2, 'DAY'),
    no2: iaqi('no2', input.no2, 'DAY'),
    pm10: iaqi('pm10', input.pm10, 'DAY'),
    co: iaqi('co', input.co, 'DAY'),
    o3_8h: o3Over ? null : iaqi('o3_8h', input.o3_8h, 'DAY'),
    o3: o3Over ? iaqi('o3', input.o3, 'DAY') : null,
    pm2_5: iaqi('pm2_5', input.pm2_5, 'DAY'),
  });
}

/** Pollutants whose IAQI equals the AQI (all of them when tied), named only when AQI > 50. */
export function primaryPollutants(
  iaqiValues: Partial<Record<PollutantKey, number | null>>,
  aqi: number | null,
): PollutantKey[] {
  if (aqi === null || aqi <= PRIMARY_POLLUTANT_MIN_AQI) return [];
  return POLLUTANT_KEYS.filter((k) => iaqiValues[k] === aqi);
}

/** AQI = the largest IAQI (HJ 633-2012 formula 2); missing IAQI are skipped, all missing gives null. */
export function aqiFromIaqi(iaqiValues: Partial<Record<PollutantKey, number | null>>): AqiResult {
  let aqi: number | null = null;
  for (const key of POLLUTANT_KEYS) {
    const value = iaqiValues[key];
    if (typeof value === 'number' && (aqi === null || value > aqi)) aqi = value;
  }
  return {
    aqi,
    iaqi: record(iaqiValues),
    primaryPollutants: primaryPollutants(iaqiValues, aqi),
    level: aqiLevel(aqi),
  };
}

export function realtimeAqi(input: RealtimeInput): AqiResult {
  return aqiFromIaqi(realtimeIaqi(input));
}

export function dailyAqi(input: DailyInput): AqiResult {
  return aqiFromIaqi(dailyIaqi(input));
}
