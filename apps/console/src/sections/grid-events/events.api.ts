import {
  catalogTreeResponse,
  eventAssigneesResponse,
  eventDetailResponse,
  eventListResponse,
  eventLogResponse,
  eventProcessResponse,
  eventTransitionBody,
  geoJsonResponse,
  gridFeatureCollectionResponse,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type BodyOf, type DataOf, type Params } from '../../shared/api';

/** The calls of the 网格事件 screen (`/adm/event/*`, the catalogue, the area's map and its grids). */

export const eventKeys = {
  all: ['grid-events'] as const,
  lists: ['grid-events', 'list'] as const,
  list: (params: Params) => ['grid-events', 'list', params] as const,
  details: ['grid-events', 'detail'] as const,
  detail: (eventId: string) => ['grid-events', 'detail', eventId] as const,
  process: (eventId: string) => ['grid-events', 'detail', eventId, 'process'] as const,
  assignees: (eventId: string) => ['grid-events', 'assignees', eventId] as const,
  catalog: ['grid-events', 'catalog'] as const,
  areaMap: ['grid-events', 'area-map'] as const,
  gridMap: (areaCode: string) => ['grid-events', 'grid-map', areaCode] as const,
};

export type EventDetailData = DataOf<typeof eventDetailResponse>;
export type EventProcess = DataOf<typeof eventProcessResponse>;
export type AssigneeOptions = DataOf<typeof eventAssigneesResponse>;
export type TransitionBody = BodyOf<typeof eventTransitionBody>;
export type AreaGeoJson = DataOf<typeof geoJsonResponse>;
export type GridGeoJson = DataOf<typeof gridFeatureCollectionResponse>;

export const listEvents = (params: Params, signal?: AbortSignal) =>
  apiGet('/adm/event/list', params, eventListResponse, { signal });
export const getEvent = (eventId: string, signal?: AbortSignal) =>
  apiGet('/adm/event/voDetail', { eventId }, eventDetailResponse, { signal });
export const getEventProcess = (eventId: string, signal?: AbortSignal) =>
  apiGet('/adm/event/getEventProcessHis', { eventId }, eventProcessResponse, { signal });
export const getEventLogs = (eventId: string, signal?: AbortSignal) =>
  apiGet('/adm/event/voLogDetail', { eventId }, eventLogResponse, { signal });
export const getAssignees = (eventId: string, signal?: AbortSignal) =>
  apiGet('/adm/event/assignees', { eventId }, eventAssigneesResponse, { signal });
export const getCatalogTree = (signal?: AbortSignal) =>
  apiGet('/adm/catalog/voCatalogTreeList', {}, catalogTreeResponse, { signal });
export const transitionEvent = (body: TransitionBody) =>
  apiPostJson('/adm/event/transition', body, eventDetailResponse);

/** The outline of the operator's own area (the report form's map). */
export const getAreaGeoJson = (signal?: AbortSignal) =>
  apiGet('/sys/area/getCurrentGeoJson', {}, geoJsonResponse, { signal });
/** The top grids of a county, drawn over the area's outline (refused for an area above county level). */
export const getGridGeoJson = (areaCode: string, signal?: AbortSignal) =>
  apiGet('/adm/grid/getGridGeojsonData', { areaCode }, gridFeatureCollectionResponse, { signal });

/** The address of a photo (served with the session cookie; relative to the site). */
export const attachmentUrl = (attachmentId: string) =>
  `/adm/event/attachment?attachmentId=${encodeURIComponent(attachmentId)}`;

export { eventTransitionBody };
