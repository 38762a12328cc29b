import { type Area, isCity } from '@lantian/areas';
import type { CityCurrentData, FocusCityData } from '@lantian/contracts';
import { formatChinaDate, formatChinaDateTime, isStale, startOfChinaDay } from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { invalidField } from '../../../platform/errors';
import { type CacheValidity, weakEtag } from '../../../platform/http/http-cache';
import { type CityHour, type CurrentSnapshot, presentAir, presentMeta } from '../../data/air';
import type { WeatherForecastDay, WeatherRepository } from '../../data/weather';
import { cityIdentity, pollutantNames, presentCurrent } from './city-air.presenters';
import type { FocusCityBody } from './city-air.schemas';
import { maxAgeUntilNextHour } from './periods';

export interface Cached<T> {
  data: T;
  cache: CacheValidity;
}

/** Spec §4's type rule: 3 for a city (code ending in 00), 2 for a district. */
const stationTypeOf = (area: Area): 2 | 3 => (isCity(area.code) ? 3 : 2);

function focusEntry(
  area: Area,
  hour: CityHour | undefined,
  forecast: WeatherForecastDay | undefined,
  now: number,
): FocusCityData {
  const air = hour === undefined ? undefined : presentAir(hour);
  return {
    stationCode: area.code,
    regionCode: area.parentCode ?? area.code,
    stationType: stationTypeOf(area),
    stationName: area.name,
    pyName: area.pyName,
    meteo:
      forecast === undefined
        ? []
        : [
            {
              date: formatChinaDate(forecast.day),
              textDay: forecast.text_day,
              iconDay: forecast.code_day,
              textNight: forecast.text_night,
              iconNight: forecast.code_night,
              tempMax: forecast.temp_max,
              tempMin: forecast.temp_min,
              issuedAt: formatChinaDateTime(forecast.issued_at),
              source: forecast.source,
              isDemo: forecast.source === 'demo',
            },
          ],
    airquality:
      hour === undefined || air === undefined
        ? []
        : [
            {
              aqi: air.aqi,
              mainPol: air.primaryPollutant.length === 0 ? null : pollutantNames(air.primaryPollutant).join(','),
              primaryPollutant: air.primaryPollutant,
              level: air.level,
              levelName: air.levelName,
              color: air.color,
              ...presentMeta(hour.time, hour.source),
              stale: isStale(hour.time, now),
            },
          ],
  };
}

/**
 * "Now" for a city and for followed cities, answered from the in-memory snapshot. Each answer comes
 * with its cache validity: the snapshot's tag plus whatever else changes the body.
 */
export class CityCurrentService {
  constructor(
    private readonly snapshot: CurrentSnapshot,
    private readonly weather: WeatherRepository,
    private readonly now: Clock,
  ) {}

  async current(area: Area): Promise<Cached<CityCurrentData>> {
    const snapshot = await this.snapshot.current();
    const now = this.now();
    const row = snapshot.cities.get(area.code);
    const current = row === undefined ? null : presentCurrent(row, now);
    return {
      data: { ...cityIdentity(area), current },
      cache: {
        // Every city is asked at the same URL: the tag names the city, or one city's 304 would answer another.
        etag: weakEtag(snapshot.tag, area.code, current?.stale === true ? 'stale' : 'fresh'),
        maxAgeSeconds: maxAgeUntilNextHour(snapshot.hour, now),
      },
    };
  }

  async focus(input: FocusCityBody): Promise<Cached<FocusCityData>> {
    const area = input.stationCode;
    if (input.stationType !== undefined && input.stationType !== stationTypeOf(area)) {
      throw invalidField('stationType', '与 stationCode 不符（城市为 3，区县为 2）');
    }
    const context = await this.focusContext([area]);
    const data = context.entry(area);
    return { data, cache: context.cache('one', [data]) };
  }

  /** The followed cities, as the schema parsed them: each once, in the order given. */
  async focusAll(areas: readonly Area[]): Promise<Cached<FocusCityData[]>> {
    const context = await this.focusContext(areas);
    const data = areas.map(context.entry);
    return { data, cache: context.cache('all', data) };
  }

  /** The snapshot and today's weather forecasts of the given areas, read once for all entries. */
  private async focusContext(areas: readonly Area[]) {
    const snapshot = await this.snapshot.current();
    const now = this.now();
    const today = startOfChinaDay(now);
    const forecasts = await this.weather.dailyForecastsOfCitiesOn(
      today,
      areas.map((a) => a.code),
    );
    const forecastOf = new Map(forecasts.map((f) => [f.city_code, f]));
    return {
      entry: (area: Area) => focusEntry(area, snapshot.cities.get(area.code), forecastOf.get(area.code), now),
      // Besides the snapshot and the cities asked for, a card changes with the day, a reissued
      // forecast and a flipped stale flag.
      cache: (call: 'one' | 'all', entries: readonly FocusCityData[]): CacheValidity => ({
        etag: weakEtag(
          snapshot.tag,
          call,
          today,
          ...areas.map((a) => a.code),
          ...forecasts.map((f) => `${f.city_code}:${f.issued_at}:${f.updated_at}`),
          ...entries.map((e) => (e.airquality[0]?.stale === true ? 's' : 'f')),
        ),
        maxAgeSeconds: maxAgeUntilNextHour(snapshot.hour, now),
      }),
    };
  }
}
