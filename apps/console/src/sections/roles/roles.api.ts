import {
  emptyPlatformResponse,
  permissionCatalogResponse,
  roleListResponse,
  roleResponse,
  roleSaveBody,
  roleUpdateBody,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type Params } from '../../shared/api';

/** The calls of the 角色权限 screen (system management, `/sys/role/*`, `/sys/permission/list`). */

export const roleKeys = {
  all: ['roles'] as const,
  list: (params: Params) => ['roles', 'list', params] as const,
  catalog: ['roles', 'permission-catalog'] as const,
};

export const listRoles = (params: Params, signal?: AbortSignal) =>
  apiGet('/sys/role/list', params, roleListResponse, { signal });

/** The permission catalogue only changes with a deploy. */
export const getPermissionCatalog = (signal?: AbortSignal) =>
  apiGet('/sys/permission/list', {}, permissionCatalogResponse, { signal });

export type CreateRole = Parameters<typeof roleSaveBody.parse>[0];
export type UpdateRole = Parameters<typeof roleUpdateBody.parse>[0];

export const createRole = (body: CreateRole) => apiPostJson('/sys/role/save', body, roleResponse);
export const updateRole = (body: UpdateRole) => apiPostJson('/sys/role/update', body, roleResponse);
export const deleteRole = (id: string) => apiPostJson('/sys/role/delete', { id }, emptyPlatformResponse);

export { roleSaveBody, roleUpdateBody };
