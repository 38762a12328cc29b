import {
  idBody,
  operatorCreateBody,
  operatorListResponse,
  operatorResponse,
  operatorUpdateBody,
  resetPasswordBody,
} from '@lantian/contracts';
import { apiGet, apiPostJson, type Params } from '../../shared/api';

/** The calls of the 运营人员 screen (system management, `/sys/user/*`). */

export const operatorKeys = { list: (params: Params) => ['operators', 'list', params] as const, all: ['operators'] };

export const listOperators = (params: Params, signal?: AbortSignal) =>
  apiGet('/sys/user/list', params, operatorListResponse, { signal });

export type CreateOperator = Parameters<typeof operatorCreateBody.parse>[0];
export type UpdateOperator = Parameters<typeof operatorUpdateBody.parse>[0];

export const createOperator = (body: CreateOperator) => apiPostJson('/sys/user/save', body, operatorResponse);
export const updateOperator = (body: UpdateOperator) => apiPostJson('/sys/user/update', body, operatorResponse);
export const disableOperator = (id: string) => apiPostJson('/sys/user/disable', { id }, operatorResponse);
export const enableOperator = (id: string) => apiPostJson('/sys/user/enable', { id }, operatorResponse);
export const resetOperatorPassword = (id: string, password: string) =>
  apiPostJson('/sys/user/resetPassword', { id, password }, operatorResponse);

export { idBody, operatorCreateBody, operatorUpdateBody, resetPasswordBody };
