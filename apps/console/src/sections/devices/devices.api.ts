import {
  deviceConfigResponse,
  deviceDetailResponse,
  deviceListResponse,
  deviceMapResponse,
  deviceResponse,
  deviceRetireBody,
  deviceSaveBody,
  deviceSeriesResponse,
  deviceUpdateBody,
  gatewayStatsResponse,
  incompleteDataBody,
  incompleteDataResponse,
  invalidDataBody,
  operationListResponse,
  operationResponse,
  operationSaveBody,
  opsDevicesResponse,
  rawPacketListResponse,
  siteListResponse,
  siteResponse,
  siteSaveBody,
  siteUpdateBody,
  unregisteredListResponse,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type BodyOf, type DataOf, type Params } from '../../shared/api';

/**
 * The calls of the 设备运维 screens: the registry (`/device/*`), the device's configuration
 * (`/configuration/getDeviceConfig`), the gateway's figures and packet log, and the ops records
 * (`/ops/optOperationStatus/*`, spec §7).
 */

export const deviceKeys = {
  all: ['devices'] as const,
  lists: ['devices', 'list'] as const,
  list: (params: Params) => ['devices', 'list', params] as const,
  detail: (deviceId: string) => ['devices', 'detail', deviceId] as const,
  config: (deviceId: string) => ['devices', 'config', deviceId] as const,
  series: (params: Params) => ['devices', 'series', params] as const,
  map: (params: Params) => ['devices', 'map', params] as const,
  outline: (areaCode: string) => ['devices', 'outline', areaCode] as const,
  sites: ['devices', 'sites'] as const,
  siteList: (params: Params) => ['devices', 'sites', params] as const,
  unregistered: ['devices', 'unregistered'] as const,
  unregisteredList: (params: Params) => ['devices', 'unregistered', params] as const,
  gateway: ['devices', 'gateway'] as const,
  packets: (params: Params) => ['devices', 'gateway', 'packets', params] as const,
  ops: ['devices', 'ops'] as const,
  operations: (params: Params) => ['devices', 'ops', 'operations', params] as const,
  opsDevices: (sitetype: string) => ['devices', 'ops', 'devices', sitetype] as const,
  incomplete: (params: Params) => ['devices', 'ops', 'incomplete', params] as const,
};

export type DeviceDetail = DataOf<typeof deviceDetailResponse>;
export type DeviceConfig = DataOf<typeof deviceConfigResponse>;
export type MapDevice = DataOf<typeof deviceMapResponse>[number];
export type DeviceSeries = DataOf<typeof deviceSeriesResponse>;
export type SiteRow = DataOf<typeof siteResponse>;
export type UnregisteredDevice = DataOf<typeof unregisteredListResponse>['list'][number];
export type GatewayStats = DataOf<typeof gatewayStatsResponse>;
export type RawPacketRow = DataOf<typeof rawPacketListResponse>['list'][number];
export type OperationRow = DataOf<typeof operationListResponse>['list'][number];
export type OpsDeviceRow = DataOf<typeof opsDevicesResponse>[number];
export type IncompleteData = DataOf<typeof incompleteDataResponse>;
export type IncompleteRow = IncompleteData['list'][number];

// --- Devices ---

export const listDevices = (params: Params, signal?: AbortSignal) =>
  apiGet('/device/list', params, deviceListResponse, { signal });
export const getDevice = (deviceId: string, signal?: AbortSignal) =>
  apiGet('/device/detail', { deviceId }, deviceDetailResponse, { signal });
export const getDeviceConfig = (deviceId: string, signal?: AbortSignal) =>
  apiGet('/configuration/getDeviceConfig', { deviceId }, deviceConfigResponse, { signal });
export const getDeviceMap = (params: Params, signal?: AbortSignal) =>
  apiGet('/device/map', params, deviceMapResponse, { signal });
export const getDeviceSeries = (params: Params, signal?: AbortSignal) =>
  apiGet('/device/series', params, deviceSeriesResponse, { signal });

export const createDevice = (body: BodyOf<typeof deviceSaveBody>) => apiPostJson('/device/save', body, deviceResponse);
export const updateDevice = (body: BodyOf<typeof deviceUpdateBody>) =>
  apiPostJson('/device/update', body, deviceResponse);
export const retireDevice = (body: BodyOf<typeof deviceRetireBody>) =>
  apiPostJson('/device/retire', body, deviceResponse);

// --- Sites and areas ---

export const listSites = (params: Params, signal?: AbortSignal) =>
  apiGet('/device/site/list', params, siteListResponse, { signal });
export const createSite = (body: BodyOf<typeof siteSaveBody>) => apiPostJson('/device/site/save', body, siteResponse);
export const updateSite = (body: BodyOf<typeof siteUpdateBody>) =>
  apiPostJson('/device/site/update', body, siteResponse);

/** The administrative divisions of the operator's area down to the counties (never change while the server runs). */

// --- The gateway ---

export const listUnregistered = (params: Params, signal?: AbortSignal) =>
  apiGet('/device/unregistered/list', params, unregisteredListResponse, { signal });
export const getGatewayStats = (signal?: AbortSignal) =>
  apiGet('/device/gateway/stats', {}, gatewayStatsResponse, { signal });
export const listPackets = (params: Params, signal?: AbortSignal) =>
  apiGet('/device/packets/list', params, rawPacketListResponse, { signal });

// --- Ops (spec §7: POST with JSON bodies, reads too) ---

export const listOperations = (body: Params, signal?: AbortSignal) =>
  apiPostJson('/ops/optOperationStatus/getData', body, operationListResponse, { signal });
export const saveOperation = (body: BodyOf<typeof operationSaveBody>) =>
  apiPostJson('/ops/optOperationStatus/saveData', body, operationResponse);
export const invalidateData = (body: BodyOf<typeof invalidDataBody>) =>
  apiPostJson('/ops/optOperationStatus/inValidData', body, operationResponse);
export const listOpsDevices = (sitetype: string, signal?: AbortSignal) =>
  apiPostJson('/ops/optOperationStatus/getAllDevices', { sitetype }, opsDevicesResponse, { signal });
export const getIncompleteData = (body: BodyOf<typeof incompleteDataBody>, signal?: AbortSignal) =>
  apiPostJson('/ops/optOperationStatus/getNoCompleteData', body, incompleteDataResponse, { signal });

export {
  deviceRetireBody,
  deviceSaveBody,
  deviceUpdateBody,
  incompleteDataBody,
  invalidDataBody,
  operationSaveBody,
  siteSaveBody,
  siteUpdateBody,
};
