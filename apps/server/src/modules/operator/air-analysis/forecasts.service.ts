import { areaByCode } from '@lantian/areas';
import type { areaForecastQuery, cityWeatherForecastQuery, futureAreaQuery, futureCityQuery } from '@lantian/contracts';
import { areaForecastText, chinaDay, formatChinaDate, formatChinaDateTime } from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { AppError, invalidField } from '../../../platform/errors';
import { type AirStore, forecastLevelText, presentAirForecastDay, primaryKeys } from '../../data/air';
import type { AreaShapes } from '../../data/maps';
import { presentForecastDay, presentForecastHour, type WeatherRepository } from '../../data/weather';
import { drawForecastMap, type ForecastOutline } from './forecast-image';
import { areaIn, cityIn, cityName, dayOf, dayStart } from './scope';

type Q<T extends z.ZodType> = z.output<T>;

export const FORECAST_IMG_PATH = '/threePartyForecast/forecastImg';

function groupByCity<R extends { city_code: string }>(rows: readonly R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const r of rows) {
    const list = out.get(r.city_code);
    if (list === undefined) out.set(r.city_code, [r]);
    else list.push(r);
  }
  return out;
}

/**
 * The forecasts of the platform (/fore/weatherForecast/*, /threePartyForecast/*, the future data of
 * /bigdata/home and /zhhb/center): the cities' weather forecasts and AQI level forecasts held by the
 * weather and air modules, read within the operator's area; the area bulletin written by the domain's
 * rule and the level map drawn from the same rows.
 */
export class ForecastsService {
  constructor(
    private readonly air: AirStore,
    private readonly weather: WeatherRepository,
    private readonly now: Clock,
    private readonly shapes: AreaShapes,
  ) {}

  private days(count: number): { from: number; to: number } {
    const today = chinaDay(this.now());
    return { from: today, to: today + count - 1 };
  }

  async cityWeather(query: Q<typeof cityWeatherForecastQuery>, scope: AreaScope) {
    const city = cityIn(query.cityCode, scope);
    const now = this.now();
    const [days, hours] = await Promise.all([
      this.weather.dailyForecasts(city.code, dayStart(chinaDay(now))),
      this.weather.hourlyForecasts(city.code, now, now + 24 * 3600),
    ]);
    return {
      cityCode: city.code,
      cityName: city.name,
      days: days.map(presentForecastDay),
      hours: hours.map(presentForecastHour),
    };
  }

  async areaWeather(query: Q<typeof areaForecastQuery>, scope: AreaScope) {
    const area = areaIn(query.areaCode, scope);
    const range = this.days(query.days);
    const rows = await this.weather.dailyForecastsInScopes(dayStart(range.from), dayStart(range.to), [
      scope,
      area.scope,
    ]);
    return [...groupByCity(rows).entries()].map(([code, days]) => ({
      cityCode: code,
      cityName: cityName(code),
      days: days.map(presentForecastDay),
    }));
  }

  async cityAir(query: Q<typeof futureCityQuery>, scope: AreaScope) {
    const city = cityIn(query.cityCode, scope);
    const rows = await this.air.forecasts.ofCity(city.code, dayStart(chinaDay(this.now())));
    return { cityCode: city.code, cityName: city.name, items: rows.map(presentAirForecastDay) };
  }

  private async levelRows(query: Q<typeof futureAreaQuery>, scope: AreaScope) {
    const area = areaIn(query.areaCode, scope);
    const range = this.days(query.days);
    const rows = await this.air.forecasts.inScopes(
      dayStart(range.from),
      dayStart(range.to),
      [scope, area.scope],
      query.dataSource,
    );
    return { area, range, rows };
  }

  async areaLevel(query: Q<typeof futureAreaQuery>, scope: AreaScope) {
    const { area, rows } = await this.levelRows(query, scope);
    const dates = [...new Set(rows.map((r) => r.day))].sort((a, b) => a - b).map(formatChinaDate);
    return {
      areaCode: area.code,
      areaName: area.name,
      dates,
      list: [...groupByCity(rows).entries()].map(([code, days]) => ({
        cityCode: code,
        cityName: cityName(code),
        days: days.map(presentAirForecastDay),
      })),
    };
  }

  async areaText(query: Q<typeof futureAreaQuery>, scope: AreaScope) {
    const { area, rows } = await this.levelRows(query, scope);
    const text = areaForecastText(
      area.name,
      rows.map((r) => ({
        cityName: cityName(r.city_code),
        date: formatChinaDate(r.day),
        levelMin: r.level_min,
        levelMax: r.level_max,
        primary: primaryKeys(r.primary_pollutant),
      })),
    );
    const issued = rows.reduce<number | null>(
      (max, r) => (max === null || r.issued_at > max ? r.issued_at : max),
      null,
    );
    return {
      areaCode: area.code,
      areaName: area.name,
      text,
      issuedAt: issued === null ? null : formatChinaDateTime(issued),
      cities: groupByCity(rows).size,
    };
  }

  async images(query: Q<typeof futureAreaQuery>, scope: AreaScope) {
    const { area, rows } = await this.levelRows(query, scope);
    const perDay = new Map<number, number>();
    for (const r of rows) perDay.set(r.day, (perDay.get(r.day) ?? 0) + 1);
    return [...perDay.entries()]
      .sort(([a], [b]) => a - b)
      .map(([day, cities]) => {
        const date = formatChinaDate(day);
        const name = `${area.code}_${date.replaceAll('-', '')}.png`;
        return { date, name, url: `${FORECAST_IMG_PATH}/${name}`, cities };
      });
  }

  /** The level map of `{areaCode}_{YYYYMMDD}.png`, drawn from the forecasts held for that day. */
  async image(name: string, scope: AreaScope): Promise<Buffer> {
    const [code = '', stamp = ''] = name.replace(/\.png$/, '').split('_');
    const area = areaIn(code, scope);
    const date = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}`;
    const day = dayOf(date);
    if (formatChinaDate(dayStart(day)) !== date) throw invalidField('name', '图片名称中的日期无效');
    const rows = await this.air.forecasts.inScopes(dayStart(day), dayStart(day), [scope, area.scope]);
    const points = rows.flatMap((r) => {
      const place = areaByCode(r.city_code);
      if (place === undefined) return [];
      return [
        {
          name: place.shortName,
          lon: place.longitude,
          lat: place.latitude,
          level: r.level_max,
          levelText: forecastLevelText(r.level_min, r.level_max),
        },
      ];
    });
    const issued = rows.reduce((max, r) => Math.max(max, r.issued_at), 0);
    const subtitle =
      rows.length === 0
        ? `${date}：暂无预报`
        : `${date} 空气质量级别预报（HJ 633-2012），${rows.length} 个城市，发布于 ${formatChinaDateTime(issued)}`;
    return drawForecastMap(`${area.name}空气质量预报`, subtitle, points, await this.outlineOf(area.code));
  }

  /** The area's outline for its map; a county's (the files have none at that level) is left out. */
  private async outlineOf(code: string): Promise<ForecastOutline | undefined> {
    try {
      const shape = await this.shapes.shapeOf(code);
      return { outline: shape.outline, parts: shape.parts, country: shape.level === 'country' };
    } catch (err) {
      if (err instanceof AppError) return undefined;
      throw err;
    }
  }

  /** The operator's area on the console's map page, with its offline outline. */
  aqiMapUrl(scope: AreaScope) {
    const area = areaIn(undefined, scope);
    const place = areaByCode(area.code);
    return {
      areaCode: area.code,
      areaName: area.name,
      mapUrl: `/maps/${area.code}.json`,
      pageUrl: '/platform/air-analysis/map',
      center: [place?.longitude ?? 104.195397, place?.latitude ?? 35.86166] as [number, number],
    };
  }
}
