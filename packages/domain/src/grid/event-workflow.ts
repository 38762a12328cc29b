/**
 * The life of a grid event (issue 15), as pure rules: which states exist, which action moves an event
 * from which state to which, who may take it and what it must carry. The server's event service asks
 * {@link checkTransition} before every change and records the answer's target state; the console asks
 * {@link actionsFor} to show only the buttons that would succeed.
 *
 * reported → accepted → dispatched → handling → handled → reviewed → closed
 *     ↘ rejected        ↘ returned (the assignee gives it back; the dispatcher re-dispatches or rejects)
 *                                    handled → handling (the reviewer sends it back: 审核不通过)
 *
 * "Overdue" is not a state: an event keeps its place in the flow when its deadline passes, and is
 * overdue while it is still waiting for someone before "handled" ({@link isOverdue}). Making it a state
 * would lose where the event was and force a second transition table for every late state.
 */

export const EVENT_STATES = {
  reported: '已上报',
  accepted: '已受理',
  dispatched: '已派遣',
  handling: '处置中',
  handled: '已处置',
  reviewed: '已审核',
  closed: '已结案',
  returned: '已退回',
  rejected: '已驳回',
} as const;

export type EventState = keyof typeof EVENT_STATES;

export const EVENT_STATE_CODES = Object.keys(EVENT_STATES) as EventState[];

/** States after which nothing happens any more. */
export const FINAL_EVENT_STATES: readonly EventState[] = ['closed', 'rejected'];

/** States in which the event still waits for its handling: the deadline applies to them. */
export const OPEN_EVENT_STATES: readonly EventState[] = ['reported', 'accepted', 'dispatched', 'handling', 'returned'];

export interface EventActionRule {
  name: string;
  from: readonly EventState[];
  to: EventState;
  /** The operator permission the action needs. */
  permission: 'grid:dispatch' | 'grid:edit' | 'grid:review';
  /** Only the operator the event is assigned to (or a member of the organisation it is assigned to). */
  assigneeOnly: boolean;
  /** A note is required (why it was rejected, sent back, what was done). */
  noteRequired: boolean;
  /** The action names who the event goes to. */
  needsAssignee: boolean;
}

// biome-ignore format: one line per action
export const EVENT_ACTIONS = {
  accept:   { name: '受理',       from: ['reported'],               to: 'accepted',   permission: 'grid:dispatch', assigneeOnly: false, noteRequired: false, needsAssignee: false },
  reject:   { name: '驳回',       from: ['reported', 'accepted', 'returned'], to: 'rejected', permission: 'grid:dispatch', assigneeOnly: false, noteRequired: true, needsAssignee: false },
  dispatch: { name: '派遣',       from: ['accepted', 'returned'],   to: 'dispatched', permission: 'grid:dispatch', assigneeOnly: false, noteRequired: false, needsAssignee: true },
  start:    { name: '开始处置',   from: ['dispatched'],             to: 'handling',   permission: 'grid:edit',     assigneeOnly: true,  noteRequired: false, needsAssignee: false },
  return:   { name: '退回',       from: ['dispatched', 'handling'], to: 'returned',   permission: 'grid:edit',     assigneeOnly: true,  noteRequired: true,  needsAssignee: false },
  finish:   { name: '处置完成',   from: ['handling'],               to: 'handled',    permission: 'grid:edit',     assigneeOnly: true,  noteRequired: true,  needsAssignee: false },
  approve:  { name: '审核通过',   from: ['handled'],                to: 'reviewed',   permission: 'grid:review',   assigneeOnly: false, noteRequired: false, needsAssignee: false },
  redo:     { name: '审核不通过', from: ['handled'],                to: 'handling',   permission: 'grid:review',   assigneeOnly: false, noteRequired: true,  needsAssignee: false },
  close:    { name: '结案',       from: ['reviewed'],               to: 'closed',     permission: 'grid:review',   assigneeOnly: false, noteRequired: false, needsAssignee: false },
} as const satisfies Record<string, EventActionRule>;

export type EventAction = keyof typeof EVENT_ACTIONS;

export const EVENT_ACTION_CODES = Object.keys(EVENT_ACTIONS) as EventAction[];

export function isEventAction(value: string): value is EventAction {
  return Object.hasOwn(EVENT_ACTIONS, value);
}

export function isEventState(value: string): value is EventState {
  return Object.hasOwn(EVENT_STATES, value);
}

/** Who is acting. */
export interface EventActor {
  id: string;
  /** The actor's organisation. */
  orgId: string | null;
  permissions: ReadonlySet<string>;
}

/** Who the event is assigned to now (an operator, an organisation, or nobody yet). */
export interface EventAssignee {
  operatorId: string | null;
  orgId: string | null;
}

export interface TransitionRequest {
  state: EventState;
  action: EventAction;
  actor: EventActor;
  assignee: EventAssignee;
  note: string;
  /** Present when the action names a new assignee (dispatch). */
  target?: EventAssignee | undefined;
}

/** Why a transition cannot happen: the HTTP status it answers with and a message a person can act on. */
export interface TransitionRefusal {
  ok: false;
  status: 400 | 403 | 409;
  code: 'ILLEGAL_TRANSITION' | 'NOT_PERMITTED' | 'NOT_ASSIGNEE' | 'NOTE_REQUIRED' | 'ASSIGNEE_REQUIRED';
  msg: string;
}

export type TransitionAnswer = { ok: true; to: EventState } | TransitionRefusal;

/** Whether the actor is the one the event waits for: the operator named, or a member of the organisation named. */
export function isAssignee(actor: EventActor, assignee: EventAssignee): boolean {
  if (assignee.operatorId !== null) return assignee.operatorId === actor.id;
  return assignee.orgId !== null && assignee.orgId === actor.orgId;
}

/**
 * Whether `actor` may take `action` on an event in `state`, and where the event goes. Checked in the
 * order a person would want to hear about it: the flow (409), the permission (403), the assignment
 * (403), then what the request must carry (400).
 */
export function checkTransition(request: TransitionRequest): TransitionAnswer {
  const rule: EventActionRule = EVENT_ACTIONS[request.action];
  if (!rule.from.includes(request.state)) {
    const allowed = rule.from.map((s) => `「${EVENT_STATES[s]}」`).join('、');
    return {
      ok: false,
      status: 409,
      code: 'ILLEGAL_TRANSITION',
      msg: `事件当前为「${EVENT_STATES[request.state]}」，不能${rule.name}（仅${allowed}的事件可以${rule.name}）`,
    };
  }
  if (!request.actor.permissions.has(rule.permission)) {
    return {
      ok: false,
      status: 403,
      code: 'NOT_PERMITTED',
      msg: `没有「${rule.name}」事件的权限（${rule.permission}）`,
    };
  }
  if (rule.assigneeOnly && !isAssignee(request.actor, request.assignee)) {
    return { ok: false, status: 403, code: 'NOT_ASSIGNEE', msg: `事件未派给您或您的组织，不能${rule.name}` };
  }
  if (rule.noteRequired && request.note.trim() === '') {
    return { ok: false, status: 400, code: 'NOTE_REQUIRED', msg: `${rule.name}需要填写说明` };
  }
  if (
    rule.needsAssignee &&
    (request.target === undefined || (request.target.operatorId ?? request.target.orgId) === null)
  ) {
    return { ok: false, status: 400, code: 'ASSIGNEE_REQUIRED', msg: '请选择派遣对象（组织或网格员）' };
  }
  return { ok: true, to: rule.to };
}

/** The actions the actor could take now (the console's buttons); notes and targets are asked for afterwards. */
export function actionsFor(state: EventState, actor: EventActor, assignee: EventAssignee): EventAction[] {
  return EVENT_ACTION_CODES.filter((action) => {
    const answer = checkTransition({
      state,
      action,
      actor,
      assignee,
      note: 'x',
      target: { operatorId: 'x', orgId: null },
    });
    return answer.ok;
  });
}

/** Priorities: 1 紧急, 2 重要, 3 一般. The deadline shrinks with urgency. */
export const EVENT_PRIORITIES = { 1: '紧急', 2: '重要', 3: '一般' } as const;

export type EventPriority = 1 | 2 | 3;

const PRIORITY_SHARE: Record<EventPriority, number> = { 1: 0.25, 2: 0.5, 3: 1 };

/** Hours to handle an event of a catalogue whose own deadline is not configured. */
export const DEFAULT_EVENT_HOURS = 72;

/**
 * When an event must be handled: the catalogue's hours (dictionary item `eventCatalog`, extra
 * `deadlineHours`) scaled by priority — an urgent event gets a quarter of the time, an important one
 * half — never under one hour. Epoch seconds in and out.
 */
export function eventDeadline(reportedAt: number, catalogueHours: number | null, priority: EventPriority): number {
  const hours = Math.max(1, (catalogueHours ?? DEFAULT_EVENT_HOURS) * PRIORITY_SHARE[priority]);
  return reportedAt + Math.round(hours * 3600);
}

/** An event is overdue while it still waits for its handling and its deadline has passed. */
export function isOverdue(state: EventState, deadline: number | null, now: number): boolean {
  return deadline !== null && now > deadline && OPEN_EVENT_STATES.includes(state);
}
