import {
  alarmDetailResponse,
  enterpriseListResponse,
  enterpriseResponse,
  enterpriseSaveBody,
  enterpriseUpdateBody,
  smokeAlarmCountResponse,
  type smokeAlarmHandleBody,
  smokeAlarmPageResponse,
  smokeHistoryResponse,
  smokeLivePageResponse,
  smokeLiveResponse,
  smokeMapResponse,
  smokeOverDaysResponse,
  smokeOverviewResponse,
  smokeRunningResponse,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type BodyOf, type DataOf, type Params } from '../../shared/api';

/** The calls of the 油烟监测 section (spec §7 /smk/*, /enterprise/manager/*). */

export { enterpriseSaveBody, enterpriseUpdateBody };

export const smokeKeys = {
  all: ['smoke'] as const,
  overview: ['smoke', 'overview'] as const,
  map: ['smoke', 'map'] as const,
  live: (params: Params) => ['smoke', 'live', params] as const,
  detail: (stationCode: string) => ['smoke', 'detail', stationCode] as const,
  history: (params: Params) => ['smoke', 'history', params] as const,
  running: (params: Params) => ['smoke', 'running', params] as const,
  overDays: (stationCode: string) => ['smoke', 'overDays', stationCode] as const,
  alarms: (params: Params) => ['smoke', 'alarms', params] as const,
  alarmCounts: ['smoke', 'alarmCounts'] as const,
  enterprises: (params: Params) => ['smoke', 'enterprises', params] as const,
};

export type Overview = DataOf<typeof smokeOverviewResponse>;
export type LiveRow = DataOf<typeof smokeLivePageResponse>['list'][number];
export type LiveDetail = DataOf<typeof smokeLiveResponse>;
export type MapPoint = DataOf<typeof smokeMapResponse>[number];
export type History = DataOf<typeof smokeHistoryResponse>;
export type Running = DataOf<typeof smokeRunningResponse>;
export type OverDays = DataOf<typeof smokeOverDaysResponse>;
export type SmokeAlarm = DataOf<typeof smokeAlarmPageResponse>['list'][number];
export type AlarmCounts = DataOf<typeof smokeAlarmCountResponse>;
export type Enterprise = DataOf<typeof enterpriseResponse>;
export type EnterpriseBody = BodyOf<typeof enterpriseSaveBody>;
export type EnterpriseUpdate = BodyOf<typeof enterpriseUpdateBody>;
export type HandleBody = BodyOf<typeof smokeAlarmHandleBody>;

export const getOverview = (signal?: AbortSignal) =>
  apiGet('/smk/dataLives/overview', {}, smokeOverviewResponse, { signal });
export const getMapPoints = (signal?: AbortSignal) =>
  apiGet('/smk/dataLives/mapPoints', {}, smokeMapResponse, { signal });
export const listLive = (params: Params, signal?: AbortSignal) =>
  apiGet('/smk/dataLives/list', params, smokeLivePageResponse, { signal });
export const getDetail = (stationCode: string, signal?: AbortSignal) =>
  apiGet('/smk/dataLives/detail', { stationCode }, smokeLiveResponse, { signal });
export const getHistory = (params: Params, signal?: AbortSignal) =>
  apiGet('/smk/smkDataHistories/list', params, smokeHistoryResponse, { signal });
export const getRunning = (params: Params, signal?: AbortSignal) =>
  apiGet('/smk/smkDataHistories/runningState', params, smokeRunningResponse, { signal });
export const getOverDays = (stationCode: string, signal?: AbortSignal) =>
  apiGet('/smk/smkDataHistories/overLimitDays', { stationCode }, smokeOverDaysResponse, { signal });
export const listAlarms = (params: Params, signal?: AbortSignal) =>
  apiGet('/smk/alarm/list', params, smokeAlarmPageResponse, { signal });
export const getAlarmCounts = (signal?: AbortSignal) =>
  apiGet('/smk/alarm/typeCount', {}, smokeAlarmCountResponse, { signal });
export const handleAlarm = (body: HandleBody) => apiPostJson('/smk/alarm/handle', body, alarmDetailResponse);
export const listEnterprises = (params: Params, signal?: AbortSignal) =>
  apiGet('/enterprise/manager/list', params, enterpriseListResponse, { signal });
export const createEnterprise = (body: EnterpriseBody) =>
  apiPostJson('/enterprise/manager/save', body, enterpriseResponse);
export const updateEnterprise = (body: EnterpriseUpdate) =>
  apiPostJson('/enterprise/manager/update', body, enterpriseResponse);
export const setEnterpriseEnabled = (enterpriseId: string, enabled: boolean) =>
  apiPostJson(`/enterprise/manager/${enabled ? 'enable' : 'disable'}`, { enterpriseId }, enterpriseResponse);
