import {
  type AqiLevel,
  aqiLevel,
  chinaDay,
  chinaDayStart,
  chinaParts,
  dailyAqi,
  dailyMaxEightHourMean,
  dailyMean,
  LEVELS,
  POLLUTANT_KEYS,
  type PollutantKey,
  roundConcentration,
  SECONDS_PER_HOUR,
} from '@lantian/domain';
import type { AqForecastTable } from '../air';
import type { WeatherForecastDailyTable, WeatherForecastHourlyTable } from '../weather';
import type { CityProfile } from './geography';
import { type CitySeries, citySeries } from './model';
import { hash3, noise1 } from './random';
import { type HourWeather, hourCode, periodCode, weatherText } from './weather-codes';

/**
 * Forecasts as a forecaster would issue them from the demo model: the model's own future with an
 * error that grows with lead time (a smooth, seeded wobble per city and issue, so one forecast does
 * not jitter from hour to hour, and the next day's issue corrects it).
 */

export const HOURLY_FORECAST_HOURS = 72;
export const DAILY_FORECAST_DAYS = 7;
export const AIR_FORECAST_DAYS = 5;

/** One decimal; `+ 0` turns the -0 of a small negative into 0. */
const round1 = (v: number) => Math.round(v * 10) / 10 + 0;

/** The model from 01:00 of the issue day, long enough for the last forecast night. */
function forecastSeries(profile: CityProfile, seed: number, issuedAt: number): CitySeries {
  const start = chinaDayStart(chinaDay(issuedAt)) + SECONDS_PER_HOUR;
  return citySeries(profile, seed, start, (DAILY_FORECAST_DAYS + 1) * 24);
}

/** A forecast error in [-1, 1] that drifts slowly with lead time; one stream per quantity. */
function errorStream(profile: CityProfile, seed: number, issuedAt: number, quantity: number) {
  const stream = hash3(seed ^ Number(profile.code), chinaDay(issuedAt), quantity);
  return (leadHours: number) => noise1(stream, leadHours / 18);
}

function hourWeather(s: CitySeries, i: number, temperature: number, precipitation: number): HourWeather {
  return {
    temperature,
    humidity: s.humidity[i] ?? 0,
    windSpeed: s.windSpeed[i] ?? 0,
    precipitation,
    cloud: s.cloud[i] ?? 0,
    pm2_5: s.pm2_5[i] ?? 0,
    dust: s.dust[i] ?? 0,
    daylight: s.daylight[i] === 1,
    convective: s.convective[i] === 1,
  };
}

export interface WeatherForecastRows {
  hourly: WeatherForecastHourlyTable[];
  daily: WeatherForecastDailyTable[];
}

/** Hourly forecasts for the 72 hours after `issuedAt` and daily ones for 7 days from the issue day. */
function weatherForecasts(
  profile: CityProfile,
  seed: number,
  issuedAt: number,
  now: number,
  s: CitySeries,
): WeatherForecastRows {
  const tError = errorStream(profile, seed, issuedAt, 1);
  const rainError = errorStream(profile, seed, issuedAt, 2);
  const windError = errorStream(profile, seed, issuedAt, 3);
  const leadOf = (i: number) => Math.max(0, (s.start + i * SECONDS_PER_HOUR - issuedAt) / SECONDS_PER_HOUR);
  const temperatureAt = (i: number) => (s.temperature[i] ?? 0) + tError(leadOf(i)) * (0.4 + 0.04 * leadOf(i));
  const precipitationAt = (i: number) => {
    const truth = s.precipitation[i] ?? 0;
    const forecast = truth * Math.max(0, 1 + 0.6 * rainError(leadOf(i)));
    return forecast < 0.1 ? 0 : round1(forecast);
  };

  const hourly: WeatherForecastHourlyTable[] = [];
  const first = Math.round((issuedAt - s.start) / SECONDS_PER_HOUR) + 1;
  for (let i = first; i < first + HOURLY_FORECAST_HOURS && i < s.length; i++) {
    const lead = leadOf(i);
    const temperature = temperatureAt(i);
    const precipitation = precipitationAt(i);
    const code = hourCode(hourWeather(s, i, temperature, precipitation));
    const chance =
      precipitation > 0
        ? 60 + 35 * Math.min(1, precipitation / 3) - 0.2 * lead
        : Math.max(0, Math.min(50, 55 * (s.cloud[i] ?? 0) - 15));
    hourly.push({
      city_code: profile.code,
      time: s.start + i * SECONDS_PER_HOUR,
      issued_at: issuedAt,
      temperature: round1(temperature),
      humidity: Math.round(s.humidity[i] ?? 0),
      pressure: round1(s.pressure[i] ?? 0),
      wind_speed: round1(Math.max(0.2, (s.windSpeed[i] ?? 0) * (1 + 0.2 * windError(lead)))),
      wind_direction: Math.round(s.windDirection[i] ?? 0) % 360,
      precipitation,
      radiation: Math.round(s.radiation[i] ?? 0),
      weather_code: code,
      weather_text: weatherText(code),
      precipitation_probability: Math.round(chance / 5) * 5,
      source: 'demo',
      updated_at: now,
    });
  }

  const daily: WeatherForecastDailyTable[] = [];
  const issueDay = chinaDay(issuedAt);
  for (let d = 0; d < DAILY_FORECAST_DAYS; d++) {
    const dayHours = range(d * 24, d * 24 + 24);
    const daytime = range(d * 24 + 8, d * 24 + 20);
    const night = range(d * 24 + 20, d * 24 + 32);
    const temperatures = dayHours.map(temperatureAt);
    const weather = (list: number[]) => list.map((i) => hourWeather(s, i, temperatureAt(i), precipitationAt(i)));
    const codeDay = periodCode(weather(daytime), false);
    const codeNight = periodCode(weather(night), true);
    let x = 0;
    let y = 0;
    let speed = 0;
    for (const i of daytime) {
      const direction = ((s.windDirection[i] ?? 0) * Math.PI) / 180;
      const v = s.windSpeed[i] ?? 0;
      x += Math.sin(direction) * v;
      y += Math.cos(direction) * v;
      speed += v;
    }
    const mean = (list: number[], values: Float64Array) =>
      list.reduce((sum, i) => sum + (values[i] ?? 0), 0) / list.length;
    daily.push({
      city_code: profile.code,
      day: chinaDayStart(issueDay + d),
      issued_at: issuedAt,
      temp_max: round1(Math.max(...temperatures)),
      temp_min: round1(Math.min(...temperatures)),
      code_day: codeDay,
      text_day: weatherText(codeDay),
      code_night: codeNight,
      text_night: weatherText(codeNight),
      wind_direction: Math.round(((Math.atan2(x, y) * 180) / Math.PI + 360) % 360),
      wind_speed: round1((speed / daytime.length) * (1 + 0.2 * windError(d * 24 + 12))),
      humidity: Math.round(mean(dayHours, s.humidity)),
      precipitation: round1(dayHours.reduce((sum, i) => sum + precipitationAt(i), 0)),
      source: 'demo',
      updated_at: now,
    });
  }
  return { hourly, daily };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, k) => from + k);
}

/** How the forecast names a pollutant in its text. */
const TEXT_NAMES: Readonly<Record<PollutantKey, string>> = {
  so2: 'SO2',
  no2: 'NO2',
  pm10: 'PM10',
  co: 'CO',
  o3: 'O3',
  o3_8h: 'O3',
  pm2_5: 'PM2.5',
};

interface DayOutlook {
  day: number;
  aqi: number;
  min: number;
  max: number;
  levelMin: AqiLevel;
  levelMax: AqiLevel;
  primary: PollutantKey[];
  cause: 'ozone' | 'dust' | 'stagnation' | 'none';
  /** A cold front sweeps the air clean during the day. */
  clearing: boolean;
}

/** The pollutants with the highest IAQI (all of them when tied). */
function leading(iaqi: Readonly<Record<PollutantKey, number | null>>): PollutantKey[] {
  let max = -1;
  for (const key of POLLUTANT_KEYS) max = Math.max(max, iaqi[key] ?? -1);
  return max < 0 ? [] : POLLUTANT_KEYS.filter((k) => iaqi[k] === max);
}

function outlook(profile: CityProfile, seed: number, issuedAt: number, s: CitySeries, d: number): DayOutlook {
  const hours = range(d * 24, d * 24 + 24);
  const values = (field: 'pm2_5' | 'pm10' | 'so2' | 'no2' | 'co' | 'o3') =>
    hours.map((i) => roundConcentration(field, s[field][i] ?? 0));
  const mean = (field: 'pm2_5' | 'pm10' | 'so2' | 'no2' | 'co') => {
    const m = dailyMean(values(field));
    return m === null ? null : roundConcentration(field, m);
  };
  const o3 = dailyMaxEightHourMean(values('o3'));
  const result = dailyAqi({
    pm2_5: mean('pm2_5'),
    pm10: mean('pm10'),
    so2: mean('so2'),
    no2: mean('no2'),
    co: mean('co'),
    o3_8h: o3 === null ? null : roundConcentration('o3', o3),
  });
  const error = errorStream(profile, seed, issuedAt, 10 + d)(0);
  const aqi = Math.max(5, Math.round((result.aqi ?? 0) * (1 + 0.05 * (d + 1) * error)));
  const width = 0.12 + 0.04 * d;
  const min = Math.max(1, Math.round(aqi * (1 - width)));
  const max = Math.max(min + 5, Math.round(aqi * (1 + width)));
  const primary =
    max > 50 ? (result.primaryPollutants.length > 0 ? [...result.primaryPollutants] : leading(result.iaqi)) : [];
  const dust = Math.max(...hours.map((i) => s.dust[i] ?? 0));
  const loadStart = s.load[d * 24] ?? 0;
  const loadEnd = s.load[d * 24 + 23] ?? 0;
  return {
    day: chinaDay(issuedAt) + d,
    aqi,
    min,
    max,
    levelMin: aqiLevel(min),
    levelMax: aqiLevel(max),
    primary,
    cause:
      primary.includes('o3_8h') || primary.includes('o3')
        ? 'ozone'
        : dust > 150
          ? 'dust'
          : max > 100
            ? 'stagnation'
            : 'none',
    clearing: loadEnd < loadStart - 0.5,
  };
}

function dateText(day: number): string {
  const { month, day: date } = chinaParts(chinaDayStart(day));
  return `${month}月${date}日`;
}

const CAUSE_TEXT = {
  ozone: '受高温和强日照影响',
  dust: '受沙尘天气影响',
  stagnation: '受不利气象条件影响',
  none: '',
} as const;

/** The forecaster's paragraph over the next three days, in the style of the national centre's. */
export function forecastText(days: readonly DayOutlook[]): string {
  const next = days.slice(0, 3);
  const counts = new Map<AqiLevel, number>();
  for (const d of next) counts.set(d.levelMax, (counts.get(d.levelMax) ?? 0) + 1);
  let dominant: AqiLevel = 1;
  let best = 0;
  for (const [level, count] of counts) {
    if (count > best || (count === best && level > dominant)) {
      dominant = level;
      best = count;
    }
  }
  const parts = [`预计未来三天以${LEVELS[dominant].name}为主`];
  const polluted = next.filter((d) => d.levelMax >= 3);
  for (const d of polluted) {
    const names = [...new Set(d.primary.map((k) => TEXT_NAMES[k]))].join('、');
    const level = d.levelMin >= 3 ? LEVELS[d.levelMax].name : `${LEVELS[d.levelMin].name}至${LEVELS[d.levelMax].name}`;
    parts.push(
      `${dateText(d.day)}${CAUSE_TEXT[d.cause]}，可能出现${level}${names === '' ? '' : `，首要污染物为${names}`}`,
    );
  }
  const improving = next.find((d, k) => k > 0 && d.clearing && (next[k - 1]?.levelMax ?? 0) >= 3);
  if (improving !== undefined) parts.push(`${dateText(improving.day)}受冷空气影响，空气质量将明显改善`);
  if (polluted.length === 0 && dominant >= 2) {
    const names = [...new Set(next.flatMap((d) => d.primary).map((k) => TEXT_NAMES[k]))].join('、');
    if (names !== '') parts.push(`首要污染物为${names}`);
  }
  return `${parts.join('，')}。`;
}

/** The city's air-quality forecast for 5 days from the issue day, each row carrying the issue's text. */
function airQualityForecast(
  profile: CityProfile,
  seed: number,
  issuedAt: number,
  now: number,
  s: CitySeries,
): AqForecastTable[] {
  const days = range(0, AIR_FORECAST_DAYS).map((d) => outlook(profile, seed, issuedAt, s, d));
  const text = forecastText(days);
  return days.map((d) => ({
    city_code: profile.code,
    day: chinaDayStart(d.day),
    issued_at: issuedAt,
    aqi_min: d.min,
    aqi_max: d.max,
    level_min: d.levelMin,
    level_max: d.levelMax,
    primary_pollutant: d.primary.length === 0 ? null : d.primary.join(','),
    text,
    source: 'demo',
    updated_at: now,
  }));
}

export interface CityForecasts extends WeatherForecastRows {
  air: AqForecastTable[];
}

/** Everything one issue publishes for a city; `issuedAt` is the end of the latest complete hour. */
export function cityForecasts(profile: CityProfile, seed: number, issuedAt: number, now: number): CityForecasts {
  const s = forecastSeries(profile, seed, issuedAt);
  return {
    ...weatherForecasts(profile, seed, issuedAt, now, s),
    air: airQualityForecast(profile, seed, issuedAt, now, s),
  };
}
