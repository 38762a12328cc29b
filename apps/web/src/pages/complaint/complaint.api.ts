import type { complaintProgress, complaintSubmitResult } from '@lantian/contracts';
import { callApi } from '../../shared/api/client';

/**
 * The public complaint calls (`/api/complaint/*`): signed and form-encoded like every call of the site
 * (the client does both). Quiet: the form shows the server's own words next to the fields, not the
 * site-wide '服务器请求失败' toast.
 */

export type SubmitResult = ReturnType<(typeof complaintSubmitResult)['parse']>;
export type Progress = ReturnType<(typeof complaintProgress)['parse']>;

export const submitComplaint = (params: Record<string, string>) =>
  callApi<SubmitResult>('/api/complaint/submit', params, { quiet: true });

export const complaintStatus = (no: string, phoneTail: string, signal?: AbortSignal) =>
  callApi<Progress>('/api/complaint/status', { no, phoneTail }, { quiet: true, method: 'GET', signal });

export { getCaptcha } from '../../modules/account/account.api';
