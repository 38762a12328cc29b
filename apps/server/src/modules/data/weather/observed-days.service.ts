import type { WeatherDay } from '@lantian/contracts';
import type { WeatherHour, WeatherRepository } from './weather.repository';
import { hoursByDay, hoursOfDays, observedDay } from './weather-days';

/** Longest range of the hourly and daily weather calls (a month of hours is ~750 rows per city). */
export const MAX_WEATHER_RANGE_DAYS = 31;

/** The China day numbers from `fromDay` to `toDay`, both included. */
export function dayList(fromDay: number, toDay: number): number[] {
  return Array.from({ length: toDay - fromDay + 1 }, (_, i) => fromDay + i);
}

/** A city's observed days, summarised from their hours, every day of the range listed (weather.days.ts). */
export class ObservedDays {
  constructor(private readonly weather: WeatherRepository) {}

  async of(cityCode: string, fromDay: number, toDay: number): Promise<{ days: WeatherDay[]; hours: WeatherHour[] }> {
    if (toDay < fromDay) return { days: [], hours: [] };
    const { from, to } = hoursOfDays(fromDay, toDay);
    const hours = await this.weather.observations(cityCode, from, to);
    const byDay = hoursByDay(hours);
    return { days: dayList(fromDay, toDay).map((d) => observedDay(d, byDay.get(d) ?? [])), hours };
  }
}
