import type { CityCurrentData } from '@lantian/contracts';
import { callApi } from '../shared/api/client';
import { inlinedAnswer } from './first-data';

/**
 * The first screen's headline call, started by the entry module before React and the app's code have
 * even downloaded: on a slow phone connection that is most of a second sooner. Only /city/{city} has
 * one; the city page's query takes the answer over (pages/city/city.api.ts). When the server already
 * put the answer into the HTML (app/first-data.ts), nothing is asked at all.
 */

const CITY_CURRENT = '/api/getCityCurrentData';

export interface FirstScreenCall {
  city: string;
  data: Promise<CityCurrentData>;
  /** The answer itself when the HTML carried it: the page can show it in its very first render. */
  inlined?: CityCurrentData;
}

let started: FirstScreenCall | undefined;

/** The city named by /city/{city}, as the page reads it (app/useCityParam.ts), or undefined. */
export function firstScreenCity(pathname: string): string | undefined {
  const segments = pathname.split('/').filter((s) => s !== '');
  const last = segments[segments.length - 1];
  if (segments.length < 2 || segments[0] !== 'city' || last === undefined) return undefined;
  try {
    const city = decodeURIComponent(last);
    return city === '' ? undefined : city;
  } catch {
    return undefined;
  }
}

/**
 * Whether the address is a page that says itself when its first screen is shown (the site and
 * weather pages of a city): the work that waits for the first screen waits for it.
 */
export function pageSignalsFirstScreen(pathname: string): boolean {
  const segments = pathname.split('/').filter((s) => s !== '');
  return segments.length >= 2 && (segments[0] === 'site' || segments[0] === 'weather');
}

export function startFirstScreenCall(pathname: string): FirstScreenCall | undefined {
  const city = firstScreenCity(pathname);
  if (city === undefined) return undefined;
  const inlined = inlinedAnswer<CityCurrentData>(CITY_CURRENT, city);
  const data = inlined === undefined ? callApi<CityCurrentData>(CITY_CURRENT, { city }) : Promise.resolve(inlined);
  // Its failure is the page's to handle (the page's query retries and the shell announces it).
  data.catch(() => {});
  started = inlined === undefined ? { city, data } : { city, data, inlined };
  return started;
}

/** Hands the call over once: later reads (a remount, another address) fetch on their own. */
export function takeFirstScreenCall(): FirstScreenCall | undefined {
  const call = started;
  started = undefined;
  return call;
}
