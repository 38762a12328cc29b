import type { AirValues, CityAirForecastDay, CityPeriodValues, DataMeta } from '@lantian/contracts';
import {
  asAqiLevel,
  formatChinaDate,
  formatChinaDateTime,
  isPollutantKey,
  LEVELS,
  POLLUTANTS,
  type PollutantKey,
} from '@lantian/domain';
import type { DataSource } from '../stations';
import type { AqForecast } from './aq-forecasts.repository';
import type { CityMonth } from './city-months.repository';
import type { CityYear } from './city-years.repository';

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

/** A level's number, name and colour. */
export function levelFields(level: number) {
  const info = LEVELS[asAqiLevel(level)];
  return { level: info.level, levelName: info.name, color: info.color };
}

/** A month's or year's statistics (HJ 663-2013) as the API shows them: getCityMonthData, getCityYearData and the reports. */
export function presentPeriod(row: CityMonth | CityYear): CityPeriodValues {
  const levelDays = [
    row.level1_days,
    row.level2_days,
    row.level3_days,
    row.level4_days,
    row.level5_days,
    row.level6_days,
  ];
  return {
    pm2_5: row.pm2_5,
    pm10: row.pm10,
    so2: row.so2,
    no2: row.no2,
    co: row.co_p95,
    o3_8h: row.o3_8h_p90,
    compositeIndex: row.composite_index,
    aqiMean: row.aqi_mean,
    days: row.days,
    goodDays: row.good_days,
    goodRate: row.days === 0 ? null : row.good_days / row.days,
    levelDays: levelDays.map((days, i) => ({ ...levelFields(i + 1), days })),
    source: row.source,
    isDemo: row.source === 'demo',
  };
}

/** '良' for a one-level forecast, '良至轻度污染' for a range. */
export function forecastLevelText(min: number, max: number): string {
  const low = LEVELS[asAqiLevel(min)].name;
  const high = LEVELS[asAqiLevel(max)].name;
  return min === max ? low : `${low}至${high}`;
}

/**
 * A stored AQI forecast day as the public city page and the platform's forecasts both answer it
 * (contracts' CityAirForecastDay); pollutant names as the national release prints them.
 */
export function presentAirForecastDay(row: AqForecast): CityAirForecastDay {
  const primary = primaryKeys(row.primary_pollutant);
  return {
    date: formatChinaDate(row.day),
    aqiMin: row.aqi_min,
    aqiMax: row.aqi_max,
    levelMin: levelFields(row.level_min),
    levelMax: levelFields(row.level_max),
    levelText: forecastLevelText(row.level_min, row.level_max),
    primaryPollutant: primary,
    primaryPollutantNames: primary.map((k) => POLLUTANTS[k].cnemcName),
    issuedAt: formatChinaDateTime(row.issued_at),
    source: row.source,
    isDemo: row.source === 'demo',
  };
}
