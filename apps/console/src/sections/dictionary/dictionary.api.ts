import {
  dictItemResponse,
  type dictItemSaveBody,
  dictItemsResponse,
  dictTypeResponse,
  type dictTypeSaveBody,
  dictTypesResponse,
  emptyPlatformResponse,
} from '@lantian/contracts';
import { apiGet, apiPostJson } from '../../shared/api';

/** The calls of the 数据字典 screen (system management, `/sys/dict/*`). */

export const dictKeys = {
  all: ['dictionary'] as const,
  types: ['dictionary', 'types'] as const,
  items: (type: string) => ['dictionary', 'items', type] as const,
};

export const listDictTypes = (signal?: AbortSignal) => apiGet('/sys/dict/type/list', {}, dictTypesResponse, { signal });
export const listDictItems = (type: string, signal?: AbortSignal) =>
  apiGet('/sys/dict/item/list', { type }, dictItemsResponse, { signal });

export type DictTypeBody = Parameters<typeof dictTypeSaveBody.parse>[0];
export type DictItemBody = Parameters<typeof dictItemSaveBody.parse>[0];

export const createDictType = (body: DictTypeBody) => apiPostJson('/sys/dict/type/save', body, dictTypeResponse);
export const updateDictType = (body: DictTypeBody) => apiPostJson('/sys/dict/type/update', body, dictTypeResponse);
export const deleteDictType = (code: string) => apiPostJson('/sys/dict/type/delete', { code }, emptyPlatformResponse);

export const createDictItem = (body: DictItemBody) => apiPostJson('/sys/dict/item/save', body, dictItemResponse);
export const updateDictItem = (body: DictItemBody) => apiPostJson('/sys/dict/item/update', body, dictItemResponse);
export const deleteDictItem = (type: string, value: string) =>
  apiPostJson('/sys/dict/item/delete', { type, value }, emptyPlatformResponse);
