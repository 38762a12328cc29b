import type { DataSource } from '../stations';

/** The values a public alarm can watch: the AQI and the hourly pollutants. */
export const ALARM_COLUMNS = ['aqi', 'pm2_5', 'pm10', 'so2', 'no2', 'co', 'o3', 'o3_8h'] as const;
export type AlarmColumn = (typeof ALARM_COLUMNS)[number];
/** Upper bounds per column: a row is returned when any given column is above its bound. */
export type AlarmThresholds = Partial<Readonly<Record<AlarmColumn, number>>>;

interface AlarmHourValues extends Record<AlarmColumn, number | null> {
  time: number;
  source: DataSource;
}
export interface CityAlarmHour extends AlarmHourValues {
  city_code: string;
}
export interface StationAlarmHour extends AlarmHourValues {
  station_code: string;
  station_name: string;
  city_code: string;
}

/** The watched columns and their bounds, for a `column > bound OR …` filter. */
export function alarmConditions(thresholds: AlarmThresholds): (readonly [AlarmColumn, number])[] {
  return ALARM_COLUMNS.flatMap((column) => {
    const limit = thresholds[column];
    return limit === undefined ? [] : [[column, limit] as const];
  });
}
