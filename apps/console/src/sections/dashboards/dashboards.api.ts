import {
  canModifyResponse,
  configDetailResponse,
  configListResponse,
  configRowResponse,
  configTokenResponse,
  configTypesResponse,
  dataSourceListResponse,
  emptyPlatformResponse,
  type KonvaStage,
  liveValuesResponse,
  resourceListResponse,
  resourceRowResponse,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type DataOf, type Params } from '../../shared/api';
import { postMultipart, type UploadOptions } from '../../shared/api/upload';

/** The calls of 数据大屏 (spec §7 "Platform: configuration"). */

export const dashboardKeys = {
  all: ['dashboards'] as const,
  list: (params: Params) => ['dashboards', 'list', params] as const,
  detail: (id: string) => ['dashboards', 'detail', id] as const,
  token: (id: string) => ['dashboards', 'token', id] as const,
  types: ['dashboards', 'types'] as const,
  sources: ['dashboards', 'sources'] as const,
  resources: (params: Params) => ['dashboards', 'resources', params] as const,
  canModify: ['dashboards', 'canModify'] as const,
};

export type ConfigRow = DataOf<typeof configRowResponse>;
export type ConfigDetail = DataOf<typeof configDetailResponse>;
export type DataSource = DataOf<typeof dataSourceListResponse>[number];
export type ResourceRow = DataOf<typeof resourceRowResponse>;

export const listConfigs = (params: Params, signal?: AbortSignal) =>
  apiGet('/configuration/configList', params, configListResponse, { signal });
export const getConfig = (id: string, signal?: AbortSignal) =>
  apiGet('/configuration/detail', { id }, configDetailResponse, { signal });
export const configTypes = (signal?: AbortSignal) =>
  apiGet('/configuration/typeList', {}, configTypesResponse, { signal });
export const saveConfig = (body: { id?: string; title: string; type?: string; company?: string; konva?: KonvaStage }) =>
  apiPostJson('/configuration/save', body, configDetailResponse);
export const deleteConfig = (id: string) => apiPostJson('/configuration/delete', { id }, emptyPlatformResponse);
export const setStatus = (id: string, status: 0 | 1) =>
  apiPostJson('/configuration/update/status', { id, status }, configRowResponse);
export const getToken = (id: string, signal?: AbortSignal) =>
  apiGet('/configuration/getToken', { id }, configTokenResponse, { signal });
export const resetToken = (id: string) => apiPostJson('/configuration/token/reset', { id }, configTokenResponse);

export const dataSources = (signal?: AbortSignal) =>
  apiGet('/configuration/dataSourceList', {}, dataSourceListResponse, { signal });
export const latestValues = (bindings: string, signal?: AbortSignal) =>
  apiGet('/configuration/values', { bindings }, liveValuesResponse, { signal });
export const streamUrl = (deviceIds: readonly string[]) => `/configuration/stream?devices=${deviceIds.join(',')}`;

export const listResources = (params: Params, signal?: AbortSignal) =>
  apiGet('/configuration/staticResource', params, resourceListResponse, { signal });
export const resourceUrl = (id: string) => `/configuration/staticResource/file?id=${encodeURIComponent(id)}`;
export const canModifySystem = (signal?: AbortSignal) =>
  apiGet('/configuration/canModifySystemResource', {}, canModifyResponse, { signal });
export const deleteResource = (id: string) =>
  apiPostJson('/configuration/staticResource/delete', { id }, emptyPlatformResponse);
export function uploadResource(file: File, fields: { type: string; resourceType: string }, options: UploadOptions) {
  const form = new FormData();
  form.append('type', fields.type);
  form.append('resourceType', fields.resourceType);
  form.append('file', file, file.name);
  return postMultipart('/configuration/staticResource/upload', form, resourceRowResponse, options);
}
