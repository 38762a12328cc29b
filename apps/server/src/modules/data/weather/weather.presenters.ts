import type {
  WeatherForecastDayData,
  WeatherForecastHourData,
  WeatherHourData,
  WeatherNow,
  WeatherValues,
} from '@lantian/contracts';
import {
  beaufortFromMs,
  formatChinaDate,
  formatChinaDateTime,
  isStale,
  type WeatherLayer,
  windDirectionName,
} from '@lantian/domain';
import type { WeatherForecastDay, WeatherForecastHour, WeatherHour } from './weather.repository';
import type { WeatherColumns } from './weather.tables';

/** Stored weather rows as the API shows them (contracts/weather.ts). */

type StoredValues = Omit<WeatherColumns, 'source' | 'updated_at'>;

/** Speed and degrees as stored, plus the 8-sector name and Beaufort force of spec §9. */
export function presentWind(speed: number | null, direction: number | null) {
  return {
    windSpeed: speed,
    windDirection: direction,
    windDirectionName: windDirectionName(direction),
    windForce: beaufortFromMs(speed),
  };
}

export function presentWeatherValues(row: StoredValues): WeatherValues {
  return {
    temperature: row.temperature,
    humidity: row.humidity,
    pressure: row.pressure,
    ...presentWind(row.wind_speed, row.wind_direction),
    precipitation: row.precipitation,
    radiation: row.radiation,
    text: row.weather_text,
    // QWeather names its icons by the weather code, so the code is the icon.
    icon: row.weather_code,
  };
}

export function presentWeatherHour(row: WeatherHour): WeatherHourData {
  return {
    ...presentWeatherValues(row),
    time: formatChinaDateTime(row.time),
    source: row.source,
    isDemo: row.source === 'demo',
  };
}

/** The latest observation, saying how old it is rather than passing it off as current. */
export function presentWeatherNow(row: WeatherHour, nowSeconds: number): WeatherNow {
  return { ...presentWeatherHour(row), stale: isStale(row.time, nowSeconds) };
}

export function presentForecastHour(row: WeatherForecastHour): WeatherForecastHourData {
  return { ...presentWeatherHour(row), precipitationProbability: row.precipitation_probability };
}

export function presentForecastDay(row: WeatherForecastDay): WeatherForecastDayData {
  return {
    date: formatChinaDate(row.day),
    textDay: row.text_day,
    iconDay: row.code_day,
    textNight: row.text_night,
    iconNight: row.code_night,
    tempMax: row.temp_max,
    tempMin: row.temp_min,
    ...presentWind(row.wind_speed, row.wind_direction),
    humidity: row.humidity,
    precipitation: row.precipitation,
    source: row.source,
    isDemo: row.source === 'demo',
  };
}

/**
 * A row's value on a map layer, in the layer's legend unit. Isobars are drawn in Pa (spec §9's
 * 99000–103000), so pressure in hPa is multiplied by 100.
 */
export function layerValue(layer: WeatherLayer, row: StoredValues): number | null {
  switch (layer) {
    case 'temp':
      return row.temperature;
    case 'hum':
      return row.humidity;
    case 'pre':
      return row.pressure;
    case 'wind':
      return row.wind_speed;
    case 'rain':
      return row.precipitation;
    case 'radiat':
      return row.radiation;
    case 'isobar':
      return row.pressure === null ? null : Math.round(row.pressure * 100);
  }
}

/** Weather and air hours of one city side by side, by hour; either side may be missing. */
export function pairByHour<A extends { time: number }>(
  weather: readonly WeatherHour[],
  air: readonly A[],
): { time: number; weather: WeatherHour | undefined; air: A | undefined }[] {
  const weatherAt = new Map(weather.map((w) => [w.time, w]));
  const airAt = new Map(air.map((a) => [a.time, a]));
  const times = [...new Set([...weatherAt.keys(), ...airAt.keys()])].sort((a, b) => a - b);
  return times.map((time) => ({ time, weather: weatherAt.get(time), air: airAt.get(time) }));
}

/** The air side of an hour that has none: unknown level, every value missing. */
export const NO_AIR_ROW = {
  aqi: null,
  level: 0,
  primary_pollutant: null,
  pm2_5: null,
  pm10: null,
  so2: null,
  no2: null,
  co: null,
  o3: null,
  o3_8h: null,
} as const;
