import type { DataSource } from '../stations';

/** One hour of weather; codes and texts follow QWeather's table (100 晴, 101 多云, 305 小雨 …). */
export interface WeatherColumns {
  /** °C */
  temperature: number | null;
  /** % */
  humidity: number | null;
  /** hPa */
  pressure: number | null;
  /** m/s */
  wind_speed: number | null;
  /** Degrees, 0 = from the north, clockwise. */
  wind_direction: number | null;
  /** mm in the hour */
  precipitation: number | null;
  /** W/m² */
  radiation: number | null;
  weather_code: string | null;
  weather_text: string | null;
  source: DataSource;
  updated_at: number;
}

export interface WeatherHourlyTable extends WeatherColumns {
  city_code: string;
  time: number;
}

export interface WeatherForecastHourlyTable extends WeatherColumns {
  city_code: string;
  time: number;
  issued_at: number;
  /** % */
  precipitation_probability: number | null;
}

export interface WeatherForecastDailyTable {
  city_code: string;
  day: number;
  issued_at: number;
  temp_max: number | null;
  temp_min: number | null;
  code_day: string | null;
  text_day: string | null;
  code_night: string | null;
  text_night: string | null;
  wind_direction: number | null;
  wind_speed: number | null;
  humidity: number | null;
  precipitation: number | null;
  source: DataSource;
  updated_at: number;
}

export interface WeatherTables {
  weather_hourly: WeatherHourlyTable;
  weather_forecast_hourly: WeatherForecastHourlyTable;
  weather_forecast_daily: WeatherForecastDailyTable;
}
