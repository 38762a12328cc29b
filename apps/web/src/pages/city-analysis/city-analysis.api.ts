import type {
  CityDaysData,
  CityMonthsData,
  CityYearItem,
  cityCalendarResponse,
  meteoAnaResponse,
  O3DaySchemeData,
  StandardData,
} from '@lantian/contracts';
import type { z } from 'zod';
import { useApiCall } from '../analysis/analysis.api';

/** The calls of the city analysis (spec §7 "Public data"), one query each; every block owns its own. */

export type CityCalendarData = z.infer<typeof cityCalendarResponse>['data'];
export type MeteoAnaData = z.infer<typeof meteoAnaResponse>['data'];
export interface CityYearsData {
  cityCode: string;
  cityName: string;
  pyName: string;
  items: CityYearItem[];
}

export const useCityYears = (city: string) => useApiCall<CityYearsData>('/api/getCityYearData', { city });

export const useCityMonths = (city: string, year: number, enabled = true) =>
  useApiCall<CityMonthsData>('/api/getCityMonthData', { city, year: String(year) }, { enabled });

export const useYearCalendar = (city: string, year: number) =>
  useApiCall<CityCalendarData>('/api/cityAna/getCityCalendar', { city, year });

export const useYearlyStandard = (city: string, year: number) =>
  useApiCall<StandardData>('/api/getYearlyStandard', { city, year: String(year) });

export const useMonthlyStandard = (city: string, month: string, enabled: boolean) =>
  useApiCall<StandardData>('/api/getMonthlyStandard', { city, month }, { enabled });

export const useO3DayScheme = (city: string, time: string | undefined) =>
  useApiCall<O3DaySchemeData>('/api/getO3DaySchemeData', { city, time });

export const useMeteoAna = (city: string, startTime: string, endTime: string) =>
  useApiCall<MeteoAnaData>('/api/getMeteoAnaData', { city, startTime, endTime });

export const useCityDays = (city: string, startTime: string, endTime: string) =>
  useApiCall<CityDaysData>('/api/getCityDayData', { city, startTime, endTime });
