import type { CityCurrentData } from '@lantian/contracts';
import type { CityWeather } from '../pages/weather/weather.api';
import { callApi } from '../shared/api/client';
import { inlinedAnswer } from './first-data';

/**
 * The first screen's headline call, started by the entry module before React and the app's code have
 * even downloaded: on a slow phone connection that is most of a second sooner. /city/{city} has one
 * (getCityCurrentData) and /weather/{city} has one (getWeather); the page's query takes the answer
 * over (pages/city/city.api.ts, pages/weather/weather.api.ts). When the server already put the
 * answer into the HTML (app/first-data.ts), nothing is asked at all.
 */

const CITY_CURRENT = '/api/getCityCurrentData';

export type FirstScreenCall =
  | {
      page: 'city';
      city: string;
      data: Promise<CityCurrentData>;
      /** The answer itself when the HTML carried it: the page can show it in its very first render. */
      inlined?: CityCurrentData;
    }
  | { page: 'weather'; city: string; data: Promise<CityWeather> };

let started: FirstScreenCall | undefined;

/** The city named by /{page}/{city}, as the page reads it (app/useCityParam.ts), or undefined. */
export function firstScreenCity(pathname: string, page: 'city' | 'weather' = 'city'): string | undefined {
  const segments = pathname.split('/').filter((s) => s !== '');
  const last = segments[segments.length - 1];
  if (segments.length < 2 || segments[0] !== page || last === undefined) return undefined;
  try {
    const city = decodeURIComponent(last);
    return city === '' ? undefined : city;
  } catch {
    return undefined;
  }
}

/**
 * Whether the address is a page that says itself when its first screen is shown without a start-up
 * call (the site page of a city): the work that waits for the first screen waits for it.
 */
export function pageSignalsFirstScreen(pathname: string): boolean {
  const segments = pathname.split('/').filter((s) => s !== '');
  return segments.length >= 2 && segments[0] === 'site';
}

export function startFirstScreenCall(pathname: string): FirstScreenCall | undefined {
  const weatherCity = firstScreenCity(pathname, 'weather');
  if (weatherCity !== undefined) {
    const data = callApi<CityWeather>('/api/getWeather', { city: weatherCity });
    // Its failure is the page's to handle (its query shows the error with a retry).
    data.catch(() => {});
    started = { page: 'weather', city: weatherCity, data };
    return started;
  }
  const city = firstScreenCity(pathname);
  if (city === undefined) return undefined;
  const inlined = inlinedAnswer<CityCurrentData>(CITY_CURRENT, city);
  const data = inlined === undefined ? callApi<CityCurrentData>(CITY_CURRENT, { city }) : Promise.resolve(inlined);
  // Its failure is the page's to handle (the page's query retries and the shell announces it).
  data.catch(() => {});
  started = inlined === undefined ? { page: 'city', city, data } : { page: 'city', city, data, inlined };
  return started;
}

/** Hands the call over once: later reads (a remount, another address) fetch on their own. */
export function takeFirstScreenCall(): FirstScreenCall | undefined {
  const call = started;
  started = undefined;
  return call;
}
