import type { CityProfile } from '../geography';
import { AirOfHour } from './air';
import { type HourConditions, hourConditions } from './conditions';
import { type Passage, passagesOver } from './fronts';
import { pollutionLoad } from './pollution-load';
import { type RegionalFields, regionalFields } from './regional-fields';
import { surfaceRadiation } from './time-of-day';
import { WeatherOfHour } from './weather';

/**
 * A city's hourly values, computed hour by hour in the order causes act: first the conditions of the
 * hour (season, time of day, fronts, pollution load, regional noise, rain), then the weather they
 * make, then the air that weather and the city's emissions make. The values are kept in typed arrays
 * per quantity rather than one object per hour, because the seeder computes millions of hours.
 */

/** Hourly city values: weather and the city-wide concentrations that stations vary around. */
export interface CitySeries {
  profile: CityProfile;
  /** Epoch seconds of the end of the first hour. */
  start: number;
  length: number;
  temperature: Float64Array;
  humidity: Float64Array;
  pressure: Float64Array;
  windSpeed: Float64Array;
  windDirection: Float64Array;
  precipitation: Float64Array;
  radiation: Float64Array;
  cloud: Float64Array;
  /** 1 where the sun is up. */
  daylight: Uint8Array;
  /** 1 for an afternoon shower (thunder) rather than steady rain. */
  convective: Uint8Array;
  pm2_5: Float64Array;
  pm10: Float64Array;
  so2: Float64Array;
  no2: Float64Array;
  co: Float64Array;
  o3: Float64Array;
  /** Extra PM10 from desert dust, μg/m³. */
  dust: Float64Array;
  /** The pollution load (0 after a front, ~2.5 in a heavy episode): the cause in forecast texts. */
  load: Float64Array;
}

const SECONDS_PER_HOUR = 3600;
/** Hours of margin on each side of a series for the front list (lookback and forecasts). */
const PASSAGE_MARGIN_BEFORE = 45 * 24;
const PASSAGE_MARGIN_AFTER = 10 * 24;

/** What stays fixed along a series: the city, its random fields and the fronts that pass it. */
interface CityInputs {
  place: CityProfile;
  fields: RegionalFields;
  passages: readonly Passage[];
}

/** What an hour's steps produce, before it is written into the series. */
interface HourResults {
  weather: WeatherOfHour;
  air: AirOfHour;
}

/** The city's values for `length` consecutive hours, the first ending at `start` (epoch seconds). */
export function citySeries(profile: CityProfile, seed: number, start: number, length: number): CitySeries {
  const series = emptySeries(profile, start, length);
  const firstHour = start / SECONDS_PER_HOUR;
  const city: CityInputs = {
    place: profile,
    fields: regionalFields(profile, seed),
    passages: passagesOver(profile, seed, firstHour - PASSAGE_MARGIN_BEFORE, firstHour + length + PASSAGE_MARGIN_AFTER),
  };
  const conditions = hourConditions(profile);
  const results: HourResults = { weather: new WeatherOfHour(profile), air: new AirOfHour(profile) };
  for (let i = 0; i < length; i++) cityHour(city, conditions, results, firstHour + i, series, i);
  return series;
}

function emptySeries(profile: CityProfile, start: number, length: number): CitySeries {
  const values = () => new Float64Array(length);
  return {
    profile,
    start,
    length,
    temperature: values(),
    humidity: values(),
    pressure: values(),
    windSpeed: values(),
    windDirection: values(),
    precipitation: values(),
    radiation: values(),
    cloud: values(),
    daylight: new Uint8Array(length),
    convective: new Uint8Array(length),
    pm2_5: values(),
    pm10: values(),
    so2: values(),
    no2: values(),
    co: values(),
    o3: values(),
    dust: values(),
    load: values(),
  };
}

/** Computes the hour ending at `hourEnd` (hours since the epoch) into `series` at `index`. */
function cityHour(
  { place, fields, passages }: CityInputs,
  conditions: HourConditions,
  { weather, air }: HourResults,
  hourEnd: number,
  series: CitySeries,
  index: number,
): void {
  // Values stand for the hour before their label (CNEMC), so the model is evaluated mid-hour.
  const hour = hourEnd - 0.5;
  const { season, timeOfDay, fronts, noise, rain } = conditions;
  season.update(hour);
  timeOfDay.update(hour, season.dayOfSeason);
  fronts.update(passages, hour);
  conditions.load = pollutionLoad(passages, hour);
  noise.update(fields, hour);
  rain.update(place, fields, hour, season, timeOfDay, fronts);
  weather.update(conditions);
  air.update(conditions, weather);

  series.temperature[index] = weather.temperature;
  series.humidity[index] = weather.humidity;
  series.pressure[index] = weather.pressure;
  series.windSpeed[index] = weather.windSpeed;
  series.windDirection[index] = weather.windDirection;
  series.precipitation[index] = rain.precipitation;
  series.radiation[index] = surfaceRadiation(timeOfDay, place.elevation, weather.cloud, air.pm2_5);
  series.cloud[index] = weather.cloud;
  series.daylight[index] = timeOfDay.sinSunElevation > 0 ? 1 : 0;
  series.convective[index] = rain.convective;
  series.pm2_5[index] = air.pm2_5;
  series.pm10[index] = air.pm10;
  series.so2[index] = air.so2;
  series.no2[index] = air.no2;
  series.co[index] = air.co;
  series.o3[index] = air.o3;
  series.dust[index] = air.dust;
  series.load[index] = conditions.load;
}
