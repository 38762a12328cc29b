import {
  alarmDetailResponse,
  eleAlarmListResponse,
  eleCompareResponse,
  eleDayChartResponse,
  eleDoneResponse,
  eleEnterpriseListResponse,
  eleEnterpriseRow,
  eleFreeMetersResponse,
  eleHistoryResponse,
  eleHomeMapResponse,
  eleHomeOverviewResponse,
  eleHomeTrendResponse,
  eleIdResponse,
  eleOperationListResponse,
  eleOrderListResponse,
  eleProblemDetailResponse,
  eleProblemListResponse,
  eleSiteListResponse,
  eleSiteResponse,
  eleTradeTypesResponse,
  envelope,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type DataOf, type Params } from '../../shared/api';

/** The calls of 分表计电 (spec §7 `/ele/*`); each answer is checked against its schema. */

export type Overview = DataOf<typeof eleHomeOverviewResponse>;
export type TrendDay = DataOf<typeof eleHomeTrendResponse>[number];
export type Enterprise = DataOf<typeof eleEnterpriseListResponse>['list'][number];
export type Site = DataOf<typeof eleSiteListResponse>['list'][number];
export type Compare = DataOf<typeof eleCompareResponse>;
export type DayChart = DataOf<typeof eleDayChartResponse>;
export type EleAlarm = DataOf<typeof eleAlarmListResponse>['list'][number];
export type Problem = DataOf<typeof eleProblemListResponse>['list'][number];
export type ProblemDetail = DataOf<typeof eleProblemDetailResponse>;
export type Operation = DataOf<typeof eleOperationListResponse>['list'][number];
export type Order = DataOf<typeof eleOrderListResponse>['list'][number];

type Signal = AbortSignal | undefined;
const enterpriseResponse = envelope(eleEnterpriseRow);

export const eleKeys = {
  all: ['ele'] as const,
  call: (path: string, params: Params = {}) => ['ele', path, params] as const,
};

export const eleApi = {
  overview: (signal: Signal) => apiGet('/ele/home/overview', {}, eleHomeOverviewResponse, { signal }),
  trend: (days: number, signal: Signal) => apiGet('/ele/home/trend', { days }, eleHomeTrendResponse, { signal }),
  map: (signal: Signal) => apiGet('/ele/home/map', {}, eleHomeMapResponse, { signal }),
  tradeTypes: (signal: Signal) => apiGet('/ele/eleEnterpriseInfo/tradeTypes', {}, eleTradeTypesResponse, { signal }),
  enterprises: (p: Params, signal: Signal) =>
    apiGet('/ele/eleEnterpriseInfo/list', p, eleEnterpriseListResponse, { signal }),
  enterprise: (enterpriseId: string, signal: Signal) =>
    apiGet('/ele/eleEnterpriseInfo/detail', { enterpriseId }, enterpriseResponse, { signal }),
  saveEnterprise: (body: unknown) => apiPostJson('/ele/eleEnterpriseInfo/save', body, enterpriseResponse),
  sites: (p: Params, signal: Signal) => apiGet('/ele/eleSite/list', p, eleSiteListResponse, { signal }),
  saveSite: (body: unknown) => apiPostJson('/ele/eleSite/save', body, eleSiteResponse),
  deleteSite: (siteId: string) => apiPostJson('/ele/eleSite/delete', { siteId }, eleDoneResponse),
  freeMeters: (signal: Signal) => apiGet('/ele/eleSitedevice/freeMeters', {}, eleFreeMetersResponse, { signal }),
  bind: (siteId: string, deviceCode: string) =>
    apiPostJson('/ele/eleSitedevice/bind', { siteId, deviceCode }, eleSiteResponse),
  unbind: (siteId: string) => apiPostJson('/ele/eleSitedevice/unbind', { siteId }, eleSiteResponse),
  compare: (p: Params, signal: Signal) => apiGet('/ele/eleDataHistories/compare', p, eleCompareResponse, { signal }),
  dayChart: (p: Params, signal: Signal) => apiGet('/ele/eleDataHistories/dayChart', p, eleDayChartResponse, { signal }),
  history: (p: Params, signal: Signal) => apiGet('/ele/eleDataHistories/list', p, eleHistoryResponse, { signal }),
  alarms: (p: Params, signal: Signal) => apiGet('/ele/eleAlarmInfo/list', p, eleAlarmListResponse, { signal }),
  acknowledge: (alarmId: string, note: string) =>
    apiPostJson('/ele/eleAlarmInfo/acknowledge', { alarmId, note }, alarmDetailResponse),
  clear: (alarmId: string, note: string) =>
    apiPostJson('/ele/eleAlarmInfo/clear', { alarmId, note }, alarmDetailResponse),
  problems: (p: Params, signal: Signal) => apiGet('/ele/eleProblemForms/list', p, eleProblemListResponse, { signal }),
  problem: (problemId: string, signal: Signal) =>
    apiGet('/ele/eleProblemForms/detail', { problemId }, eleProblemDetailResponse, { signal }),
  createProblem: (body: unknown) => apiPostJson('/ele/eleProblemForms/save', body, eleProblemDetailResponse),
  actOnProblem: (body: unknown) => apiPostJson('/ele/eleProblemForms/transition', body, eleProblemDetailResponse),
  operations: (p: Params, signal: Signal) => apiGet('/ele/eleOperations/list', p, eleOperationListResponse, { signal }),
  saveOperation: (body: unknown) => apiPostJson('/ele/eleOperations/save', body, eleIdResponse),
  deleteOperation: (id: string) => apiPostJson('/ele/eleOperations/delete', { id }, eleDoneResponse),
  orders: (p: Params, signal: Signal) => apiGet('/ele/eleOrders/list', p, eleOrderListResponse, { signal }),
  saveOrder: (body: unknown) => apiPostJson('/ele/eleOrders/save', body, eleIdResponse),
  revokeOrder: (orderId: string) => apiPostJson('/ele/eleOrders/revoke', { orderId }, eleDoneResponse),
};
