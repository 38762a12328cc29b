import {
  eventListResponse,
  type GridImportError,
  geoJsonResponse,
  gridAreaTreeResponse,
  type gridDeleteBody,
  gridDeletedResponse,
  gridFeatureCollectionResponse,
  gridImportResponse,
  gridIncidentCountResponse,
  gridInfoResponse,
  gridMemberListResponse,
  gridMemberRemovedResponse,
  gridMemberResponse,
  type gridMemberSaveBody,
  gridRealTimeAndAccumulativeResponse,
  gridRealTimeResponse,
  gridResponse,
  type gridSaveBody,
  type gridUpdateBody,
  operatorOptionsResponse,
  stateCountsResponse,
} from '@lantian/contracts';
import { ApiError, apiGet, apiPostJson, type BodyOf, type DataOf } from '../../shared/api';

/** The calls of 网格划分 (`/adm/grid/*`, spec §7 "Platform: grid"), the area outlines and the operator picker. */

export const gridKeys = {
  all: ['grids'] as const,
  tree: ['grids', 'tree'] as const,
  features: (parent: string) => ['grids', 'features', parent] as const,
  counts: (parent: string) => ['grids', 'counts', parent] as const,
  info: (gridCode: string) => ['grids', 'info', gridCode] as const,
  realTime: (gridCode: string) => ['grids', 'real-time', gridCode] as const,
  accumulated: (gridCode: string) => ['grids', 'accumulated', gridCode] as const,
  eventCounts: (gridCode: string) => ['grids', 'event-counts', gridCode] as const,
  events: (gridCode: string, pageNum: number) => ['grids', 'events', gridCode, pageNum] as const,
  members: (gridCode: string) => ['grids', 'members', gridCode] as const,
  outline: (areaCode: string | null) => ['grids', 'outline', areaCode] as const,
  operators: (keyword: string) => ['grids', 'operators', keyword] as const,
};

export type GridInfo = DataOf<typeof gridInfoResponse>;
export type GridFeatures = DataOf<typeof gridFeatureCollectionResponse>;
export type GridCounts = DataOf<typeof gridIncidentCountResponse>;
export type GridRealTime = DataOf<typeof gridRealTimeResponse>;
export type GridAccumulated = DataOf<typeof gridRealTimeAndAccumulativeResponse>;
export type GridEventCounts = DataOf<typeof stateCountsResponse>;
export type OutlineData = DataOf<typeof geoJsonResponse>;
export type GridSave = BodyOf<typeof gridSaveBody>;
export type GridUpdate = BodyOf<typeof gridUpdateBody>;
export type MemberSave = BodyOf<typeof gridMemberSaveBody>;

export const getGridAreaTree = (signal?: AbortSignal) =>
  apiGet('/adm/grid/allGridTreeData', {}, gridAreaTreeResponse, { signal });

/** The boundaries of the grids right below `parent`: a grid code, or a county (its top grids). */
export const getGridFeatures = (parent: string, signal?: AbortSignal) =>
  apiGet(
    '/adm/grid/getGridGeojsonData',
    parent.length === 6 ? { areaCode: parent } : { parentCode: parent },
    gridFeatureCollectionResponse,
    { signal },
  );

/**
 * Events per grid below `parent`; null when the server does not offer the call (404: an older server),
 * so that the map colours its grids plainly instead of failing.
 */
export async function getGridCounts(parent: string, signal?: AbortSignal): Promise<GridCounts | null> {
  try {
    return await apiGet(
      '/adm/grid/getGridIncidentCount',
      parent.length === 6 ? { areaCode: parent } : { parentCode: parent },
      gridIncidentCountResponse,
      { signal },
    );
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 405)) return null;
    throw err;
  }
}

export const getGridInfo = (gridCode: string, signal?: AbortSignal) =>
  apiGet('/adm/grid/getGridDateByGridCode', { gridCode }, gridInfoResponse, { signal });
export const getGridRealTime = (gridCode: string, signal?: AbortSignal) =>
  apiGet('/adm/grid/getGridRealTimeData', { gridCode }, gridRealTimeResponse, { signal });
export const getGridAccumulated = (gridCode: string, signal?: AbortSignal) =>
  apiGet('/adm/grid/realTimeAndAccumulativeData', { gridCode }, gridRealTimeAndAccumulativeResponse, { signal });
export const getGridEventCounts = (gridCode: string, signal?: AbortSignal) =>
  apiGet('/adm/grid/getGridEventCountInfo', { gridCode }, stateCountsResponse, { signal });
/** The events of a grid and the grids below it, newest first. */
export const listGridEvents = (gridCode: string, pageNum: number, signal?: AbortSignal) =>
  apiGet('/adm/grid/getGridEvent', { gridCode, pageNum, pageSize: 10 }, eventListResponse, { signal });
export const listGridMembers = (gridCode: string, signal?: AbortSignal) =>
  apiGet('/adm/grid/member/list', { gridCode }, gridMemberListResponse, { signal });

/** The outline under the map: a county's (`/sys/user/getCityBoundary`), or the operator's own area. */
export const getOutline = (areaCode: string | null, signal?: AbortSignal) =>
  areaCode === null
    ? apiGet('/sys/area/getCurrentGeoJson', {}, geoJsonResponse, { signal })
    : apiGet('/sys/user/getCityBoundary', { areaCode }, geoJsonResponse, { signal });

/** The operator picker of the member form: active operators of the area (grid:manage suffices). */
export const searchOperators = (keyword: string, signal?: AbortSignal) =>
  apiGet('/sys/user/options', { keyword, pageSize: 20 }, operatorOptionsResponse, { signal });

export const createGrid = (body: GridSave) => apiPostJson('/adm/grid/save', body, gridResponse);
export const updateGrid = (body: GridUpdate) => apiPostJson('/adm/grid/update', body, gridResponse);
export const deleteGrid = (body: BodyOf<typeof gridDeleteBody>) =>
  apiPostJson('/adm/grid/delete', body, gridDeletedResponse);
export const importGrids = (body: { type: 'FeatureCollection'; features: unknown[] }) =>
  apiPostJson('/adm/grid/import', body, gridImportResponse, { timeoutMs: 60_000 });
export const saveMember = (body: MemberSave) => apiPostJson('/adm/grid/member/save', body, gridMemberResponse);
export const removeMember = (operatorId: string) =>
  apiPostJson('/adm/grid/member/remove', { operatorId }, gridMemberRemovedResponse);

/** The per-feature problems a refused import carries in its `data.errors` (400). */
export function importErrorsOf(error: unknown): GridImportError[] {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return [];
  const errors: unknown = 'errors' in error.data ? error.data.errors : undefined;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is GridImportError =>
      typeof e === 'object' &&
      e !== null &&
      typeof e.index === 'number' &&
      typeof e.message === 'string' &&
      (e.name === null || typeof e.name === 'string'),
  );
}
