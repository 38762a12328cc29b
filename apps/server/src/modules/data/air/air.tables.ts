import type { DataSource } from '../stations';

/** Concentrations of one hour: μg/m³, CO mg/m³; null when missing. */
export interface HourlyPollutantColumns {
  pm2_5: number | null;
  pm2_5_24h: number | null;
  pm10: number | null;
  pm10_24h: number | null;
  so2: number | null;
  so2_24h: number | null;
  no2: number | null;
  no2_24h: number | null;
  co: number | null;
  co_24h: number | null;
  /** The current 1-hour O3. */
  o3: number | null;
  /** The highest 1-hour O3 of the last 24 hours. */
  o3_1h_max: number | null;
  /** The current 8-hour moving mean of O3. */
  o3_8h: number | null;
  /** The highest 8-hour mean of the day so far. */
  o3_8h_max: number | null;
}

/** The published columns of an hourly row, in the order of the hourly tables (shared with the demo generator). */
export const HOURLY_COLUMNS = [
  'pm2_5',
  'pm2_5_24h',
  'pm10',
  'pm10_24h',
  'so2',
  'so2_24h',
  'no2',
  'no2_24h',
  'co',
  'co_24h',
  'o3',
  'o3_1h_max',
  'o3_8h',
  'o3_8h_max',
] as const satisfies readonly (keyof HourlyPollutantColumns)[];

export interface AirIndexColumns {
  aqi: number | null;
  /** 0 (unknown) … 6 (严重污染). */
  level: number;
  /** Pollutant keys joined by ',' ('pm2_5,pm10'); null when AQI ≤ 50 or unknown. */
  primary_pollutant: string | null;
}

export interface Provenance {
  source: DataSource;
  updated_at: number;
}

export interface StationHourlyTable extends HourlyPollutantColumns, AirIndexColumns, Provenance {
  station_code: string;
  /** Epoch seconds of the END of the hour. */
  time: number;
  /** Bit set of QC findings (see ingest/qc): 1 = published AQI inconsistent, 2 = primary pollutant inconsistent. */
  qc_flags: number;
  /** 1 when a later revision of this hour replaced the first one. */
  revised: number;
}

export interface CityHourlyTable extends HourlyPollutantColumns, AirIndexColumns, Provenance {
  city_code: string;
  time: number;
  /** Non-reference stations that reported this hour. */
  station_count: number;
}

export interface CityDailyTable extends AirIndexColumns, Provenance {
  city_code: string;
  /** Epoch seconds of 00:00 China time. */
  day: number;
  pm2_5: number | null;
  pm10: number | null;
  so2: number | null;
  no2: number | null;
  co: number | null;
  o3_1h_max: number | null;
  /** The day's highest 8-hour moving mean. */
  o3_8h: number | null;
  valid_hours: number;
}

/** A month or year of a city, evaluated as HJ 663-2013 does. */
export interface PeriodAggregateColumns extends Provenance {
  city_code: string;
  pm2_5: number | null;
  pm10: number | null;
  so2: number | null;
  no2: number | null;
  /** 95th percentile of daily CO means. */
  co_p95: number | null;
  /** 90th percentile of the daily maximum 8-hour O3. */
  o3_8h_p90: number | null;
  /** 环境空气质量综合指数: the sum of each pollutant's ratio to its annual standard. */
  composite_index: number | null;
  aqi_mean: number | null;
  days: number;
  /** Days of level 1–2 (优良天数). */
  good_days: number;
  level1_days: number;
  level2_days: number;
  level3_days: number;
  level4_days: number;
  level5_days: number;
  level6_days: number;
}

export interface CityMonthlyTable extends PeriodAggregateColumns {
  /** YYYYMM. */
  month: number;
}

export interface CityYearlyTable extends PeriodAggregateColumns {
  year: number;
}

export interface AqForecastTable extends Provenance {
  city_code: string;
  day: number;
  issued_at: number;
  aqi_min: number | null;
  aqi_max: number | null;
  level_min: number;
  level_max: number;
  primary_pollutant: string | null;
  text: string | null;
}

/** A China day number whose city day (and its month and year) awaits computation (migration 0024). */
export interface CityDayPendingTable {
  day: number;
}

export interface AirTables {
  station_hourly: StationHourlyTable;
  city_hourly: CityHourlyTable;
  city_daily: CityDailyTable;
  city_monthly: CityMonthlyTable;
  city_yearly: CityYearlyTable;
  aq_forecast: AqForecastTable;
  city_day_pending: CityDayPendingTable;
}
