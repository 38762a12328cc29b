import {
  autoMonitorResponse,
  elementCatalogResponse,
  emptyPlatformResponse,
  imageUploadResponse,
  projectInfoResponse,
  type ReportElementInput,
  recordDetailResponse,
  recordListResponse,
  scheduleListResponse,
  scheduleRowResponse,
  templateDetailResponse,
  templateListResponse,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type DataOf, type Params } from '../../shared/api';
import { postMultipart, type UploadOptions } from '../../shared/api/upload';

/** The calls of 报表中心 (spec §7 "Platform: reports"). */

export const reportKeys = {
  all: ['reports'] as const,
  records: (params: Params) => ['reports', 'records', params] as const,
  record: (id: string) => ['reports', 'record', id] as const,
  templates: (params: Params) => ['reports', 'templates', params] as const,
  template: (id: string) => ['reports', 'template', id] as const,
  catalog: ['reports', 'catalog'] as const,
  schedules: (params: Params) => ['reports', 'schedules', params] as const,
  project: ['reports', 'project'] as const,
};

export type RecordRow = DataOf<typeof recordListResponse>['list'][number];
export type RecordDetail = DataOf<typeof recordDetailResponse>;
export type TemplateRow = DataOf<typeof templateListResponse>['list'][number];
export type TemplateDetail = DataOf<typeof templateDetailResponse>;
export type ScheduleRow = DataOf<typeof scheduleRowResponse>;
export type Catalog = DataOf<typeof elementCatalogResponse>;

export const listRecords = (params: Params, signal?: AbortSignal) =>
  apiGet('/cmsReport/record/list', params, recordListResponse, { signal });
export const getRecord = (id: string, signal?: AbortSignal) =>
  apiGet('/cmsReport/record/detail', { id }, recordDetailResponse, { signal });
export const generateRecord = (body: { templateId: string; areaCode: string; timepoint: string; endDate?: string }) =>
  apiPostJson('/cmsReport/record/save', body, recordDetailResponse);
export const updateRecord = (body: { id: string; title?: string; substance?: string }) =>
  apiPostJson('/cmsReport/record/update', body, recordDetailResponse);
export const deleteRecord = (id: string) => apiPostJson('/cmsReport/record/delete', { id }, emptyPlatformResponse);
export const exportUrl = (id: string, format: 'docx' | 'pdf') =>
  `/cmsReport/export?id=${encodeURIComponent(id)}&format=${format}`;

export const listTemplates = (params: Params, signal?: AbortSignal) =>
  apiGet(
    params.recycled === 1 ? '/cmsReport/template/recovery' : '/cmsReport/template/list',
    { ...params, recycled: undefined },
    templateListResponse,
    { signal },
  );
export const getTemplate = (id: string, signal?: AbortSignal) =>
  apiGet('/cmsReport/template/detail', { id }, templateDetailResponse, { signal });
export const saveTemplate = (body: {
  id?: string;
  name: string;
  type: string;
  category: string;
  content: ReportElementInput[];
}) =>
  body.id === undefined
    ? apiPostJson('/cmsReport/template/save', body, templateDetailResponse)
    : apiPostJson('/cmsReport/template/update', body, templateDetailResponse);
export const deleteTemplate = (id: string) => apiPostJson('/cmsReport/template/delete', { id }, emptyPlatformResponse);
export const restoreTemplate = (id: string) =>
  apiPostJson('/cmsReport/template/recovery', { id }, templateDetailResponse);
export const elementCatalog = (signal?: AbortSignal) =>
  apiGet('/cmsReport/element/list', {}, elementCatalogResponse, { signal });
export const projectInfo = (signal?: AbortSignal) =>
  apiGet('/cmsReport/project/info', {}, projectInfoResponse, { signal });
export const imageUrl = (id: string) => `/cmsReport/image?id=${encodeURIComponent(id)}`;
export function uploadImage(file: File, templateId: string | undefined, options: UploadOptions) {
  const form = new FormData();
  if (templateId !== undefined) form.append('id', templateId);
  form.append('image_file', file, file.name);
  return postMultipart('/upload/uploadPhotoById', form, imageUploadResponse, options);
}

export const listSchedules = (params: Params, signal?: AbortSignal) =>
  apiGet('/report/voreportlist', params, scheduleListResponse, { signal });
export const listAutoReports = (params: Params, signal?: AbortSignal) =>
  apiGet('/report/reportList/autoMonitor', params, autoMonitorResponse, { signal });
export const saveSchedule = (body: {
  id?: string;
  name: string;
  type: string;
  area: { name: string };
  summary: string;
}) => apiPostJson('/report/addOrUpdate', body, scheduleRowResponse);
export const deleteSchedule = (id: string) => apiPostJson('/report/reportDelete', { id }, emptyPlatformResponse);
