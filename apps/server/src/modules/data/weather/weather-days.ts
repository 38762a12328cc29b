import type { WeatherDay, WeatherPeriodSummary } from '@lantian/contracts';
import {
  beaufortFromMs,
  chinaDayStart,
  chinaParts,
  dayOfHourEnding,
  formatChinaDate,
  roundHalfUp,
  WIND_DIRECTIONS,
  type WindDirection,
  windDirectionName,
} from '@lantian/domain';
import type { DataSource } from '../stations';
import { presentWind } from './weather.presenters';
import type { WeatherForecastDay, WeatherHour } from './weather.repository';

/**
 * Days of weather: observed days summarised from their hours (an hour belongs to the day its
 * label's hour *ends* in, as CNEMC labels air: 00:00 closes the previous day), forecast days as
 * issued. Both come out in the one `WeatherDay` shape, marked `observed` or `forecast`.
 */

const numbers = (values: readonly (number | null)[]) => values.filter((v): v is number => v !== null);

function mean(values: readonly (number | null)[]): number | null {
  const present = numbers(values);
  if (present.length === 0) return null;
  return roundHalfUp(present.reduce((a, b) => a + b, 0) / present.length, 1);
}

/** The sector the wind blew from most often; calm hours (force 0) have no meaningful direction. */
export function prevailingWind(hours: readonly WeatherHour[]): WindDirection | null {
  const counts = new Map<WindDirection, { hours: number; speed: number }>();
  for (const h of hours) {
    if (h.wind_speed !== null && beaufortFromMs(h.wind_speed) === 0) continue;
    const sector = windDirectionName(h.wind_direction);
    if (sector === null) continue;
    const c = counts.get(sector) ?? { hours: 0, speed: 0 };
    counts.set(sector, { hours: c.hours + 1, speed: c.speed + (h.wind_speed ?? 0) });
  }
  let best: WindDirection | null = null;
  for (const sector of WIND_DIRECTIONS) {
    const c = counts.get(sector);
    const b = best === null ? undefined : counts.get(best);
    // Ties go to the stronger wind: it is the one that carries air in from that side.
    if (c !== undefined && (b === undefined || c.hours > b.hours || (c.hours === b.hours && c.speed > b.speed))) {
      best = sector;
    }
  }
  return best;
}

export function summariseHours(hours: readonly WeatherHour[]): WeatherPeriodSummary {
  const temps = numbers(hours.map((h) => h.temperature));
  const rain = numbers(hours.map((h) => h.precipitation));
  const windSpeed = mean(hours.map((h) => h.wind_speed));
  return {
    tempMax: temps.length === 0 ? null : Math.max(...temps),
    tempMin: temps.length === 0 ? null : Math.min(...temps),
    tempMean: mean(temps),
    humidity: mean(hours.map((h) => h.humidity)),
    precipitation:
      rain.length === 0
        ? null
        : roundHalfUp(
            rain.reduce((a, b) => a + b, 0),
            1,
          ),
    windSpeed,
    windDirectionName: prevailingWind(hours),
    windForce: beaufortFromMs(windSpeed),
    validHours: hours.length,
  };
}

const isPrecipitation = (code: string) => /^[34]\d\d$/.test(code);

/**
 * The weather that names a half day: the most frequent code, but rain or snow wins over any dry
 * sky as in a forecaster's wording (a day with three wet hours is "小雨", not "多云"). Ties go to
 * the higher code, which in QWeather's table is the more significant weather.
 */
export function dominantWeather(hours: readonly WeatherHour[]): { code: string; text: string | null } | null {
  const coded = hours.filter((h): h is WeatherHour & { weather_code: string } => h.weather_code !== null);
  const wet = coded.filter((h) => isPrecipitation(h.weather_code));
  const pool = wet.length > 0 ? wet : coded;
  const counts = new Map<string, { n: number; text: string | null }>();
  for (const h of pool) {
    const c = counts.get(h.weather_code);
    counts.set(h.weather_code, { n: (c?.n ?? 0) + 1, text: c?.text ?? h.weather_text });
  }
  let best: { code: string; n: number; text: string | null } | null = null;
  for (const [code, c] of counts) {
    if (best === null || c.n > best.n || (c.n === best.n && Number(code) > Number(best.code))) {
      best = { code, ...c };
    }
  }
  return best === null ? null : { code: best.code, text: best.text };
}

/** Daytime is the hours labelled 09:00–20:00 (08–20 China time), the rest of the day is night. */
const isDaytime = (t: number) => {
  const { hour } = chinaParts(t);
  return hour >= 9 && hour <= 20;
};

function sourceOf(hours: readonly { source: DataSource }[]): DataSource | null {
  if (hours.length === 0) return null;
  return hours.find((h) => h.source !== 'demo')?.source ?? 'demo';
}

/** A day's observed hours grouped by China day number. */
export function hoursByDay(hours: readonly WeatherHour[]): Map<number, WeatherHour[]> {
  const byDay = new Map<number, WeatherHour[]>();
  for (const h of hours) {
    const day = dayOfHourEnding(h.time);
    const list = byDay.get(day);
    if (list === undefined) byDay.set(day, [h]);
    else list.push(h);
  }
  return byDay;
}

/** The range of hours a day's observations are labelled with: (00:00, 24:00]. */
export function hoursOfDays(fromDay: number, toDay: number): { from: number; to: number } {
  return { from: chinaDayStart(fromDay) + 3600, to: chinaDayStart(toDay + 1) };
}

export function observedDay(day: number, hours: readonly WeatherHour[]): WeatherDay {
  const daytime = dominantWeather(hours.filter((h) => isDaytime(h.time)));
  const night = dominantWeather(hours.filter((h) => !isDaytime(h.time)));
  const source = sourceOf(hours);
  return {
    date: formatChinaDate(chinaDayStart(day)),
    kind: 'observed',
    ...summariseHours(hours),
    textDay: daytime?.text ?? null,
    iconDay: daytime?.code ?? null,
    textNight: night?.text ?? null,
    iconNight: night?.code ?? null,
    source,
    isDemo: source === 'demo',
  };
}

export function forecastDay(day: number, row: WeatherForecastDay | undefined): WeatherDay {
  const wind = presentWind(row?.wind_speed ?? null, row?.wind_direction ?? null);
  return {
    date: formatChinaDate(chinaDayStart(day)),
    kind: 'forecast',
    tempMax: row?.temp_max ?? null,
    tempMin: row?.temp_min ?? null,
    tempMean: null,
    humidity: row?.humidity ?? null,
    precipitation: row?.precipitation ?? null,
    windSpeed: wind.windSpeed,
    windDirectionName: wind.windDirectionName,
    windForce: wind.windForce,
    validHours: null,
    textDay: row?.text_day ?? null,
    iconDay: row?.code_day ?? null,
    textNight: row?.text_night ?? null,
    iconNight: row?.code_night ?? null,
    source: row?.source ?? null,
    isDemo: row?.source === 'demo',
  };
}
