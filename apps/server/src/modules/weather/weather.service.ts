import { areaByCode } from '@lantian/areas';
import type { MeteoAirHour, SurfacePoint, WeatherDay, WeatherLayerKey, WeatherNow } from '@lantian/contracts';
import {
  chinaDay,
  chinaDayStart,
  formatChinaDate,
  formatChinaDateTime,
  legendPosition,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
  startOfChinaHour,
  WEATHER_LEGENDS,
} from '@lantian/domain';
import { invalidField } from '../../platform/errors';
import type { AirRepository } from '../air';
import { parseRange, parseTime, resolveCityParam } from '../public-api/params';
import { isStale, presentAir } from '../public-api/presenters';
import { forecastDay, hoursByDay, hoursOfDays, observedDay } from './weather.days';
import {
  layerValue,
  NO_AIR_ROW,
  pairByHour,
  presentForecastDay,
  presentForecastHour,
  presentWeatherNow,
  presentWeatherValues,
} from './weather.presenters';
import type { WeatherHour, WeatherRepository } from './weather.repository';

/** Daily forecasts shown with the current weather: today and the six days after. */
export const FORECAST_DAYS = 7;
/** getCityDayWeather without a range: this many days either side of today. */
export const DAYS_AROUND_TODAY = 7;
/** Longest range of the hourly and daily weather calls (a month of hours is ~750 rows per city). */
export const MAX_RANGE_DAYS = 31;

export interface CityInput {
  /** An area code or pinyin name, as the call took it. */
  city: string;
}

export interface RangeInput extends CityInput {
  startTime: string;
  endTime: string;
}

export interface OptionalRangeInput extends CityInput {
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/** The range of a call, checked against its maximum span. */
export function parseMaxRange(input: { startTime: string; endTime: string }, maxDays: number) {
  return parseRange(
    { field: 'startTime', value: input.startTime },
    { field: 'endTime', value: input.endTime },
    maxDays * SECONDS_PER_DAY,
    `${maxDays} 天`,
  );
}

/** The hour a time parameter names: the hour ending at or before it (10:30 reads the 10:00 value). */
export function parseHour(field: string, value: string): number {
  return startOfChinaHour(parseTime(field, value));
}

export function dayList(fromDay: number, toDay: number): number[] {
  return Array.from({ length: toDay - fromDay + 1 }, (_, i) => fromDay + i);
}

/** City weather: current conditions, forecasts, observed days and the nationwide map layers. */
export class WeatherService {
  constructor(
    private readonly weather: WeatherRepository,
    private readonly air: AirRepository,
    private readonly now: () => number,
  ) {}

  /** A city's latest observation as of the data clock (with its age), or null when it never had one. */
  async current(cityCode: string): Promise<WeatherNow | null> {
    const now = this.now();
    const row = await this.weather.latestObservation(cityCode, now);
    return row === undefined ? null : presentWeatherNow(row, now);
  }

  async getWeather(input: CityInput) {
    const area = resolveCityParam(input.city);
    const now = this.now();
    const nextHour = startOfChinaHour(now) + SECONDS_PER_HOUR;
    const [current, daily, hourly] = await Promise.all([
      this.current(area.code),
      this.weather.dailyForecasts(area.code, chinaDayStart(chinaDay(now))),
      this.weather.hourlyForecasts(area.code, nextHour, nextHour + 23 * SECONDS_PER_HOUR),
    ]);
    return {
      cityCode: area.code,
      cityName: area.name,
      now: current,
      daily: daily.slice(0, FORECAST_DAYS).map(presentForecastDay),
      hourly: hourly.map(presentForecastHour),
    };
  }

  /** Observed days summarised from their hours, every day of the range listed. */
  async observedDays(
    cityCode: string,
    fromDay: number,
    toDay: number,
  ): Promise<{ days: WeatherDay[]; hours: WeatherHour[] }> {
    if (toDay < fromDay) return { days: [], hours: [] };
    const { from, to } = hoursOfDays(fromDay, toDay);
    const hours = await this.weather.observations(cityCode, from, to);
    const byDay = hoursByDay(hours);
    return { days: dayList(fromDay, toDay).map((d) => observedDay(d, byDay.get(d) ?? [])), hours };
  }

  /** Days before today observed, today and later forecast; the range defaults to a week either side. */
  async getCityDayWeather(input: OptionalRangeInput) {
    const area = resolveCityParam(input.city);
    const today = chinaDay(this.now());
    let fromDay = today - DAYS_AROUND_TODAY;
    let toDay = today + DAYS_AROUND_TODAY;
    if (input.startTime !== undefined || input.endTime !== undefined) {
      if (input.startTime === undefined) throw invalidField('startTime', '与 endTime 需同时提供');
      if (input.endTime === undefined) throw invalidField('endTime', '与 startTime 需同时提供');
      const range = parseMaxRange({ startTime: input.startTime, endTime: input.endTime }, MAX_RANGE_DAYS);
      fromDay = chinaDay(range.from);
      toDay = chinaDay(range.to);
    }
    const [observed, forecasts] = await Promise.all([
      this.observedDays(area.code, fromDay, Math.min(toDay, today - 1)),
      toDay < today ? [] : this.weather.dailyForecasts(area.code, chinaDayStart(Math.max(fromDay, today))),
    ]);
    const forecastOf = new Map(forecasts.map((f) => [chinaDay(f.day), f]));
    const future = dayList(Math.max(fromDay, today), toDay).map((d) => forecastDay(d, forecastOf.get(d)));
    return {
      cityCode: area.code,
      cityName: area.name,
      startDate: formatChinaDate(chinaDayStart(fromDay)),
      endDate: formatChinaDate(chinaDayStart(toDay)),
      days: [...observed.days, ...future],
    };
  }

  async getMeteoAnaData(input: RangeInput) {
    const area = resolveCityParam(input.city);
    const { from, to } = parseMaxRange(input, MAX_RANGE_DAYS);
    const [weather, air] = await Promise.all([
      this.weather.observations(area.code, from, to),
      this.air.cityHours(area.code, from, to),
    ]);
    const hours: MeteoAirHour[] = pairByHour(weather, air).map((p) => ({
      time: formatChinaDateTime(p.time),
      weather:
        p.weather === undefined
          ? null
          : { ...presentWeatherValues(p.weather), source: p.weather.source, isDemo: p.weather.source === 'demo' },
      air: p.air === undefined ? null : { ...presentAir(p.air), source: p.air.source, isDemo: p.air.source === 'demo' },
    }));
    return {
      cityCode: area.code,
      cityName: area.name,
      startTime: formatChinaDateTime(from),
      endTime: formatChinaDateTime(to),
      hours,
    };
  }

  /** Every city's value on one weather layer at an hour, with its AQI, for the map overlay. */
  async getAqiSurMeteoData(input: { layer: WeatherLayerKey; time?: string | undefined }) {
    const legend = WEATHER_LEGENDS[input.layer];
    const now = this.now();
    const requested = input.time === undefined ? undefined : parseHour('time', input.time);
    const time = requested ?? (await this.weather.latestObservationTimeUpTo(now));
    const empty = { layer: input.layer, time: null, stale: false, legend, points: [] };
    if (time === undefined) return empty;
    const [rows, airRows] = await Promise.all([this.weather.observationsAt(time), this.air.cityHoursAt(time)]);
    const airOf = new Map(airRows.map((a) => [a.city_code, a]));
    const points = rows.flatMap((row): SurfacePoint[] => {
      const area = areaByCode(row.city_code);
      if (area === undefined) return [];
      const air = airOf.get(row.city_code);
      const level = presentAir(air ?? NO_AIR_ROW);
      const value = layerValue(input.layer, row);
      return [
        {
          cityCode: area.code,
          cityName: area.name,
          longitude: area.longitude,
          latitude: area.latitude,
          value,
          position: legendPosition(input.layer, value),
          windDirection: row.wind_direction,
          aqi: level.aqi,
          level: level.level,
          levelName: level.levelName,
          color: level.color,
          source: row.source,
          isDemo: row.source === 'demo',
        },
      ];
    });
    return {
      layer: input.layer,
      time: formatChinaDateTime(time),
      stale: requested === undefined && isStale(time, now),
      legend,
      points,
    };
  }

  /** Upper-air soundings: no feed yet, so a checked request gets the right shape with no levels. */
  getHighMeteoData(input: { city: string; time?: string | undefined }) {
    const area = resolveCityParam(input.city);
    const time = input.time === undefined ? null : formatChinaDateTime(parseHour('time', input.time));
    return { cityCode: area.code, cityName: area.name, time, stationCode: null, stationName: null, levels: [] };
  }
}
