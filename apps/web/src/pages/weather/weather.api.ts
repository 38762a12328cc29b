import type {
  LegendRangeData,
  SurfacePoint,
  WeatherForecastDayData,
  WeatherForecastHourData,
  WeatherLayerKey,
  WeatherNow,
} from '@lantian/contracts';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';

/** `POST /api/getWeather`: latest observation, daily forecasts from today, the next 24 hours. */
export interface CityWeather {
  cityCode: string;
  cityName: string;
  now: WeatherNow | null;
  daily: WeatherForecastDayData[];
  hourly: WeatherForecastHourData[];
}

/** `POST /api/getAqiSurMeteoData`: every city's value on one layer at the latest hour. */
export interface SurfaceLayer {
  layer: WeatherLayerKey;
  time: string | null;
  stale: boolean;
  legend: LegendRangeData;
  points: SurfacePoint[];
}

/*
 * No abort signal is passed: a call aborted while its body is being read (the shell turning
 * /weather/330500 into /weather/huzhou unmounts the first query) is reported by callApi as a failed
 * request, and the visitor would see '服务器请求失败' for nothing. A finished call just fills the cache.
 */

/** Observations are hourly: look again every 10 minutes while the page is open. */
const REFRESH_MS = 10 * 60_000;

const weatherKey = (city: string) => ['weather', 'getWeather', city] as const;

/**
 * Files the getWeather call that the entry module started before React (app/first-call.ts) as the
 * page's query, so the page shows its answer (or waits for the call in flight) instead of asking again.
 */
export function adoptCityWeather(client: QueryClient, city: string, data: Promise<CityWeather>): void {
  void client.prefetchQuery({ queryKey: weatherKey(city), queryFn: () => data, retry: false });
}

export function useCityWeather(city: string) {
  return useQuery({
    queryKey: weatherKey(city),
    queryFn: () => callApi<CityWeather>('/api/getWeather', { city }),
    refetchInterval: REFRESH_MS,
  });
}

export function useSurfaceLayer(layer: WeatherLayerKey, enabled: boolean) {
  return useQuery({
    queryKey: ['weather', 'getAqiSurMeteoData', layer],
    queryFn: () => callApi<SurfaceLayer>('/api/getAqiSurMeteoData', { layer }),
    enabled,
    refetchInterval: REFRESH_MS,
    // Switching layers keeps the previous map on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}
