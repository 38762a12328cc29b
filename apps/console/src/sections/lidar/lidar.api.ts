import {
  autoRecordInfoResponse,
  autoRecordListResponse,
  fluxCombinesResponse,
  fluxSeriesResponse,
  hotspotDetailResponse,
  hotspotListResponse,
  type hotspotReviewBody,
  lidarDevicesResponse,
  lidarTreeResponse,
  plotInfo2Response,
  scanListResponse,
  scanMetaResponse,
  visibilityResponse,
  visWarningListResponse,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type BodyOf, type DataOf, type Params } from '../../shared/api';
import { postMultipart } from '../../shared/api/upload';

/** The calls of the 激光雷达 section (spec §7 "Platform: lidar and stereoscopic networking", "visibility"). */

export const lidarKeys = {
  all: ['lidar'] as const,
  tree: ['lidar', 'tree'] as const,
  devices: (type: string) => ['lidar', 'devices', type] as const,
  scan: (deviceId: string, time: string | null) => ['lidar', 'scan', deviceId, time] as const,
  scans: (deviceId: string, from: string, to: string) => ['lidar', 'scans', deviceId, from, to] as const,
  hotspots: (params: Params) => ['lidar', 'hotspots', params] as const,
  hotspot: (id: string) => ['lidar', 'hotspot', id] as const,
  plots: (deviceId: string) => ['lidar', 'plots', deviceId] as const,
  records: (params: Params) => ['lidar', 'records', params] as const,
  record: (id: string) => ['lidar', 'record', id] as const,
  combines: ['lidar', 'combines'] as const,
  flux: (params: Params) => ['lidar', 'flux', params] as const,
  visibility: ['lidar', 'visibility'] as const,
  warnings: (params: Params) => ['lidar', 'warnings', params] as const,
  outline: (code: string) => ['lidar', 'outline', code] as const,
};

export type ScanMeta = NonNullable<DataOf<typeof scanMetaResponse>>;
export type HotspotPage = DataOf<typeof hotspotListResponse>;
export type HotspotRow = HotspotPage['list'][number];
export type HotspotDetail = DataOf<typeof hotspotDetailResponse>;
export type ReviewBody = BodyOf<typeof hotspotReviewBody>;
export type RecordInfo = DataOf<typeof autoRecordInfoResponse>;
export type RecordRow = DataOf<typeof autoRecordListResponse>['list'][number];
export type LidarDevice = DataOf<typeof lidarDevicesResponse>[number];
export type Plot = DataOf<typeof plotInfo2Response>[number];
export type RoadVisibility = DataOf<typeof visibilityResponse>['roads'][number];
export type Warning = DataOf<typeof visWarningListResponse>['list'][number];

export const getTree = (signal?: AbortSignal) => apiGet('/lidar/getLidarTreeData', {}, lidarTreeResponse, { signal });
export const getDevices = (devicetype: string, signal?: AbortSignal) =>
  apiGet('/lidar/getAllDevices', { devicetype }, lidarDevicesResponse, { signal });
export const getNewestScan = (deviceId: string, signal?: AbortSignal) =>
  apiGet('/lidar/findNewHsData', { deviceId }, scanMetaResponse, { signal });
export const getScanAt = (deviceId: string, time: string, preOrNext: 'pre' | 'next' | 'now', signal?: AbortSignal) =>
  apiGet('/lidar/preOrNextHscan', { deviceId, time, preOrNext }, scanMetaResponse, { signal });
export const getScans = (deviceId: string, startTime: string, endTime: string, signal?: AbortSignal) =>
  apiGet('/lidar/getHsDataByDB', { deviceId, startTime, endTime }, scanListResponse, { signal });
export const getPlots = (deviceId: string, signal?: AbortSignal) =>
  apiGet('/polplot/findPlotInfo2', { deviceId }, plotInfo2Response, { signal });
export const listHotspots = (params: Params, signal?: AbortSignal) =>
  apiGet('/hotspot/list', params, hotspotListResponse, { signal });
export const getHotspot = (id: string, signal?: AbortSignal) =>
  apiGet('/hotspot/detail', { id }, hotspotDetailResponse, { signal });
export const reviewHotspot = (body: ReviewBody) => apiPostJson('/hotspot/review', body, hotspotDetailResponse);
export const uploadHotspotPhotos = (id: string, files: File[], onProgress?: (percent: number) => void) => {
  const form = new FormData();
  form.append('id', id);
  for (const file of files) form.append('photos', file, file.name);
  return postMultipart('/hotspot/photos', form, hotspotDetailResponse, onProgress === undefined ? {} : { onProgress });
};
export const listRecords = (params: Params, signal?: AbortSignal) =>
  apiGet('/lidarRecords/list', params, autoRecordListResponse, { signal });
export const getRecord = (id: string, signal?: AbortSignal) =>
  apiGet('/lidar/auto/info', { id }, autoRecordInfoResponse, { signal });
export const getCombines = (signal?: AbortSignal) =>
  apiGet('/lidar/flux/combines', {}, fluxCombinesResponse, { signal });
export const getFlux = (params: Params, signal?: AbortSignal) =>
  apiGet('/lidar/flux/factorData', params, fluxSeriesResponse, { signal });
export const getVisibility = (signal?: AbortSignal) =>
  apiGet('/lidar/getVisibilityData', {}, visibilityResponse, { signal });
export const listWarnings = (params: Params, signal?: AbortSignal) =>
  apiGet('/vis/earlywarning/datalist', params, visWarningListResponse, { signal });

/** The VF curtain of the last 24 hours (PNG, served with the session cookie). */
export const vfImageUrl = (deviceId: string, endTime: string) =>
  `/lidar/getLidarVFImage?deviceId=${encodeURIComponent(deviceId)}&endTime=${encodeURIComponent(endTime)}`;
