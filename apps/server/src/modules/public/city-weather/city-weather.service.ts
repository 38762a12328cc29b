import { type Area, areaByCode } from '@lantian/areas';
import type { MeteoAirHour, SurfacePoint, WeatherLayerKey, WeatherNow } from '@lantian/contracts';
import {
  chinaDay,
  chinaDayStart,
  formatChinaDate,
  formatChinaDateTime,
  isStale,
  legendPosition,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
  startOfChinaHour,
  WEATHER_LEGENDS,
} from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { invalidField } from '../../../platform/errors';
import { boundedRange } from '../../../platform/http/params';
import { type AirStore, presentAir } from '../../data/air';
import type { SoundingService } from '../../data/upper-air';
import {
  dayList,
  forecastDay,
  layerValue,
  MAX_WEATHER_RANGE_DAYS,
  NO_AIR_ROW,
  type ObservedDays,
  pairByHour,
  presentForecastDay,
  presentForecastHour,
  presentWeatherNow,
  presentWeatherValues,
  type WeatherRepository,
} from '../../data/weather';

/** Daily forecasts shown with the current weather: today and the six days after. */
export const FORECAST_DAYS = 7;
/** getCityDayWeather without a range: this many days either side of today. */
export const DAYS_AROUND_TODAY = 7;

const MAX_RANGE = { seconds: MAX_WEATHER_RANGE_DAYS * SECONDS_PER_DAY, text: `${MAX_WEATHER_RANGE_DAYS} 天` };

/** getHighMeteoData borrows the ascent of the nearest sounding station this close to the city. */
const HIGH_METEO_REACH_KM = 400;

/** City weather: current conditions, forecasts, observed days and the nationwide map layers. */
export class CityWeatherService {
  constructor(
    private readonly weather: WeatherRepository,
    private readonly observedDays: ObservedDays,
    private readonly air: AirStore,
    private readonly now: Clock,
    private readonly soundings: SoundingService,
  ) {}

  /** A city's latest observation as of the data clock (with its age), or null when it never had one. */
  private async current(cityCode: string): Promise<WeatherNow | null> {
    const now = this.now();
    const row = await this.weather.latestObservation(cityCode, now);
    return row === undefined ? null : presentWeatherNow(row, now);
  }

  async getWeather({ city }: { city: Area }) {
    const now = this.now();
    const nextHour = startOfChinaHour(now) + SECONDS_PER_HOUR;
    const [current, daily, hourly] = await Promise.all([
      this.current(city.code),
      this.weather.dailyForecasts(city.code, chinaDayStart(chinaDay(now))),
      this.weather.hourlyForecasts(city.code, nextHour, nextHour + 23 * SECONDS_PER_HOUR),
    ]);
    return {
      cityCode: city.code,
      cityName: city.name,
      now: current,
      daily: daily.slice(0, FORECAST_DAYS).map(presentForecastDay),
      hourly: hourly.map(presentForecastHour),
    };
  }

  /** Days before today observed, today and later forecast; the range defaults to a week either side. */
  async getCityDayWeather(input: { city: Area; startTime?: number | undefined; endTime?: number | undefined }) {
    const { city } = input;
    const today = chinaDay(this.now());
    let fromDay = today - DAYS_AROUND_TODAY;
    let toDay = today + DAYS_AROUND_TODAY;
    if (input.startTime !== undefined || input.endTime !== undefined) {
      if (input.startTime === undefined) throw invalidField('startTime', '与 endTime 需同时提供');
      if (input.endTime === undefined) throw invalidField('endTime', '与 startTime 需同时提供');
      const range = boundedRange(
        { startTime: input.startTime, endTime: input.endTime },
        MAX_RANGE.seconds,
        MAX_RANGE.text,
      );
      fromDay = chinaDay(range.from);
      toDay = chinaDay(range.to);
    }
    const [observed, forecasts] = await Promise.all([
      this.observedDays.of(city.code, fromDay, Math.min(toDay, today - 1)),
      toDay < today ? [] : this.weather.dailyForecasts(city.code, chinaDayStart(Math.max(fromDay, today))),
    ]);
    const forecastOf = new Map(forecasts.map((f) => [chinaDay(f.day), f]));
    const future = dayList(Math.max(fromDay, today), toDay).map((d) => forecastDay(d, forecastOf.get(d)));
    return {
      cityCode: city.code,
      cityName: city.name,
      startDate: formatChinaDate(chinaDayStart(fromDay)),
      endDate: formatChinaDate(chinaDayStart(toDay)),
      days: [...observed.days, ...future],
    };
  }

  async getMeteoAnaData(input: { city: Area; startTime: number; endTime: number }) {
    const { city } = input;
    const { from, to } = boundedRange(input, MAX_RANGE.seconds, MAX_RANGE.text);
    const [weather, air] = await Promise.all([
      this.weather.observations(city.code, from, to),
      this.air.cityHours.ofCity(city.code, from, to),
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
      cityCode: city.code,
      cityName: city.name,
      startTime: formatChinaDateTime(from),
      endTime: formatChinaDateTime(to),
      hours,
    };
  }

  /**
   * Every city's value on one weather layer at an hour, with its AQI, for the map overlay. A time
   * names the hour ending at or before it (10:30 reads the 10:00 value).
   */
  async getAqiSurMeteoData(input: { layer: WeatherLayerKey; time?: number | undefined }) {
    const legend = WEATHER_LEGENDS[input.layer];
    const now = this.now();
    const requested = input.time === undefined ? undefined : startOfChinaHour(input.time);
    const time = requested ?? (await this.weather.latestObservationTimeUpTo(now));
    const empty = { layer: input.layer, time: null, stale: false, legend, points: [] };
    if (time === undefined) return empty;
    const [rows, airRows] = await Promise.all([this.weather.observationsAt(time), this.air.cityHours.at(time)]);
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
  /**
   * The upper air over a city: the ascent at or before `time` of the nearest sounding station within
   * 400 km (radiosondes are ~300 km apart in China, so every city has one unless none reported).
   * No ascent → the city with no station and no levels, not an error.
   */
  async getHighMeteoData(input: { city: Area; time?: number | undefined }) {
    const { city } = input;
    const found = await this.soundings.nearestSounding(city, input.time, HIGH_METEO_REACH_KM);
    if (!found) {
      const time = input.time === undefined ? null : formatChinaDateTime(startOfChinaHour(input.time));
      return { cityCode: city.code, cityName: city.name, time, stationCode: null, stationName: null, levels: [] };
    }
    return {
      cityCode: city.code,
      cityName: city.name,
      time: found.time,
      stationCode: found.station.code,
      stationName: found.station.name,
      levels: found.levels.map((l) => ({
        pressure: l.pressure,
        height: l.height,
        temperature: l.temperature,
        dewPoint: l.dewpoint,
        windDirection: l.windDirection,
        windSpeed: l.windSpeed,
      })),
    };
  }
}
