import {
  alarmAcknowledgeBody,
  alarmClearBody,
  alarmDetailResponse,
  alarmListResponse,
  alarmResponse,
  alarmRuleListResponse,
  alarmRuleResponse,
  alarmRuleSaveBody,
  alarmRuleUpdateBody,
  deviceListResponse,
  emptyPlatformResponse,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type BodyOf, type DataOf, type Params } from '../../shared/api';

/** The calls of the 告警中心 screen: the alarm centre (`/adm/alarm/center/bd/*`) and the rules (`/adm/alarm/rule/*`). */

export const alarmKeys = {
  all: ['alarms'] as const,
  lists: ['alarms', 'list'] as const,
  list: (params: Params) => ['alarms', 'list', params] as const,
  details: ['alarms', 'detail'] as const,
  detail: (alarmId: string) => ['alarms', 'detail', alarmId] as const,
  rules: ['alarms', 'rules'] as const,
  ruleList: (params: Params) => ['alarms', 'rules', params] as const,
  devices: (keyword: string) => ['alarms', 'devices', keyword] as const,
};

export type AlarmDetail = DataOf<typeof alarmDetailResponse>;
export type AlarmRuleRow = DataOf<typeof alarmRuleListResponse>['list'][number];

/** Server-Sent Events: `event: alarm`, data `{ action, alarm }` (alarm-stream.ts reads it). */
export const ALARM_STREAM_URL = '/adm/alarm/center/stream';

export const listAlarms = (params: Params, signal?: AbortSignal) =>
  apiGet('/adm/alarm/center/bd/list', params, alarmListResponse, { signal });
export const getAlarm = (alarmId: string, signal?: AbortSignal) =>
  apiGet('/adm/alarm/center/bd/detail', { alarmId }, alarmDetailResponse, { signal });
export const acknowledgeAlarm = (body: BodyOf<typeof alarmAcknowledgeBody>) =>
  apiPostJson('/adm/alarm/center/bd/acknowledge', body, alarmResponse);
export const clearAlarm = (body: BodyOf<typeof alarmClearBody>) =>
  apiPostJson('/adm/alarm/center/bd/clear', body, alarmResponse);

export const listRules = (params: Params, signal?: AbortSignal) =>
  apiGet('/adm/alarm/rule/list', params, alarmRuleListResponse, { signal });
export const createRule = (body: BodyOf<typeof alarmRuleSaveBody>) =>
  apiPostJson('/adm/alarm/rule/save', body, alarmRuleResponse);
export const updateRule = (body: BodyOf<typeof alarmRuleUpdateBody>) =>
  apiPostJson('/adm/alarm/rule/update', body, alarmRuleResponse);
export const deleteRule = (ruleId: string) => apiPostJson('/adm/alarm/rule/delete', { ruleId }, emptyPlatformResponse);

/** Devices to tie a rule to (needs device:view): the first 20 matching the keyword, of a type. */
export const searchDevices = (keyword: string, type: string | undefined, signal?: AbortSignal) =>
  apiGet('/device/list', { keyword, type, pageSize: 20 }, deviceListResponse, { signal });

export { alarmAcknowledgeBody, alarmClearBody, alarmRuleSaveBody, alarmRuleUpdateBody };
