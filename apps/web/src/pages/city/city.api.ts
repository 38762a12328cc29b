import type {
  CityCurrentData,
  CityDaysData,
  CityHoursData,
  CityRankData,
  CitySiteData,
  city3DayResponse,
  cityCalendarResponse,
  cityForeTextResponse,
  cityNextHoursResponse,
  RankAnalysisData,
} from '@lantian/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, callApi, type Params } from '../../shared/api/client';

/**
 * The calls of the city air page (spec §7 "Public data"), one TanStack query each. Every block of
 * the page owns its query, so one failing call costs one block (with its retry button), never the
 * page. Failures are already announced by `callApi` (the shell's '服务器请求失败' toast).
 */

export type City3Day = z.infer<typeof city3DayResponse>['data'];
export type CityForeText = z.infer<typeof cityForeTextResponse>['data'];
export type CityNextHours = z.infer<typeof cityNextHoursResponse>['data'];
export type CityCalendar = z.infer<typeof cityCalendarResponse>['data'];

/** Retry once on network trouble or a 5xx; a 4xx (unknown city, bad input) will not heal by itself. */
function retry(failures: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}

const MINUTE = 60_000;

const keyOf = (path: string, params: Params) => ['city-page', path, params] as const;

/**
 * The shell rewrites /city/110000 to /city/beijing once it knows the pinyin; an answer for one name
 * of the city is filed under the other too, so the rewrite does not fetch (and flash) again.
 */
function fileUnderAliases(client: QueryClient, path: string, params: Params, data: unknown) {
  if (typeof data !== 'object' || data === null || params.city === undefined) return;
  const { cityCode, pyName } = data as { cityCode?: unknown; pyName?: unknown };
  for (const alias of [cityCode, pyName]) {
    if (typeof alias !== 'string' || alias === '' || alias === params.city) continue;
    const key = keyOf(path, { ...params, city: alias });
    if (client.getQueryData(key) === undefined) client.setQueryData(key, data);
  }
}

/** The query of one call: key and function (shared by the hooks and the start-up prefetch). */
function callQuery<T>(client: QueryClient, path: string, params: Params) {
  return {
    queryKey: keyOf(path, params),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const data = await callApi<T>(path, params, { signal });
      fileUnderAliases(client, path, params, data);
      return data;
    },
    retry,
  };
}

function useCall<T>(path: string, params: Params, options: { enabled?: boolean; refetchMs?: number } = {}) {
  const client = useQueryClient();
  return useQuery<T, Error>({
    ...callQuery<T>(client, path, params),
    enabled: options.enabled ?? true,
    // The data changes once an hour; a page left open picks up the new hour by itself.
    refetchInterval: options.refetchMs ?? false,
  });
}

const CITY_CURRENT = '/api/getCityCurrentData';

/**
 * Files the headline call that the entry module started before React (app/first-call.ts) as the city
 * page's query, so the page shows its answer (or waits for the call in flight) instead of asking again.
 * An answer the HTML carried is filed at once, so the very first render shows the headline.
 */
export function adoptCityCurrent(
  client: QueryClient,
  city: string,
  data: Promise<CityCurrentData> | CityCurrentData,
): void {
  const params = { city };
  if (!(data instanceof Promise)) {
    client.setQueryData(keyOf(CITY_CURRENT, params), data);
    fileUnderAliases(client, CITY_CURRENT, params, data);
    return;
  }
  void client.prefetchQuery({
    ...callQuery<CityCurrentData>(client, CITY_CURRENT, params),
    queryFn: async () => {
      const answer = await data;
      fileUnderAliases(client, CITY_CURRENT, params, answer);
      return answer;
    },
    retry: false,
  });
}

export const useCityCurrent = (city: string) =>
  useCall<CityCurrentData>(CITY_CURRENT, { city }, { refetchMs: 5 * MINUTE });

export const useCityHours = (city: string, enabled: boolean) =>
  useCall<CityHoursData>('/api/getCityHoursData', { city }, { enabled, refetchMs: 10 * MINUTE });

export const useCityDays = (city: string, enabled: boolean) =>
  useCall<CityDaysData>('/api/getCityDayData', { city }, { enabled });

export const useCity3Day = (city: string, enabled: boolean) =>
  useCall<City3Day>('/api/getCity3Day', { city }, { enabled });

export const useCityForeText = (city: string, enabled: boolean) =>
  useCall<CityForeText>('/api/getCityForeText', { city }, { enabled });

export const useCityNextHours = (city: string, enabled: boolean) =>
  useCall<CityNextHours>('/api/getCityNextHoursData', { city, hours: 24 }, { enabled });

export const useCitySites = (city: string, enabled: boolean) =>
  useCall<CitySiteData>('/api/getCitySite', { city }, { enabled, refetchMs: 10 * MINUTE });

export type RankPeriod = 'hour' | 'day';

export const useRankAnalysis = (city: string, timeType: RankPeriod, enabled: boolean) =>
  useCall<RankAnalysisData>('/api/getRankAnalysis', { city, timeType }, { enabled });

export const useCityRank = (rankType: string, timeType: RankPeriod, enabled: boolean) =>
  useCall<CityRankData>('/api/getCityRank', { rankType, timeType }, { enabled });

export const useCityCalendar = (city: string, year: number, month: number, enabled: boolean) =>
  useCall<CityCalendar>('/api/cityAna/getCityCalendar', { city, year, month }, { enabled });
