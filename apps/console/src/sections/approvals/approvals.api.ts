import { approvalDecideBody, approvalListResponse, approvalResponse } from '@lantian/contracts';
import { apiGet, apiPostJson, type BodyOf, type Params } from '../../shared/api';

/** The calls of the 审批中心 screen (`/adm/approve/*`, reviewers of an area). */

export const approvalKeys = {
  all: ['approvals'] as const,
  list: (params: Params) => ['approvals', 'list', params] as const,
  detail: (approvalId: string) => ['approvals', 'detail', approvalId] as const,
};

export type DecideBody = BodyOf<typeof approvalDecideBody>;

export const listApprovals = (params: Params, signal?: AbortSignal) =>
  apiGet('/adm/approve/list', params, approvalListResponse, { signal });
export const getApproval = (approvalId: string, signal?: AbortSignal) =>
  apiGet('/adm/approve/detail', { approvalId }, approvalResponse, { signal });
export const decideApproval = (body: DecideBody) => apiPostJson('/adm/approve/decide', body, approvalResponse);

export { approvalDecideBody };
