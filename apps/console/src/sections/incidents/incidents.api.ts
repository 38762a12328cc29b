import {
  breakdownResponse,
  catalogCountTreeResponse,
  geoJsonResponse,
  handlingResponse,
  hotMapResponse,
  locationResponse,
  topCatalogsResponse,
} from '@lantian/contracts';
import { apiGet, type DataOf, type Params } from '../../shared/api';
import { encodeParams } from '../../shared/api/client';

/**
 * The calls of 事件热力与统计: the hot map (`/adm/incident/*`) and the statistics (`/adm/statistics/*`),
 * spec §7 "Platform: events, patrol, org, grid, hot map". Every count is over the reader's event scope.
 */

export const incidentKeys = {
  all: ['incidents'] as const,
  outline: ['incidents', 'outline'] as const,
  hotMap: (params: Params) => ['incidents', 'hot-map', params] as const,
  locations: (params: Params) => ['incidents', 'locations', params] as const,
  catalogTree: (params: Params) => ['incidents', 'catalog-tree', params] as const,
  top: (params: Params) => ['incidents', 'top', params] as const,
  breakdown: (kind: BreakdownKind, params: Params) => ['incidents', 'breakdown', kind, params] as const,
  handling: (params: Params) => ['incidents', 'handling', params] as const,
};

export type HotMap = DataOf<typeof hotMapResponse>;
export type HotCell = HotMap['cells'][number];
export type Locations = DataOf<typeof locationResponse>;
export type EventMarker = Locations['list'][number];
export type CatalogCountTree = DataOf<typeof catalogCountTreeResponse>;
export type TopCatalogs = DataOf<typeof topCatalogsResponse>;
export type Breakdown = DataOf<typeof breakdownResponse>;
export type Handling = DataOf<typeof handlingResponse>;

export const getOwnOutline = (signal?: AbortSignal) =>
  apiGet('/sys/area/getCurrentGeoJson', {}, geoJsonResponse, { signal });
export const getHotMap = (params: Params, signal?: AbortSignal) =>
  apiGet('/adm/incident/getVoLocationData', params, hotMapResponse, { signal });
export const getLocations = (params: Params, signal?: AbortSignal) =>
  apiGet('/adm/incident/getLocationData', params, locationResponse, { signal });
export const getCatalogTree = (params: Params, signal?: AbortSignal) =>
  apiGet('/adm/incident/getVoLocationTreeData', params, catalogCountTreeResponse, { signal });
export const getTopCatalogs = (params: Params, signal?: AbortSignal) =>
  apiGet('/adm/incident/queryVoTopTeenIncidentData', params, topCatalogsResponse, { signal });

export type BreakdownKind = 'byCatalog' | 'byGrid' | 'byOrg' | 'byPeriod';
export const getBreakdown = (kind: BreakdownKind, params: Params, signal?: AbortSignal) =>
  apiGet(`/adm/statistics/${kind}`, params, breakdownResponse, { signal });
export const getHandling = (params: Params, signal?: AbortSignal) =>
  apiGet('/adm/statistics/handling', params, handlingResponse, { signal });

/**
 * The address of an Excel export: a plain link downloads it (the console's session cookie rides
 * along), with the same filters as the table on screen.
 */
export function exportHref(sheet: BreakdownKind | 'handling' | 'events', params: Params): string {
  return `/adm/statistics/export?${encodeParams({ ...params, sheet })}`;
}
