import { chinaTime, realtimeAqi } from '@lantian/domain';
import type { Database } from '../../platform/db/database';
import { AirAggregation, AirRepository, type StationHourInput } from '../air';
import { type DataSource, StationsRepository } from '../stations';
import { WeatherRepository } from '../weather';

/**
 * Data of the city-air tests: the clock stands at 2024-05-10 14:20 China time, so the latest hour
 * that can exist is the one ending 14:00.
 */
export const NOW = chinaTime(2024, 5, 10, 14, 20);
export const HOUR = chinaTime(2024, 5, 10, 14);
export const H = 3600;

/** Beijing: two stations and a reference station (not counted); Shanghai: one demo station. */
export async function addStations(database: Database): Promise<void> {
  await new StationsRepository(database).upsert(
    [
      {
        code: '1001A',
        name: '万寿西宫',
        city_code: '110000',
        county_code: '110102',
        longitude: 116.37,
        latitude: 39.87,
        source: 'cnemc',
      },
      {
        code: '1002A',
        name: '定陵',
        city_code: '110000',
        county_code: '110114',
        longitude: 116.17,
        latitude: 40.29,
        source: 'cnemc',
      },
      {
        code: '1012A',
        name: '密云水库(对照点)',
        city_code: '110000',
        county_code: null,
        longitude: 116.9,
        latitude: 40.5,
        is_reference: 1,
        source: 'cnemc',
      },
      {
        code: 'D310000-01',
        name: '演示站',
        city_code: '310000',
        county_code: null,
        longitude: 121.4,
        latitude: 31.2,
        source: 'demo',
      },
    ],
    0,
  );
}

export interface Concentrations {
  pm2_5: number | null;
  pm10?: number | null;
  so2?: number | null;
  no2?: number | null;
  co?: number | null;
  o3?: number | null;
  o3_8h?: number | null;
}

/** A station hour whose index values follow from its concentrations, as the release's do. */
export function stationHour(
  code: string,
  time: number,
  c: Concentrations,
  source: DataSource = 'cnemc',
): StationHourInput {
  const values = { pm10: 60, so2: 6, no2: 30, co: 0.6, o3: 40, o3_8h: 50, ...c };
  const result = realtimeAqi(values);
  return {
    station_code: code,
    time,
    aqi: result.aqi,
    level: result.level,
    primary_pollutant: result.primaryPollutants.length === 0 ? null : result.primaryPollutants.join(','),
    pm2_5: values.pm2_5,
    pm2_5_24h: null,
    pm10: values.pm10,
    pm10_24h: null,
    so2: values.so2,
    so2_24h: null,
    no2: values.no2,
    no2_24h: null,
    co: values.co,
    co_24h: null,
    o3: values.o3,
    o3_1h_max: null,
    o3_8h: values.o3_8h,
    o3_8h_max: null,
    source,
    qc_flags: 0,
  };
}

/** Stores station hours and derives the city rows from them, as an import does. */
export async function addHours(database: Database, rows: readonly StationHourInput[]): Promise<void> {
  const air = new AirRepository(database);
  await air.upsertStationHours(rows, NOW);
  await new AirAggregation(air, () => NOW).refreshFromStationHours(rows.map((r) => r.time));
}

/**
 * Beijing's forecasts: air quality for 05-09 (already past), 05-10 from the evening issue of 05-09,
 * 05-11 to 05-13 from the 08:00 issue of 05-10; hourly weather for the 30 hours after 14:00; the
 * daily weather of 05-10.
 */
export async function addForecasts(database: Database): Promise<void> {
  const day = (d: number) => chinaTime(2024, 5, d);
  const oldIssue = chinaTime(2024, 5, 9, 20);
  const newIssue = chinaTime(2024, 5, 10, 8);
  const aq = (d: number, issued: number, min: number, max: number, levels: [number, number], text: string) => ({
    city_code: '110000',
    day: day(d),
    issued_at: issued,
    aqi_min: min,
    aqi_max: max,
    level_min: levels[0],
    level_max: levels[1],
    primary_pollutant: max > 50 ? 'o3_8h' : null,
    text,
    source: 'cnemc' as const,
    updated_at: NOW,
  });
  await new AirRepository(database).upsertAqForecasts([
    aq(9, chinaTime(2024, 5, 8, 20), 40, 60, [1, 2], '旧文字'),
    aq(10, oldIssue, 60, 90, [2, 2], '前一次发布'),
    aq(11, newIssue, 85, 120, [2, 3], '预计未来三天以良为主'),
    aq(12, newIssue, 30, 45, [1, 1], '预计未来三天以良为主'),
    aq(13, newIssue, 50, 70, [1, 2], '预计未来三天以良为主'),
  ]);
  const weather = new WeatherRepository(database);
  await weather.upsertHourlyForecasts(
    Array.from({ length: 30 }, (_, i) => ({
      city_code: '110000',
      time: HOUR + (i + 1) * H,
      issued_at: newIssue,
      temperature: 20 + (i % 10),
      humidity: 50,
      pressure: 1010,
      wind_speed: 3.4,
      wind_direction: 180,
      precipitation: 0,
      radiation: null,
      weather_code: '101',
      weather_text: '多云',
      precipitation_probability: 10,
      source: 'demo' as const,
      updated_at: NOW,
    })),
  );
  await weather.upsertDailyForecasts([
    {
      city_code: '110000',
      day: day(10),
      issued_at: newIssue,
      temp_max: 27,
      temp_min: 15,
      code_day: '101',
      text_day: '多云',
      code_night: '150',
      text_night: '晴',
      wind_direction: 180,
      wind_speed: 3.4,
      humidity: 50,
      precipitation: 0,
      source: 'demo',
      updated_at: NOW,
    },
  ]);
}
