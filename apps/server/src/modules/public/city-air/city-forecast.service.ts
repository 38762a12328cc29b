import type { Area } from '@lantian/areas';
import type { CityAirForecastDay, CityNextHourItem } from '@lantian/contracts';
import {
  beaufortFromMs,
  chinaDayStart,
  dayOfHourEnding,
  formatChinaDate,
  formatChinaDateTime,
  SECONDS_PER_HOUR,
  startOfChinaDay,
  startOfChinaHour,
  windDirectionName,
} from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { type AirStore, type AqForecast, presentAirForecastDay } from '../../data/air';
import type { WeatherForecastHour, WeatherRepository } from '../../data/weather';
import { cityIdentity } from './city-air.presenters';

type Identity = ReturnType<typeof cityIdentity>;

/**
 * Note of getCityNextHoursData: there is no hourly air-quality forecast, so none is made up; each
 * hour carries the weather forecast and the air-quality forecast of its day, as issued.
 */
export const NEXT_HOURS_NOTE =
  '逐小时天气来自天气预报；空气质量为该小时所在日的空气质量日预报（AQI 区间），不是逐小时空气质量预报';

export const DEFAULT_NEXT_HOURS = 24;

function presentForecastWeather(row: WeatherForecastHour): CityNextHourItem['weather'] {
  return {
    temperature: row.temperature,
    humidity: row.humidity,
    windSpeed: row.wind_speed,
    windDirection: row.wind_direction,
    windDirectionName: windDirectionName(row.wind_direction),
    windForce: beaufortFromMs(row.wind_speed),
    precipitation: row.precipitation,
    precipitationProbability: row.precipitation_probability,
    text: row.weather_text,
    // QWeather names its icons by the weather code.
    icon: row.weather_code,
    source: row.source,
    isDemo: row.source === 'demo',
  };
}

/** The air-quality forecast (aq_forecast) and the hourly outlook built on the weather forecast. */
export class CityForecastService {
  constructor(
    private readonly air: AirStore,
    private readonly weather: WeatherRepository,
    private readonly now: Clock,
  ) {}

  /** Forecast days from today on; days already past are history, not forecast. */
  private upcoming(cityCode: string): Promise<AqForecast[]> {
    return this.air.forecasts.ofCity(cityCode, startOfChinaDay(this.now()));
  }

  async threeDays(area: Area): Promise<Identity & { items: CityAirForecastDay[] }> {
    const rows = await this.upcoming(area.code);
    return { ...cityIdentity(area), items: rows.slice(0, 3).map(presentAirForecastDay) };
  }

  async text(area: Area) {
    const rows = await this.upcoming(area.code);
    // Each row carries the text of the issue it came from; the newest issue speaks for the days ahead.
    let newest: AqForecast | undefined;
    for (const r of rows) if (newest === undefined || r.issued_at > newest.issued_at) newest = r;
    return {
      ...cityIdentity(area),
      forecast:
        newest === undefined
          ? null
          : {
              text: newest.text,
              issuedAt: formatChinaDateTime(newest.issued_at),
              date: formatChinaDate(newest.day),
              source: newest.source,
              isDemo: newest.source === 'demo',
            },
    };
  }

  async nextHours(area: Area, asked: number | undefined) {
    const hours = asked ?? DEFAULT_NEXT_HOURS;
    const current = startOfChinaHour(this.now());
    const [weather, air] = await Promise.all([
      this.weather.hourlyForecasts(area.code, current + SECONDS_PER_HOUR, current + hours * SECONDS_PER_HOUR),
      this.upcoming(area.code),
    ]);
    const byDay = new Map(air.map((r) => [r.day, presentAirForecastDay(r)]));
    const items: CityNextHourItem[] = weather.map((w) => ({
      time: formatChinaDateTime(w.time),
      weather: presentForecastWeather(w),
      // An hour is labelled by its end: 00:00 closes the previous day.
      dayAirForecast: byDay.get(chinaDayStart(dayOfHourEnding(w.time))) ?? null,
    }));
    return { ...cityIdentity(area), hours, note: NEXT_HOURS_NOTE, items };
  }
}
