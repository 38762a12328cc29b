/**
 * The public calls the API benchmark and the profiler load, as the web client sends them (form
 * bodies; GET query strings). Current-hour calls are answered from the hour's prebuilt answers;
 * history calls from the series and period caches (docs/PERFORMANCE.md).
 */
import { formatChinaDateTime, SECONDS_PER_DAY } from '@lantian/domain';
import { SERIES_CITY } from './bench-app';
import type { Target } from './cannon';

export type CallKind = 'current' | 'history';

export interface PublicCall extends Target {
  kind: CallKind;
}

export function publicCalls(lastHour: number): PublicCall[] {
  const day = (days: number) => formatChinaDateTime(lastHour - days * SECONDS_PER_DAY);
  return [
    {
      kind: 'current',
      label: 'getCityCurrentData',
      method: 'POST',
      path: '/api/getCityCurrentData',
      params: { city: SERIES_CITY },
    },
    {
      kind: 'current',
      label: 'getSiteCurrentData',
      method: 'POST',
      path: '/api/getSiteCurrentData',
      params: { siteCode: 'D110000-01' },
    },
    {
      kind: 'current',
      label: 'getFocusCityData',
      method: 'POST',
      path: '/api/getFocusCityData',
      params: { stationCode: SERIES_CITY },
    },
    {
      kind: 'current',
      label: 'getAllFocusCityData',
      method: 'POST',
      path: '/api/getAllFocusCityData',
      params: { stationCodes: '110000,310000,440100,510100' },
    },
    { kind: 'current', label: 'getCityRank (hour)', method: 'POST', path: '/api/getCityRank', params: {} },
    {
      kind: 'current',
      label: 'getMapSiteData (hour)',
      method: 'POST',
      path: '/api/getMapSiteData',
      params: { timeType: 'hour', dataType: 'aqi', mapType: 'site', formatType: '1' },
    },
    { kind: 'current', label: 'getCitySite', method: 'POST', path: '/api/getCitySite', params: { city: SERIES_CITY } },
    { kind: 'current', label: 'getCityList', method: 'GET', path: '/api/getCityList', params: {} },
    {
      kind: 'history',
      label: 'getCityHoursData (30 days)',
      method: 'POST',
      path: '/api/getCityHoursData',
      params: { city: SERIES_CITY, startTime: day(30), endTime: day(0) },
    },
    {
      kind: 'history',
      label: 'getCityDayData (a year)',
      method: 'POST',
      path: '/api/getCityDayData',
      params: { city: SERIES_CITY, startTime: day(365), endTime: day(0) },
    },
    {
      kind: 'history',
      label: 'getCityMonthData',
      method: 'POST',
      path: '/api/getCityMonthData',
      params: { city: SERIES_CITY },
    },
    {
      kind: 'history',
      label: 'getCityRank (month)',
      method: 'POST',
      path: '/api/getCityRank',
      params: { timeType: 'month' },
    },
  ];
}
