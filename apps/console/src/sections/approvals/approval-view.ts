import { APPROVAL_KINDS, APPROVAL_STATUSES, CONSOLE_BASE } from '@lantian/contracts';

/** The 审批中心 screen's pure rules: the address's filters, how a status looks, links, and what a decision must carry. */

export const APPROVAL_FILTERS = ['status', 'kind'] as const;

/** The list call's parameters: known filters only, no sort (the server lists pending first). */
export function approvalParams(params: Readonly<Record<string, string | number>>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === 'sortBy' || name === 'sortOrder') continue;
    if (name === 'status' && !Object.hasOwn(APPROVAL_STATUSES, String(value))) continue;
    if (name === 'kind' && !Object.hasOwn(APPROVAL_KINDS, String(value))) continue;
    out[name] = value;
  }
  return out;
}

export const APPROVAL_STATUS_COLORS = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
} as const;

export const APPROVAL_STATUS_OPTIONS = Object.entries(APPROVAL_STATUSES).map(([value, label]) => ({ value, label }));

/** A server link (`/platform/grid-events?eventId=3`) as a route inside the console. */
export function consolePath(link: string | null): string | undefined {
  if (link === null || !link.startsWith(CONSOLE_BASE)) return undefined;
  return `/${link.slice(CONSOLE_BASE.length)}`;
}

export type Decision = 'approve' | 'reject';

/** Why a decision cannot be sent yet: 驳回 needs its reason (the server says the same with a 400). */
export function decisionProblem(decision: Decision, note: string): string | undefined {
  if (decision === 'reject' && note.trim() === '') return '驳回须填写说明';
  if (note.trim().length > 500) return '说明不能超过 500 字';
  return undefined;
}

/** An approval id from the address, or undefined. */
export function approvalIdOf(text: string | null): string | undefined {
  return text !== null && /^[1-9]\d{0,11}$/.test(text) ? text : undefined;
}
