import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  checkTransition,
  DEFAULT_EVENT_HOURS,
  EVENT_ACTION_CODES,
  EVENT_ACTIONS,
  EVENT_STATE_CODES,
  type EventAction,
  type EventActor,
  type EventAssignee,
  type EventState,
  eventDeadline,
  isAssignee,
  isEventAction,
  isEventState,
  isOverdue,
} from './event-workflow';

/**
 * The whole flow written out by hand (docs/GRID.md "Event flow"): the state each action leads to from
 * each state, and nothing else. Deliberately not derived from EVENT_ACTIONS, so that a change of the
 * table shows up here as a failure to look at.
 */
// biome-ignore format: one line per state
const LEGAL: Record<EventState, Partial<Record<EventAction, EventState>>> = {
  reported:   { accept: 'accepted', reject: 'rejected' },
  accepted:   { reject: 'rejected', dispatch: 'dispatched' },
  dispatched: { start: 'handling', return: 'returned' },
  handling:   { return: 'returned', finish: 'handled' },
  handled:    { approve: 'reviewed', redo: 'handling' },
  reviewed:   { close: 'closed' },
  closed:     {},
  returned:   { reject: 'rejected', dispatch: 'dispatched' },
  rejected:   {},
};

const STATES: EventState[] = [
  'reported',
  'accepted',
  'dispatched',
  'handling',
  'handled',
  'reviewed',
  'closed',
  'returned',
  'rejected',
];
const ACTIONS: EventAction[] = [
  'accept',
  'reject',
  'dispatch',
  'start',
  'return',
  'finish',
  'approve',
  'redo',
  'close',
];

const ALL_PERMISSIONS = new Set(['grid:dispatch', 'grid:edit', 'grid:review']);
const ME: EventActor = { id: 'op-1', orgId: 'org-1', permissions: ALL_PERMISSIONS };
const MINE: EventAssignee = { operatorId: 'op-1', orgId: 'org-1' };
const TARGET: EventAssignee = { operatorId: 'op-9', orgId: null };

const ask = (
  state: EventState,
  action: EventAction,
  options: { actor?: EventActor; assignee?: EventAssignee; note?: string; target?: EventAssignee | undefined } = {},
) =>
  checkTransition({
    state,
    action,
    actor: options.actor ?? ME,
    assignee: options.assignee ?? MINE,
    note: options.note ?? '说明',
    target: 'target' in options ? options.target : TARGET,
  });

describe('the states and actions', () => {
  it('has nine states and nine actions, the same as the table above', () => {
    expect([...EVENT_STATE_CODES].sort()).toEqual([...STATES].sort());
    expect([...EVENT_ACTION_CODES].sort()).toEqual([...ACTIONS].sort());
    expect(isEventState('handled')).toBe(true);
    expect(isEventState('overdue')).toBe(false);
    expect(isEventState('toString')).toBe(false);
    expect(isEventAction('close')).toBe(true);
    expect(isEventAction('report')).toBe(false);
    expect(isEventAction('constructor')).toBe(false);
  });
});

describe('checkTransition: the 9 × 9 matrix', () => {
  const matrix = STATES.flatMap((state) => ACTIONS.map((action) => [state, action] as const));

  it('covers 81 pairs, 13 of them legal', () => {
    expect(matrix).toHaveLength(81);
    expect(matrix.filter(([s, a]) => LEGAL[s][a] !== undefined)).toHaveLength(13);
  });

  it.each(matrix)('%s + %s', (state, action) => {
    const answer = ask(state, action);
    const to = LEGAL[state][action];
    if (to === undefined) {
      expect(answer).toMatchObject({ ok: false, status: 409, code: 'ILLEGAL_TRANSITION' });
      if (!answer.ok) expect(answer.msg).toMatch(/^事件当前为「.+」，不能.+（仅「.+」的事件可以.+）$/);
    } else {
      expect(answer).toEqual({ ok: true, to });
    }
  });

  it('checks the flow before anything else: an illegal pair is 409 even without permission or note', () => {
    const nobody: EventActor = { id: 'x', orgId: null, permissions: new Set() };
    expect(ask('closed', 'dispatch', { actor: nobody, note: '', target: undefined })).toMatchObject({
      status: 409,
      code: 'ILLEGAL_TRANSITION',
    });
  });
});

describe('checkTransition: who may, and what the request must carry', () => {
  const WHO: Record<EventAction, string> = {
    accept: 'grid:dispatch',
    reject: 'grid:dispatch',
    dispatch: 'grid:dispatch',
    start: 'grid:edit',
    return: 'grid:edit',
    finish: 'grid:edit',
    approve: 'grid:review',
    redo: 'grid:review',
    close: 'grid:review',
  };
  const fromOf = (action: EventAction): EventState => {
    const state = STATES.find((s) => LEGAL[s][action] !== undefined);
    if (state === undefined) throw new Error(`no state allows ${action}`);
    return state;
  };

  it.each(ACTIONS)('%s needs its permission, and no other permission will do', (action) => {
    const without = new Set([...ALL_PERMISSIONS].filter((p) => p !== WHO[action]));
    const answer = ask(fromOf(action), action, { actor: { ...ME, permissions: without } });
    expect(answer).toMatchObject({ ok: false, status: 403, code: 'NOT_PERMITTED' });
    const only = ask(fromOf(action), action, { actor: { ...ME, permissions: new Set([WHO[action]]) } });
    expect(only.ok).toBe(true);
  });

  it('start, return and finish are the assignee’s only: the operator named, or a member of the organisation named', () => {
    const other: EventActor = { id: 'op-2', orgId: 'org-1', permissions: ALL_PERMISSIONS };
    const stranger: EventActor = { id: 'op-3', orgId: 'org-3', permissions: ALL_PERMISSIONS };
    const noOrg: EventActor = { id: 'op-4', orgId: null, permissions: ALL_PERMISSIONS };
    for (const [state, action] of [
      ['dispatched', 'start'],
      ['dispatched', 'return'],
      ['handling', 'return'],
      ['handling', 'finish'],
    ] as const) {
      // Assigned to an operator: only that operator, even a colleague of the same organisation is refused.
      expect(ask(state, action, { assignee: MINE }).ok).toBe(true);
      expect(ask(state, action, { actor: other, assignee: MINE })).toMatchObject({
        ok: false,
        status: 403,
        code: 'NOT_ASSIGNEE',
      });
      // Assigned to an organisation: any of its members.
      const toOrg: EventAssignee = { operatorId: null, orgId: 'org-1' };
      expect(ask(state, action, { actor: other, assignee: toOrg }).ok).toBe(true);
      expect(ask(state, action, { actor: stranger, assignee: toOrg })).toMatchObject({ code: 'NOT_ASSIGNEE' });
      expect(ask(state, action, { actor: noOrg, assignee: toOrg })).toMatchObject({ code: 'NOT_ASSIGNEE' });
      // Assigned to nobody: nobody (an actor without an organisation does not match a missing one).
      const none: EventAssignee = { operatorId: null, orgId: null };
      expect(ask(state, action, { actor: noOrg, assignee: none })).toMatchObject({ code: 'NOT_ASSIGNEE' });
    }
    // The others do not care who the event is assigned to.
    for (const action of ['accept', 'reject', 'dispatch', 'approve', 'redo', 'close'] as const) {
      expect(ask(fromOf(action), action, { actor: stranger }).ok, action).toBe(true);
    }
  });

  it('permission is checked before the assignment', () => {
    const viewer: EventActor = { id: 'op-2', orgId: 'org-2', permissions: new Set() };
    expect(ask('dispatched', 'start', { actor: viewer })).toMatchObject({ status: 403, code: 'NOT_PERMITTED' });
  });

  it('reject, return, finish and redo need a note; blanks do not count', () => {
    const needing = ACTIONS.filter((action) => ask(fromOf(action), action, { note: ' \n\t' }).ok === false);
    expect(needing.sort()).toEqual(['finish', 'redo', 'reject', 'return']);
    for (const action of needing) {
      expect(ask(fromOf(action), action, { note: '' })).toMatchObject({
        ok: false,
        status: 400,
        code: 'NOTE_REQUIRED',
      });
    }
  });

  it('dispatch needs someone to dispatch to: an operator or an organisation', () => {
    for (const state of ['accepted', 'returned'] as const) {
      for (const target of [undefined, { operatorId: null, orgId: null }]) {
        expect(ask(state, 'dispatch', { target })).toMatchObject({
          ok: false,
          status: 400,
          code: 'ASSIGNEE_REQUIRED',
        });
      }
      expect(ask(state, 'dispatch', { target: { operatorId: 'op-9', orgId: null } }).ok).toBe(true);
      expect(ask(state, 'dispatch', { target: { operatorId: null, orgId: 'org-9' } }).ok).toBe(true);
    }
    // No other action needs one.
    for (const action of ACTIONS.filter((a) => a !== 'dispatch')) {
      expect(ask(fromOf(action), action, { target: undefined }).ok, action).toBe(true);
    }
  });

  it('the note is checked before the target', () => {
    expect(ask('accepted', 'dispatch', { note: '', target: undefined })).toMatchObject({ code: 'ASSIGNEE_REQUIRED' });
    expect(EVENT_ACTIONS.dispatch.noteRequired).toBe(false);
  });

  it('isAssignee: an operator named wins over the organisation', () => {
    expect(isAssignee(ME, { operatorId: 'op-1', orgId: 'org-9' })).toBe(true);
    expect(isAssignee(ME, { operatorId: 'op-2', orgId: 'org-1' })).toBe(false);
    expect(isAssignee(ME, { operatorId: null, orgId: 'org-1' })).toBe(true);
    expect(isAssignee({ ...ME, orgId: null }, { operatorId: null, orgId: null })).toBe(false);
  });
});

describe('actionsFor: the buttons', () => {
  it('offers every legal action of a state to an actor who may take them all', () => {
    for (const state of STATES) {
      const expected = ACTIONS.filter((a) => LEGAL[state][a] !== undefined);
      expect(actionsFor(state, ME, MINE).sort(), state).toEqual(expected.sort());
    }
  });

  it('leaves out what the actor has no permission for, or is not the assignee of', () => {
    const dispatcher: EventActor = { id: 'd', orgId: 'org-d', permissions: new Set(['grid:view', 'grid:dispatch']) };
    const member: EventActor = { id: 'm', orgId: 'org-m', permissions: new Set(['grid:view', 'grid:edit']) };
    const reviewer: EventActor = { id: 'r', orgId: 'org-r', permissions: new Set(['grid:review']) };
    const toMember: EventAssignee = { operatorId: 'm', orgId: 'org-m' };
    expect(actionsFor('reported', dispatcher, { operatorId: null, orgId: null })).toEqual(['accept', 'reject']);
    expect(actionsFor('reported', member, { operatorId: null, orgId: null })).toEqual([]);
    expect(actionsFor('dispatched', member, toMember)).toEqual(['start', 'return']);
    expect(actionsFor('dispatched', { ...member, id: 'm2' }, toMember)).toEqual([]);
    expect(actionsFor('dispatched', dispatcher, toMember)).toEqual([]);
    expect(actionsFor('handling', member, toMember)).toEqual(['return', 'finish']);
    expect(actionsFor('handled', reviewer, toMember)).toEqual(['approve', 'redo']);
    expect(actionsFor('handled', member, toMember)).toEqual([]);
    expect(actionsFor('reviewed', reviewer, toMember)).toEqual(['close']);
    expect(actionsFor('returned', dispatcher, toMember)).toEqual(['reject', 'dispatch']);
    expect(actionsFor('closed', ME, MINE)).toEqual([]);
    expect(actionsFor('rejected', ME, MINE)).toEqual([]);
  });
});

describe('eventDeadline', () => {
  const T = 1_790_000_000;
  const HOUR = 3600;

  it('scales the catalogue’s hours by priority: urgent a quarter, important half, normal all', () => {
    expect(eventDeadline(T, 48, 3)).toBe(T + 48 * HOUR);
    expect(eventDeadline(T, 48, 2)).toBe(T + 24 * HOUR);
    expect(eventDeadline(T, 48, 1)).toBe(T + 12 * HOUR);
    // Fractions of an hour are kept (to the second).
    expect(eventDeadline(T, 10, 1)).toBe(T + 2.5 * HOUR);
    expect(eventDeadline(T, 3, 2)).toBe(T + 1.5 * HOUR);
  });

  it('uses the default hours when the catalogue has none', () => {
    expect(DEFAULT_EVENT_HOURS).toBe(72);
    expect(eventDeadline(T, null, 3)).toBe(T + 72 * HOUR);
    expect(eventDeadline(T, null, 2)).toBe(T + 36 * HOUR);
    expect(eventDeadline(T, null, 1)).toBe(T + 18 * HOUR);
  });

  it('never gives less than an hour', () => {
    expect(eventDeadline(T, 2, 1)).toBe(T + HOUR);
    expect(eventDeadline(T, 1, 1)).toBe(T + HOUR);
    expect(eventDeadline(T, 1, 2)).toBe(T + HOUR);
    expect(eventDeadline(T, 0, 3)).toBe(T + HOUR);
    expect(eventDeadline(T, 4, 1)).toBe(T + HOUR);
    expect(eventDeadline(T, 5, 1)).toBe(T + 1.25 * HOUR);
  });
});

describe('isOverdue', () => {
  const D = 1_790_000_000;
  const WAITING: EventState[] = ['reported', 'accepted', 'dispatched', 'handling', 'returned'];

  it.each(STATES)('%s', (state) => {
    const open = WAITING.includes(state);
    expect(isOverdue(state, D, D + 1)).toBe(open);
    // At the deadline itself it is not late yet, nor before it.
    expect(isOverdue(state, D, D)).toBe(false);
    expect(isOverdue(state, D, D - 100)).toBe(false);
    // No deadline: never late.
    expect(isOverdue(state, null, D + 10 ** 6)).toBe(false);
  });
});
