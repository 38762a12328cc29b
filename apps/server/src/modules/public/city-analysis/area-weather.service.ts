import { type Area, areaByCode, listCities } from '@lantian/areas';
import type { LayerReading, WeatherAqiHour } from '@lantian/contracts';
import {
  chinaDay,
  chinaDayStart,
  formatChinaDate,
  formatChinaDateTime,
  legendPosition,
  SECONDS_PER_DAY,
  startOfChinaHour,
  WEATHER_LAYERS,
  WEATHER_LEGENDS,
} from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { boundedRange, type PageInput, pageOf, type TimeRange } from '../../../platform/http/params';
import { type AirStore, presentAir } from '../../data/air';
import {
  dayList,
  layerValue,
  MAX_WEATHER_RANGE_DAYS,
  NO_AIR_ROW,
  type ObservedDays,
  pairByHour,
  presentForecastDay,
  presentWeatherHour,
  presentWeatherNow,
  presentWind,
  summariseHours,
  type WeatherRepository,
} from '../../data/weather';
import { presentAqForecast } from './city-analysis.presenters';
import type { RangeInput } from './city-analysis.schemas';

/** getAreaWeatherDataList: a day of hours per page by default. */
export const WEATHER_PAGE_SIZE = 24;
export const MAX_WEATHER_PAGE_SIZE = 500;
/** getForeDayData: spec §9 "Default forecast days 3 to 5". */
export const FORECAST_DAYS_DEFAULT = 5;

/** A range of hourly weather, at most a month. */
const weatherRange = (input: RangeInput): TimeRange =>
  boundedRange(input, MAX_WEATHER_RANGE_DAYS * SECONDS_PER_DAY, `${MAX_WEATHER_RANGE_DAYS} 天`);

/** The weather side of the city-analysis pages. */
export class AreaWeatherService {
  constructor(
    private readonly weather: WeatherRepository,
    private readonly observedDays: ObservedDays,
    private readonly air: AirStore,
    private readonly now: Clock,
  ) {}

  /** Hourly observations as a table, newest first, paged in the database. */
  async getAreaWeatherDataList(input: RangeInput & PageInput) {
    const area = input.city;
    const { from, to } = weatherRange(input);
    const page = pageOf(input, WEATHER_PAGE_SIZE);
    const [total, rows] = await Promise.all([
      this.weather.countObservations(area.code, from, to),
      this.weather.observationsPage(area.code, from, to, page),
    ]);
    return {
      cityCode: area.code,
      cityName: area.name,
      startTime: formatChinaDateTime(from),
      endTime: formatChinaDateTime(to),
      total,
      pageNum: page.pageNum,
      pageSize: page.pageSize,
      list: rows.map(presentWeatherHour),
    };
  }

  /** The latest observation and where each of its values sits on the map legends. */
  async getCityMeteo({ city: area }: { city: Area }) {
    const now = this.now();
    const row = await this.weather.latestObservation(area.code, now);
    const legends = WEATHER_LAYERS.map((layer): LayerReading => {
      const value = row === undefined ? null : layerValue(layer, row);
      return { layer, ...WEATHER_LEGENDS[layer], value, position: legendPosition(layer, value) };
    });
    return {
      cityCode: area.code,
      cityName: area.name,
      now: row === undefined ? null : presentWeatherNow(row, now),
      legends,
    };
  }

  /** Observed days of the range and the whole range summarised. */
  async getAreaWeatherData(input: RangeInput) {
    const area = input.city;
    const { from, to } = weatherRange(input);
    const fromDay = chinaDay(from);
    const toDay = chinaDay(to);
    const { days, hours } = await this.observedDays.of(area.code, fromDay, toDay);
    return {
      cityCode: area.code,
      cityName: area.name,
      startDate: formatChinaDate(chinaDayStart(fromDay)),
      endDate: formatChinaDate(chinaDayStart(toDay)),
      days,
      summary: summariseHours(hours),
    };
  }

  /** AQI, PM2.5 and the weather that moves them, hour by hour, for correlation charts. */
  async getWeatherAqiHourData(input: RangeInput) {
    const area = input.city;
    const { from, to } = weatherRange(input);
    const [weather, air] = await Promise.all([
      this.weather.observations(area.code, from, to),
      this.air.cityHours.ofCity(area.code, from, to),
    ]);
    const hours = pairByHour(weather, air).map((p): WeatherAqiHour => {
      const aqi = presentAir(p.air ?? NO_AIR_ROW);
      return {
        time: formatChinaDateTime(p.time),
        aqi: aqi.aqi,
        level: aqi.level,
        levelName: aqi.levelName,
        color: aqi.color,
        pm2_5: aqi.pm2_5,
        temperature: p.weather?.temperature ?? null,
        humidity: p.weather?.humidity ?? null,
        ...presentWind(p.weather?.wind_speed ?? null, p.weather?.wind_direction ?? null),
      };
    });
    return {
      cityCode: area.code,
      cityName: area.name,
      startTime: formatChinaDateTime(from),
      endTime: formatChinaDateTime(to),
      hours,
    };
  }

  /**
   * The cities of the area's province with their weather: each city's own latest observation, or
   * every city at the hour asked for. A municipality is its own province, so it lists itself.
   */
  async getAreaWeatherViewdata(input: { city: Area; time?: number | undefined }) {
    const area = input.city;
    const provinceCode = `${area.code.slice(0, 2)}0000`;
    const province = areaByCode(provinceCode) ?? area;
    const cities = listCities().filter((c) => c.code.startsWith(area.code.slice(0, 2)));
    const now = this.now();
    let weatherOf: (code: string) => Promise<ReturnType<typeof presentWeatherNow> | null>;
    let time: string | null = null;
    if (input.time === undefined) {
      weatherOf = async (code) => {
        const row = await this.weather.latestObservation(code, now);
        return row === undefined ? null : presentWeatherNow(row, now);
      };
    } else {
      // The hour ending at or before the time asked for (10:30 reads the 10:00 value).
      const hour = startOfChinaHour(input.time);
      time = formatChinaDateTime(hour);
      const rows = await this.weather.observationsOfCitiesAt(
        hour,
        cities.map((c) => c.code),
      );
      // An hour that was asked for is not "stale": it is the hour the caller wanted.
      const byCity = new Map(rows.map((r) => [r.city_code, { ...presentWeatherHour(r), stale: false }]));
      weatherOf = async (code) => byCity.get(code) ?? null;
    }
    const list = await Promise.all(
      cities.map(async (c) => ({
        cityCode: c.code,
        cityName: c.name,
        longitude: c.longitude,
        latitude: c.latitude,
        weather: await weatherOf(c.code),
      })),
    );
    return { provinceCode: province.code, provinceName: province.name, time, cities: list };
  }

  /** The next days' weather forecast beside the air-quality forecast, from today. */
  async getForeDayData(input: { city: Area; days?: number | undefined }) {
    const area = input.city;
    const today = chinaDay(this.now());
    const [weather, air] = await Promise.all([
      this.weather.dailyForecasts(area.code, chinaDayStart(today)),
      this.air.forecasts.ofCity(area.code, chinaDayStart(today)),
    ]);
    const weatherOf = new Map(weather.map((w) => [chinaDay(w.day), w]));
    const airOf = new Map(air.map((a) => [chinaDay(a.day), a]));
    const count = input.days ?? FORECAST_DAYS_DEFAULT;
    const days = dayList(today, today + count - 1).map((d) => {
      const w = weatherOf.get(d);
      const a = airOf.get(d);
      return {
        date: formatChinaDate(chinaDayStart(d)),
        weather: w === undefined ? null : presentForecastDay(w),
        air: a === undefined ? null : presentAqForecast(a),
      };
    });
    return { cityCode: area.code, cityName: area.name, days };
  }
}
