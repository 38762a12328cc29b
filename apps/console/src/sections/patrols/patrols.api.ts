import {
  geoJsonResponse,
  gridAreaTreeResponse,
  patrolCurrentResponse,
  patrolDetailResponse,
  patrolListResponse,
  patrolPointsResponse,
  patrolRowResponse,
  patrolToolsResponse,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type DataOf, type Params } from '../../shared/api';
import type { TrackPoint } from './patrol-buffer';

/** The calls of 巡查记录 (`/adm/patrol/*`) and of the phone's patrol tab. */

export const patrolKeys = {
  all: ['patrols'] as const,
  list: (params: Params) => ['patrols', 'list', params] as const,
  detail: (patrolId: string) => ['patrols', 'detail', patrolId] as const,
  current: ['patrols', 'current'] as const,
  tools: ['patrols', 'tools'] as const,
  gridTree: ['patrols', 'grid-tree'] as const,
  outline: ['patrols', 'outline'] as const,
};

export type PatrolRow = DataOf<typeof patrolRowResponse>;
export type PatrolDetailData = DataOf<typeof patrolDetailResponse>;
export type PatrolEvent = PatrolDetailData['events'][number];
export type Outline = DataOf<typeof geoJsonResponse>;
export type GridTreeNode = DataOf<typeof gridAreaTreeResponse>[number];

export const listPatrols = (params: Params, signal?: AbortSignal) =>
  apiGet('/adm/patrol/volist', params, patrolListResponse, { signal });
export const getPatrol = (patrolId: string, signal?: AbortSignal) =>
  apiGet('/adm/patrol/vodetail', { patrolId }, patrolDetailResponse, { signal });
export const getPatrolTools = (signal?: AbortSignal) =>
  apiGet('/adm/patrol/tools/list', {}, patrolToolsResponse, { signal });
export const getCurrentPatrol = (signal?: AbortSignal) =>
  apiGet('/adm/patrol/current', {}, patrolCurrentResponse, { signal });
/** The grid filter's tree (needs grid:view; the list works without it). */
export const getGridTree = (signal?: AbortSignal) =>
  apiGet('/adm/grid/allGridTreeData', {}, gridAreaTreeResponse, { signal });
/** The operator's own area outline: the map under a replayed track. */
export const getOutline = (signal?: AbortSignal) =>
  apiGet('/sys/area/getCurrentGeoJson', {}, geoJsonResponse, { signal });

export const startPatrol = (body: { tool: string; note?: string }) =>
  apiPostJson('/adm/patrol/start', body, patrolRowResponse);
export const sendPoints = (patrolId: string, points: readonly TrackPoint[]) =>
  apiPostJson('/adm/patrol/points', { patrolId, points }, patrolPointsResponse, { timeoutMs: 30_000 });
export const finishPatrol = (body: { patrolId: string; note?: string }) =>
  apiPostJson('/adm/patrol/finish', body, patrolRowResponse);
