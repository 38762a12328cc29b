import {
  openAppCredentialsResponse,
  openAppListResponse,
  openAppResponse,
  type openAppSaveBody,
  type openAppUpdateBody,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type Params } from '../../shared/api';

/** The calls of the 开放接口 screen (system management, `/sys/openapi/*`). */

export const openAppKeys = { list: (params: Params) => ['open-apps', 'list', params] as const, all: ['open-apps'] };

export const listOpenApps = (params: Params, signal?: AbortSignal) =>
  apiGet('/sys/openapi/list', params, openAppListResponse, { signal });

export type CreateOpenApp = Parameters<typeof openAppSaveBody.parse>[0];
export type UpdateOpenApp = Parameters<typeof openAppUpdateBody.parse>[0];

/** Answers the application with its appKey and appSecret: the secret is never shown again. */
export const createOpenApp = (body: CreateOpenApp) =>
  apiPostJson('/sys/openapi/save', body, openAppCredentialsResponse);
export const updateOpenApp = (body: UpdateOpenApp) => apiPostJson('/sys/openapi/update', body, openAppResponse);
export const revokeOpenApp = (id: string) => apiPostJson('/sys/openapi/revoke', { id }, openAppResponse);
/** A new appSecret, shown once; the old one and its tokens stop working at once. */
export const resetOpenAppSecret = (id: string) =>
  apiPostJson('/sys/openapi/resetSecret', { id }, openAppCredentialsResponse);
