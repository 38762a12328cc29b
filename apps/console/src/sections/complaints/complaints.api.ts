import {
  complaintDetailResponse,
  complaintListResponse,
  type complaintReplyBody,
  type complaintSaveBody,
  type complaintToEventBody,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type BodyOf, type DataOf, type Params } from '../../shared/api';

/** The calls of 投诉中心 (`/adm/complaint/bd/*`). */

export const complaintKeys = {
  all: ['complaints'] as const,
  list: (params: Params) => ['complaints', 'list', params] as const,
  detail: (id: string) => ['complaints', 'detail', id] as const,
};

export type ComplaintRow = DataOf<typeof complaintDetailResponse>;
export type ComplaintSave = BodyOf<typeof complaintSaveBody>;
export type ComplaintToEvent = BodyOf<typeof complaintToEventBody>;
export type ComplaintReply = BodyOf<typeof complaintReplyBody>;

export const listComplaints = (params: Params, signal?: AbortSignal) =>
  apiGet('/adm/complaint/bd/list', params, complaintListResponse, { signal });
/** The full record (the phone number unmasked, the linked event's state). */
export const getComplaint = (id: string, signal?: AbortSignal) =>
  apiGet('/adm/complaint/bd/detail', { id }, complaintDetailResponse, { signal });
export const saveComplaint = (body: ComplaintSave) =>
  apiPostJson('/adm/complaint/bd/save', body, complaintDetailResponse);
export const complaintToEvent = (body: ComplaintToEvent) =>
  apiPostJson('/adm/complaint/bd/toEvent', body, complaintDetailResponse);
export const replyComplaint = (body: ComplaintReply) =>
  apiPostJson('/adm/complaint/bd/reply', body, complaintDetailResponse);
