import {
  dayOfHourEnding,
  movingMeans8h,
  movingMeans24h,
  realtimeAqi,
  roundConcentration,
  SECONDS_PER_HOUR,
} from '@lantian/domain';
import {
  type CityDailyTable,
  type CityHour,
  type CityHourlyTable,
  cityDayFrom,
  HOURLY_COLUMNS,
  primaryText,
  type StationHourlyTable,
} from '../air';
import type { WeatherHourlyTable } from '../weather';
import type { CityProfile } from './geography';
import {
  type CitySeries,
  citySeries,
  OFFLINE,
  ONLINE,
  outages,
  POLLUTANT_FIELDS,
  type PollutantField,
  stationCharacter,
  stationNoise,
} from './model';
import { hourCode, weatherText } from './weather-codes';

/**
 * Turns the model into published values: station hours with their moving statistics and real-time
 * AQI, city hours, city weather. Values are kept in typed arrays (a city's block of hours), from
 * which rows are made for the repositories, or columns for the SQLite bulk writer, without building
 * millions of intermediate objects.
 *
 * Moving statistics need the hours before the first one, so every block is computed from
 * LEAD_HOURS earlier; the model being a pure function of time, those are the same hours the
 * previous block published.
 */

/** 23 hours before an hour for its 24-hour means, 7 more for the 8-hour means of the day's first windows. */
export const LEAD_HOURS = 32;

export interface DemoStation {
  code: string;
  name: string;
  isReference: boolean;
}

export { HOURLY_COLUMNS };
export type HourlyColumn = (typeof HOURLY_COLUMNS)[number];
type Column = (number | null)[];

/** Station noise amplitude per pollutant. */
const NOISE: Readonly<Record<PollutantField, number>> = {
  pm2_5: 0.14,
  pm10: 0.14,
  so2: 0.25,
  no2: 0.2,
  co: 0.12,
  o3: 0.08,
};
/** The lowest value an analyser reports: a real reading, never 0 standing for missing. */
const FLOOR: Readonly<Record<PollutantField, number>> = { pm2_5: 2, pm10: 3, so2: 2, no2: 2, co: 0.1, o3: 2 };

/** One decimal; `+ 0` turns the -0 of a small negative into 0. */
const round1 = (v: number) => Math.round(v * 10) / 10 + 0;

function rounded(key: HourlyColumn, values: readonly (number | null)[]): Column {
  return values.map((v) => (v === null ? null : roundConcentration(key, v)));
}

/** The highest valid value of the `window` hours ending at each index (a monotonic queue: O(n)). */
function trailingMax(values: Column, window: number): Column {
  const out: Column = new Array<number | null>(values.length).fill(null);
  const queue = new Int32Array(values.length);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== null && v !== undefined) {
      while (tail > head && (values[queue[tail - 1] ?? 0] ?? Number.NEGATIVE_INFINITY) <= v) tail--;
      queue[tail++] = i;
    }
    while (tail > head && (queue[head] ?? 0) <= i - window) head++;
    out[i] = tail > head ? (values[queue[head] ?? 0] ?? null) : null;
  }
  return out;
}

/**
 * The day's highest 8-hour mean so far. The daily statistic counts the windows ending 08:00–24:00
 * (HJ 663-2013), so from 08:00 on only those count; before 08:00 the windows of the night stand in.
 */
function dayMaxSoFar(eightHour: Column, firstHourEnd: number): Column {
  const out: Column = new Array<number | null>(eightHour.length).fill(null);
  let max: number | null = null;
  for (let i = 0; i < eightHour.length; i++) {
    // The China hour of the day the value's label falls in, 1 … 24 (the label 00:00 is the 24th).
    const hourOfDay = ((((firstHourEnd + i + 7) % 24) + 24) % 24) + 1;
    if (hourOfDay === 1 || hourOfDay === 8) max = null;
    const v = eightHour[i];
    if (v !== null && v !== undefined && (max === null || v > max)) max = v;
    out[i] = max;
  }
  return out;
}

/** One station's published columns over a series (all null where it was offline). */
export function stationColumns(station: DemoStation, city: CitySeries): Record<HourlyColumn, Column> {
  const character = stationCharacter(station.code, station.isReference);
  const firstHourEnd = city.start / SECONDS_PER_HOUR;
  const n = city.length;
  const outage = outages(character.hash, firstHourEnd, n);
  const pmNoise = stationNoise(character.hash, 0, firstHourEnd, n);
  const hourly = {} as Record<PollutantField, Column>;
  for (let f = 0; f < POLLUTANT_FIELDS.length; f++) {
    const field = POLLUTANT_FIELDS[f];
    if (field === undefined) continue;
    const own = f === 0 ? pmNoise : stationNoise(character.hash, f, firstHourEnd, n);
    const model = city[field];
    const factor = character[field];
    const amplitude = NOISE[field];
    const floor = FLOOR[field];
    const column: Column = new Array<number | null>(n).fill(null);
    for (let i = 0; i < n; i++) {
      const state = outage[i] ?? ONLINE;
      if (state === OFFLINE || state === f) continue;
      // PM10 shares most of PM2.5's local noise: both are the same dust and smoke.
      const noise = f === 1 ? 0.7 * (pmNoise[i] ?? 0) + 0.3 * (own[i] ?? 0) : (own[i] ?? 0);
      column[i] = roundConcentration(field, Math.max(floor, (model[i] ?? 0) * factor * (1 + amplitude * noise)));
    }
    hourly[field] = column;
  }
  for (let i = 0; i < n; i++) {
    const pm2_5 = hourly.pm2_5[i];
    const pm10 = hourly.pm10[i];
    if (pm2_5 !== null && pm2_5 !== undefined && pm10 !== null && pm10 !== undefined && pm10 < pm2_5) {
      hourly.pm10[i] = pm2_5 + 1;
    }
  }
  const eightHour = rounded('o3_8h', movingMeans8h(hourly.o3));
  const columns: Record<HourlyColumn, Column> = {
    pm2_5: hourly.pm2_5,
    pm2_5_24h: rounded('pm2_5_24h', movingMeans24h(hourly.pm2_5)),
    pm10: hourly.pm10,
    pm10_24h: rounded('pm10_24h', movingMeans24h(hourly.pm10)),
    so2: hourly.so2,
    so2_24h: rounded('so2_24h', movingMeans24h(hourly.so2)),
    no2: hourly.no2,
    no2_24h: rounded('no2_24h', movingMeans24h(hourly.no2)),
    co: hourly.co,
    co_24h: rounded('co_24h', movingMeans24h(hourly.co)),
    o3: hourly.o3,
    o3_1h_max: trailingMax(hourly.o3, 24),
    o3_8h: eightHour,
    o3_8h_max: dayMaxSoFar(eightHour, firstHourEnd),
  };
  // An offline station publishes nothing for the hour, not even its moving means.
  for (let i = 0; i < n; i++) {
    if (outage[i] !== OFFLINE) continue;
    for (const c of HOURLY_COLUMNS) columns[c][i] = null;
  }
  return columns;
}

/** Hourly published values of many rows (stations or cities × hours); NaN is missing. */
export interface HourlyValues {
  columns: Record<HourlyColumn, Float64Array>;
  aqi: Float64Array;
  level: Uint8Array;
  primary: (string | null)[];
}

function hourlyValues(size: number): HourlyValues {
  const columns = {} as Record<HourlyColumn, Float64Array>;
  for (const c of HOURLY_COLUMNS) columns[c] = new Float64Array(size).fill(Number.NaN);
  return {
    columns,
    aqi: new Float64Array(size).fill(Number.NaN),
    level: new Uint8Array(size),
    primary: new Array<string | null>(size).fill(null),
  };
}

const orNull = (v: number | undefined): number | null => (v === undefined || Number.isNaN(v) ? null : v);

/** One city's hours `from` … `to`: its demo stations (index station × hours + hour), the city, the weather. */
export interface CityBlock {
  profile: CityProfile;
  stations: readonly DemoStation[];
  /** Epoch seconds of the end of the first hour. */
  start: number;
  hours: number;
  station: HourlyValues;
  /** The city's hours from exactly these stations; undefined unless asked for. */
  city: (HourlyValues & { stationCount: number }) | undefined;
  /** The model series, LEAD_HOURS longer at the front (index LEAD_HOURS is the block's first hour). */
  series: CitySeries;
}

/**
 * The block of one city's demo stations (sorted by code) for the hours ending `from` … `to` (epoch
 * seconds, inclusive). With `cityHours`, the city's hours are computed from these stations as
 * AirAggregation does — right only where no other station of the city reported, which the caller knows.
 */
export function generateCityBlock(
  profile: CityProfile,
  stations: readonly DemoStation[],
  seed: number,
  from: number,
  to: number,
  options: { cityHours: boolean },
): CityBlock {
  const hours = Math.round((to - from) / SECONDS_PER_HOUR) + 1;
  const series = citySeries(profile, seed, from - LEAD_HOURS * SECONDS_PER_HOUR, hours + LEAD_HOURS);
  const station = hourlyValues(stations.length * hours);
  for (let s = 0; s < stations.length; s++) {
    const st = stations[s];
    if (st === undefined) continue;
    const c = stationColumns(st, series);
    for (const key of HOURLY_COLUMNS) {
      const from = c[key];
      const to = station.columns[key];
      for (let h = 0; h < hours; h++) {
        const v = from[LEAD_HOURS + h];
        if (v !== null && v !== undefined) to[s * hours + h] = v;
      }
    }
    for (let h = 0; h < hours; h++) {
      const i = LEAD_HOURS + h;
      const k = s * hours + h;
      const result = realtimeAqi({
        pm2_5: c.pm2_5[i],
        pm10: c.pm10[i],
        so2: c.so2[i],
        no2: c.no2[i],
        co: c.co[i],
        o3: c.o3[i],
        so2_24h: c.so2_24h[i],
      });
      if (result.aqi !== null) station.aqi[k] = result.aqi;
      station.level[k] = result.level;
      station.primary[k] = primaryText(result);
    }
  }

  let city: CityBlock['city'];
  const counted = stations.flatMap((s, index) => (s.isReference ? [] : [index]));
  if (options.cityHours && counted.length > 0) {
    const values = hourlyValues(hours);
    for (let h = 0; h < hours; h++) {
      for (const key of HOURLY_COLUMNS) {
        // The sum the domain's cityMeans makes, in the same (station code) order: equal to the bit.
        const column = station.columns[key];
        let sum = 0;
        let count = 0;
        for (const s of counted) {
          const v = column[s * hours + h] ?? Number.NaN;
          if (!Number.isNaN(v)) {
            sum += v;
            count++;
          }
        }
        if (count > 0) values.columns[key][h] = roundConcentration(key, sum / count);
      }
      const at = (key: HourlyColumn) => orNull(values.columns[key][h]);
      const result = realtimeAqi({
        pm2_5: at('pm2_5'),
        pm10: at('pm10'),
        so2: at('so2'),
        no2: at('no2'),
        co: at('co'),
        o3: at('o3'),
        so2_24h: at('so2_24h'),
      });
      if (result.aqi !== null) values.aqi[h] = result.aqi;
      values.level[h] = result.level;
      values.primary[h] = primaryText(result);
    }
    city = { ...values, stationCount: counted.length };
  }
  return { profile, stations, start: from, hours, station, city, series };
}

function hourlyColumnsAt(values: HourlyValues, k: number): Record<HourlyColumn, number | null> {
  const c = values.columns;
  return {
    pm2_5: orNull(c.pm2_5[k]),
    pm2_5_24h: orNull(c.pm2_5_24h[k]),
    pm10: orNull(c.pm10[k]),
    pm10_24h: orNull(c.pm10_24h[k]),
    so2: orNull(c.so2[k]),
    so2_24h: orNull(c.so2_24h[k]),
    no2: orNull(c.no2[k]),
    no2_24h: orNull(c.no2_24h[k]),
    co: orNull(c.co[k]),
    co_24h: orNull(c.co_24h[k]),
    o3: orNull(c.o3[k]),
    o3_1h_max: orNull(c.o3_1h_max[k]),
    o3_8h: orNull(c.o3_8h[k]),
    o3_8h_max: orNull(c.o3_8h_max[k]),
  };
}

/** The block's station hours as table rows, station by station. */
export function stationHourRows(block: CityBlock, now: number): StationHourlyTable[] {
  const rows: StationHourlyTable[] = [];
  for (let s = 0; s < block.stations.length; s++) {
    const station = block.stations[s];
    if (station === undefined) continue;
    for (let h = 0; h < block.hours; h++) {
      const k = s * block.hours + h;
      rows.push({
        station_code: station.code,
        time: block.start + h * SECONDS_PER_HOUR,
        aqi: orNull(block.station.aqi[k]),
        level: block.station.level[k] ?? 0,
        primary_pollutant: block.station.primary[k] ?? null,
        ...hourlyColumnsAt(block.station, k),
        source: 'demo',
        qc_flags: 0,
        revised: 0,
        updated_at: now,
      });
    }
  }
  return rows;
}

/** The block's city hours as table rows (none unless the block was made with cityHours). */
export function cityHourRows(block: CityBlock, now: number): CityHourlyTable[] {
  const city = block.city;
  if (city === undefined) return [];
  const rows: CityHourlyTable[] = [];
  for (let h = 0; h < block.hours; h++) {
    rows.push({
      city_code: block.profile.code,
      time: block.start + h * SECONDS_PER_HOUR,
      ...hourlyColumnsAt(city, h),
      aqi: orNull(city.aqi[h]),
      level: city.level[h] ?? 0,
      primary_pollutant: city.primary[h] ?? null,
      station_count: city.stationCount,
      source: 'demo',
      updated_at: now,
    });
  }
  return rows;
}

/** The block's hourly weather observations as table rows. */
export function weatherHourRows(block: CityBlock, now: number): WeatherHourlyTable[] {
  const rows: WeatherHourlyTable[] = [];
  for (let h = 0; h < block.hours; h++) rows.push(weatherRow(block.series, LEAD_HOURS + h, now));
  return rows;
}

export function weatherRow(series: CitySeries, i: number, now: number): WeatherHourlyTable {
  const precipitation = round1(series.precipitation[i] ?? 0);
  const code = hourCode({
    temperature: series.temperature[i] ?? 0,
    humidity: series.humidity[i] ?? 0,
    windSpeed: series.windSpeed[i] ?? 0,
    precipitation,
    cloud: series.cloud[i] ?? 0,
    pm2_5: series.pm2_5[i] ?? 0,
    dust: series.dust[i] ?? 0,
    daylight: series.daylight[i] === 1,
    convective: series.convective[i] === 1,
  });
  return {
    city_code: series.profile.code,
    time: series.start + i * SECONDS_PER_HOUR,
    temperature: round1(series.temperature[i] ?? 0),
    humidity: Math.round(series.humidity[i] ?? 0),
    pressure: round1(series.pressure[i] ?? 0),
    wind_speed: round1(series.windSpeed[i] ?? 0),
    wind_direction: Math.round(series.windDirection[i] ?? 0) % 360,
    precipitation,
    radiation: Math.round(series.radiation[i] ?? 0),
    weather_code: code,
    weather_text: weatherText(code),
    source: 'demo',
    updated_at: now,
  };
}

/** City days (as AirAggregation derives them) from a city's hours, one per China day they touch. */
export function cityDaysFrom(cityCode: string, hours: readonly CityHour[], now: number): CityDailyTable[] {
  const byDay = new Map<number, CityHour[]>();
  for (const h of hours) {
    const day = dayOfHourEnding(h.time);
    const list = byDay.get(day);
    if (list === undefined) byDay.set(day, [h]);
    else list.push(h);
  }
  return [...byDay].map(([day, list]) => cityDayFrom(cityCode, day, list, now));
}
