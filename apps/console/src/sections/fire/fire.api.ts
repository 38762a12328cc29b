import {
  fireAlarmDetailResponse,
  fireAlarmListResponse,
  fireAlarmTypeCountResponse,
  fireRankResponse,
  fireSiteListResponse,
  fireSurveyResponse,
  fireTrendResponse,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type DataOf, type Params } from '../../shared/api';

/** The calls of 消防告警 (spec §7 /fire/*); each answer is checked against its schema. */

export type FireSurvey = DataOf<typeof fireSurveyResponse>;
export type FireTrend = DataOf<typeof fireTrendResponse>;
export type FireTypeCount = DataOf<typeof fireAlarmTypeCountResponse>;
export type FireRank = DataOf<typeof fireRankResponse>;
export type FireAlarmPage = DataOf<typeof fireAlarmListResponse>;
export type FireAlarm = FireAlarmPage['list'][number];
export type FireAlarmDetail = DataOf<typeof fireAlarmDetailResponse>;
export type FireSitePage = DataOf<typeof fireSiteListResponse>;
export type FireSite = FireSitePage['list'][number];
export type FireCamera = FireAlarm['cameras'][number];

export const fireKeys = {
  all: ['fire'] as const,
  call: (path: string, params: Params) => ['fire', path, params] as const,
  detail: (alarmId: string) => ['fire', 'detail', alarmId] as const,
};

type Signal = AbortSignal | undefined;

export const fireApi = {
  survey: (p: Params, signal: Signal) => apiGet('/fire/alarm/survey', p, fireSurveyResponse, { signal }),
  trend: (p: Params, signal: Signal) => apiGet('/fire/alarm/trend', p, fireTrendResponse, { signal }),
  types: (p: Params, signal: Signal) => apiGet('/fire/alarm/alarmTypeCount', p, fireAlarmTypeCountResponse, { signal }),
  rank: (p: Params, signal: Signal) => apiGet('/fire/alarm/rank', p, fireRankResponse, { signal }),
  list: (p: Params, signal: Signal) => apiGet('/fire/alarm/list', p, fireAlarmListResponse, { signal }),
  detail: (alarmId: string, signal: Signal) =>
    apiGet('/fire/alarm/detail', { alarmId }, fireAlarmDetailResponse, { signal }),
  sites: (p: Params, signal: Signal) => apiGet('/fire/site/findList', p, fireSiteListResponse, { signal }),
  handle: (body: { alarmId: string; action: 'acknowledge' | 'clear'; outcome?: string; note: string }) =>
    apiPostJson('/fire/alarm/handle', body, fireAlarmDetailResponse),
};

/** The console's own address of a camera's video page (the API answers it under /platform). */
export const consolePath = (url: string) => url.replace(/^\/platform(?=\/)/, '');
