import { noticeListResponse, noticeReadResponse, noticeResponse } from '@lantian/contracts';
import { apiGet, apiPostJson, type DataOf, type Params } from '../../shared/api';

/** The calls of the 消息通知 screen (`/adm/notice/bd/*`): every operator reads their own notices. */

export const noticeKeys = {
  all: ['notices'] as const,
  list: (params: Params) => ['notices', 'list', params] as const,
  detail: (noticeId: string) => ['notices', 'detail', noticeId] as const,
};

export type NoticeRow = DataOf<typeof noticeResponse>;

export const listNotices = (params: Params, signal?: AbortSignal) =>
  apiGet('/adm/notice/bd/list', params, noticeListResponse, { signal });

/** Reading a notice marks it read. */
export const getNotice = (noticeId: string, signal?: AbortSignal) =>
  apiGet('/adm/notice/bd/detail', { noticeId }, noticeResponse, { signal });

/** Marks the given notices read, or all of them when `noticeIds` is left out. */
export const markNoticesRead = (noticeIds?: string[]) =>
  apiPostJson('/adm/notice/bd/read', noticeIds === undefined ? {} : { noticeIds }, noticeReadResponse);
