/**
 * 问题单 (problem forms) of 分表计电: a finding (from an alarm or entered by hand) goes to the
 * enterprise for rectification and comes back for review — 待指派 → 整改中 → 待复核 → 已办结, a review
 * that fails sends it back to 整改中. Any open form may be closed directly (a false alarm, a duplicate)
 * with a reason. Closed is final.
 */

export type ProblemState = 'open' | 'assigned' | 'rectified' | 'closed';
export type ProblemAction = 'assign' | 'rectify' | 'approve' | 'reject' | 'close';

export const PROBLEM_STATE_NAMES: Record<ProblemState, string> = {
  open: '待指派',
  assigned: '整改中',
  rectified: '待复核',
  closed: '已办结',
};

export const PROBLEM_ACTION_NAMES: Record<ProblemAction, string> = {
  assign: '指派',
  rectify: '提交整改',
  approve: '复核通过',
  reject: '复核退回',
  close: '直接办结',
};

const TRANSITIONS: Record<ProblemAction, Partial<Record<ProblemState, ProblemState>>> = {
  assign: { open: 'assigned', assigned: 'assigned' },
  rectify: { assigned: 'rectified' },
  approve: { rectified: 'closed' },
  reject: { rectified: 'assigned' },
  close: { open: 'closed', assigned: 'closed', rectified: 'closed' },
};

export type ProblemTransition = { ok: true; to: ProblemState } | { ok: false; message: string };

/** The state after `action`, or why it is not allowed now (Chinese). */
export function problemTransition(from: ProblemState, action: ProblemAction): ProblemTransition {
  const to = TRANSITIONS[action][from];
  if (to === undefined)
    return {
      ok: false,
      message: `问题单${PROBLEM_STATE_NAMES[from]}，不能${PROBLEM_ACTION_NAMES[action]}`,
    };
  return { ok: true, to };
}

/** What each action needs besides the state (the service checks it with the body). */
export function problemActionNeeds(action: ProblemAction): { assignee: boolean; note: boolean } {
  return { assignee: action === 'assign', note: action === 'rectify' || action === 'reject' || action === 'close' };
}
