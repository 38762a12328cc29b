import { emptyPlatformResponse, gridTreeResponse, orgResponse, orgSaveBody, orgUpdateBody } from '@lantian/contracts';
import { apiGet, apiPostJson } from '../../shared/api';

/**
 * The calls of the 组织机构 screen (`/sys/org/*`). The tree itself is the shared lookup
 * (`/adm/org/votreeData`, shared/lookups), which the operator screens pick organisations from too.
 */

export const orgKeys = { areaTree: ['orgs', 'area-tree'] as const };

/** The administrative divisions of the reader's area down to the counties (never change while the server runs). */
export const getAreaTree = (signal?: AbortSignal) => apiGet('/sys/area/tree', {}, gridTreeResponse, { signal });

export type CreateOrg = Parameters<typeof orgSaveBody.parse>[0];
export type UpdateOrg = Parameters<typeof orgUpdateBody.parse>[0];

export const createOrg = (body: CreateOrg) => apiPostJson('/sys/org/save', body, orgResponse);
export const updateOrg = (body: UpdateOrg) => apiPostJson('/sys/org/update', body, orgResponse);
export const deleteOrg = (id: string) => apiPostJson('/sys/org/delete', { id }, emptyPlatformResponse);

export { orgSaveBody, orgUpdateBody };
