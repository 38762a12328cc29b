import { type Area, isCity } from '@lantian/areas';
import type { CityCurrentData, FocusCityData } from '@lantian/contracts';
import { formatChinaDate, formatChinaDateTime, isStale, startOfChinaDay } from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { invalidField } from '../../../platform/errors';
import { type CityHour, type CurrentSnapshot, presentAir, presentMeta, type SnapshotData } from '../../data/air';
import type { WeatherForecastDay, WeatherRepository } from '../../data/weather';
import { cityIdentity, pollutantNames, presentCurrent } from './city-air.presenters';
import type { FocusCityBody } from './city-air.schemas';
import { maxAgeUntilNextHour } from './periods';

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
 * "Now" for a city and for followed cities, from the in-memory snapshot. The routes keep each answer
 * as bytes for as long as the snapshot (its tag is in the cache key) and the hour last.
 */
export class CityCurrentService {
  constructor(
    private readonly snapshot: CurrentSnapshot,
    private readonly weather: WeatherRepository,
    private readonly now: Clock,
  ) {}

  /** The snapshot answers are built from, and how long a browser may keep them (until the next hour can exist). */
  async validity(): Promise<{ snapshot: SnapshotData; maxAgeSeconds: number }> {
    const snapshot = await this.snapshot.current();
    return { snapshot, maxAgeSeconds: maxAgeUntilNextHour(snapshot.hour, this.now()) };
  }

  current(area: Area, snapshot: SnapshotData): CityCurrentData {
    const row = snapshot.cities.get(area.code);
    return { ...cityIdentity(area), current: row === undefined ? null : presentCurrent(row, this.now()) };
  }

  async focus(input: FocusCityBody, snapshot: SnapshotData): Promise<FocusCityData> {
    const area = input.stationCode;
    if (input.stationType !== undefined && input.stationType !== stationTypeOf(area)) {
      throw invalidField('stationType', '与 stationCode 不符（城市为 3，区县为 2）');
    }
    const [entry] = await this.focusAll([area], snapshot);
    if (entry === undefined) throw new Error('focusAll answered no entry for one area');
    return entry;
  }

  /** The followed cities, as the schema parsed them: each once, in the order given; forecasts read once for all. */
  async focusAll(areas: readonly Area[], snapshot: SnapshotData): Promise<FocusCityData[]> {
    const now = this.now();
    const forecasts = await this.weather.dailyForecastsOfCitiesOn(
      startOfChinaDay(now),
      areas.map((a) => a.code),
    );
    const forecastOf = new Map(forecasts.map((f) => [f.city_code, f]));
    return areas.map((area) => focusEntry(area, snapshot.cities.get(area.code), forecastOf.get(area.code), now));
  }
}
