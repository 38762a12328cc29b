import { realtimeAqi } from '@lantian/domain';
import type { Database } from '../../platform/db/database';
import {
  AirAggregation,
  AirRepository,
  type CityDailyTable,
  type CityHourlyTable,
  type HourlyPollutantColumns,
  primaryText,
  type StationHourInput,
} from '../air';
import { type DataSource, type NewStation, StationsRepository } from '../stations';

/**
 * Made-up stations and values for the API tests of rankings and sites (tests only). AQI, level and
 * primary pollutant are computed from the values with the domain rules, as an import would store them.
 */

export type Values = Partial<HourlyPollutantColumns>;

const EMPTY: HourlyPollutantColumns = {
  pm2_5: null,
  pm2_5_24h: null,
  pm10: null,
  pm10_24h: null,
  so2: null,
  so2_24h: null,
  no2: null,
  no2_24h: null,
  co: null,
  co_24h: null,
  o3: null,
  o3_1h_max: null,
  o3_8h: null,
  o3_8h_max: null,
};

export function newStation(code: string, cityCode: string, extra: Partial<NewStation> = {}): NewStation {
  return {
    code,
    name: `${code}站`,
    city_code: cityCode,
    county_code: null,
    longitude: 110 + Number(cityCode.slice(0, 2)) / 10,
    latitude: 30 + Number(cityCode.slice(2, 4)) / 10,
    source: 'cnemc',
    ...extra,
  };
}

export function stationHour(
  code: string,
  time: number,
  values: Values,
  source: DataSource = 'cnemc',
): StationHourInput {
  const v = { ...EMPTY, ...values };
  const result = realtimeAqi(v);
  return {
    station_code: code,
    time,
    ...v,
    aqi: result.aqi,
    level: result.level,
    primary_pollutant: primaryText(result),
    source,
    qc_flags: 0,
  };
}

/** A city hour written directly (for series where station detail does not matter). */
export function cityHour(
  cityCode: string,
  time: number,
  values: Values,
  source: DataSource = 'cnemc',
): CityHourlyTable {
  const v = { ...EMPTY, ...values };
  const result = realtimeAqi(v);
  return {
    city_code: cityCode,
    time,
    ...v,
    aqi: result.aqi,
    level: result.level,
    primary_pollutant: primaryText(result),
    station_count: 1,
    source,
    updated_at: 0,
  };
}

export function cityDay(
  cityCode: string,
  day: number,
  values: Partial<Omit<CityDailyTable, 'city_code' | 'day'>>,
): CityDailyTable {
  return {
    city_code: cityCode,
    day,
    aqi: null,
    level: 0,
    primary_pollutant: null,
    pm2_5: null,
    pm10: null,
    so2: null,
    no2: null,
    co: null,
    o3_1h_max: null,
    o3_8h: null,
    valid_hours: 24,
    source: 'cnemc',
    updated_at: 0,
    ...values,
  };
}

/** Stores stations and their hours and derives the city hours, days, months and years from them. */
export async function seedStationHours(
  database: Database,
  stations: readonly NewStation[],
  hours: readonly StationHourInput[],
): Promise<void> {
  await new StationsRepository(database).upsert(stations, 0);
  const air = new AirRepository(database);
  await air.upsertStationHours(hours, 0);
  await new AirAggregation(air, () => 0).refreshFromStationHours(hours.map((h) => h.time));
}
