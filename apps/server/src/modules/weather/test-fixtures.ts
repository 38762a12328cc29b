import { realtimeAqi } from '@lantian/domain';
import type { Database } from '../../platform/db/database';
import { AirAggregation, AirRepository, type StationHourInput } from '../air';
import { type NewStation, StationsRepository } from '../stations';
import type { WeatherForecastDailyTable, WeatherForecastHourlyTable, WeatherHourlyTable } from './weather.tables';

/**
 * Rows for tests of the weather and city-analysis calls: written through the owning modules'
 * repositories, air through the station → city aggregation as an import does.
 */

export function weatherRow(cityCode: string, time: number, v: Partial<WeatherHourlyTable> = {}): WeatherHourlyTable {
  return {
    city_code: cityCode,
    time,
    temperature: 10,
    humidity: 50,
    pressure: 1015,
    wind_speed: 2,
    wind_direction: 180,
    precipitation: 0,
    radiation: null,
    weather_code: '101',
    weather_text: '多云',
    source: 'cnemc',
    updated_at: time,
    ...v,
  };
}

export function forecastHourRow(
  cityCode: string,
  time: number,
  v: Partial<WeatherForecastHourlyTable> = {},
): WeatherForecastHourlyTable {
  return { ...weatherRow(cityCode, time), issued_at: time - 86_400, precipitation_probability: 10, ...v };
}

export function forecastDayRow(
  cityCode: string,
  day: number,
  v: Partial<WeatherForecastDailyTable> = {},
): WeatherForecastDailyTable {
  return {
    city_code: cityCode,
    day,
    issued_at: day,
    temp_max: 12,
    temp_min: 1,
    code_day: '100',
    text_day: '晴',
    code_night: '150',
    text_night: '晴',
    wind_direction: 0,
    wind_speed: 4,
    humidity: 35,
    precipitation: 0,
    source: 'cnemc',
    updated_at: day,
    ...v,
  };
}

/** One station-hour: PM2.5 decides the AQI, the other pollutants stay low; AQI as the release publishes it. */
export function stationHour(station: string, time: number, pm2_5: number | null): StationHourInput {
  const published = realtimeAqi({ pm2_5, pm10: 40, so2: 5, no2: 20, co: 0.5, o3: 30 });
  return {
    station_code: station,
    time,
    aqi: published.aqi,
    level: published.level,
    primary_pollutant: published.primaryPollutants.length === 0 ? null : published.primaryPollutants.join(','),
    pm2_5,
    pm2_5_24h: null,
    pm10: 40,
    pm10_24h: null,
    so2: 5,
    so2_24h: null,
    no2: 20,
    no2_24h: null,
    co: 0.5,
    co_24h: null,
    o3: 30,
    o3_1h_max: null,
    o3_8h: 25,
    o3_8h_max: null,
    source: 'cnemc',
    qc_flags: 0,
  };
}

export function station(code: string, cityCode: string, name: string, v: Partial<NewStation> = {}): NewStation {
  return {
    code,
    name,
    city_code: cityCode,
    county_code: null,
    longitude: 116.4,
    latitude: 39.9,
    source: 'cnemc',
    ...v,
  };
}

/** Stations, their hours, and the city hours/days/months derived from them. */
export async function seedAir(
  database: Database,
  stations: readonly NewStation[],
  hours: readonly StationHourInput[],
): Promise<void> {
  await new StationsRepository(database).upsert(stations, 0);
  const air = new AirRepository(database);
  await air.upsertStationHours(hours, 0);
  await new AirAggregation(air, () => 0).refreshFromStationHours(hours.map((h) => h.time));
}
