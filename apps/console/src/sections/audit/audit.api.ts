import { auditListResponse } from '@lantian/contracts';
import { apiGet, type Params } from '../../shared/api';

/** The one call of the 审计日志 screen: the log is append-only, nothing here writes. */

export const auditKeys = { list: (params: Params) => ['audit', 'list', params] as const, all: ['audit'] };

export const listAudit = (params: Params, signal?: AbortSignal) =>
  apiGet('/sys/audit/list', params, auditListResponse, { signal });
