/**
 * The alarm lifecycle as a pure state machine: active → acknowledged → cleared, or active → cleared.
 * One alarm stays open per device and rule while its condition lasts; repeats are counted on it rather
 * than opening new alarms. A cleared alarm is final: the next occurrence opens a new alarm.
 */

export type AlarmStatus = 'active' | 'acknowledged' | 'cleared';

export const ALARM_STATUSES = {
  active: '待处理',
  acknowledged: '已确认',
  cleared: '已解除',
} as const satisfies Record<AlarmStatus, string>;

export type ClearMode = 'auto' | 'manual';

/** Who clears an alarm automatically. */
export const SYSTEM_ACTOR = 'system';
/** Notes (acknowledge, manual clear) are 1–200 characters once trimmed (UTF-16 units, as the forms count). */
export const NOTE_MAX_LENGTH = 200;

/** The lifecycle fields of an alarm; the caller's alarm may carry more (ids, device, rule…), kept as they are. */
export interface AlarmLifecycle {
  status: AlarmStatus;
  /** Times the condition was seen: 1 when raised, +1 per repeat. */
  count: number;
  firstAt: number;
  lastAt: number;
  lastValue: number | null;
  acknowledgedBy: string | null;
  acknowledgedAt: number | null;
  acknowledgeNote: string | null;
  clearedBy: string | null;
  clearedAt: number | null;
  clearMode: ClearMode | null;
  clearNote: string | null;
}

export type AlarmAction =
  | { type: 'acknowledge'; by: string; at: number; note?: string | null }
  | { type: 'clear'; mode: 'auto'; at: number }
  | { type: 'clear'; mode: 'manual'; by: string; at: number; note: string | null | undefined }
  | { type: 'repeat'; at: number; value: number | null };

export type AlarmActionType = AlarmAction['type'];

export const ALARM_ACTION_NAMES = {
  raise: '产生',
  repeat: '重复',
  acknowledge: '确认',
  clear: '解除',
} as const satisfies Record<AlarmActionType | 'raise', string>;

/** A line of the alarm's history, for the caller to store with the new state. */
export interface AlarmEvent {
  action: AlarmActionType | 'raise';
  at: number;
  actor: string;
  note: string | null;
}

export type TransitionErrorCode = 'ILLEGAL_TRANSITION' | 'NOTE_REQUIRED' | 'NOTE_TOO_LONG';

export type TransitionResult<A extends AlarmLifecycle> =
  | { ok: true; alarm: A; event: AlarmEvent }
  | { ok: false; code: TransitionErrorCode; message: string };

/** The actions allowed in each status (e.g. to enable buttons). */
export const ALLOWED_ACTIONS = {
  active: ['acknowledge', 'clear', 'repeat'],
  acknowledged: ['clear', 'repeat'],
  cleared: [],
} as const satisfies Record<AlarmStatus, readonly AlarmActionType[]>;

export function canTransition(status: AlarmStatus, action: AlarmActionType): boolean {
  return (ALLOWED_ACTIONS[status] as readonly AlarmActionType[]).includes(action);
}

/** A new alarm, active, as the `raise` verdict of a rule opens it. */
export function raiseAlarm(at: number, value: number | null): { alarm: AlarmLifecycle; event: AlarmEvent } {
  return {
    alarm: {
      status: 'active',
      count: 1,
      firstAt: at,
      lastAt: at,
      lastValue: value,
      acknowledgedBy: null,
      acknowledgedAt: null,
      acknowledgeNote: null,
      clearedBy: null,
      clearedAt: null,
      clearMode: null,
      clearNote: null,
    },
    event: { action: 'raise', at, actor: SYSTEM_ACTOR, note: null },
  };
}

const ILLEGAL: Record<AlarmStatus, Partial<Record<AlarmActionType, string>>> = {
  active: {},
  acknowledged: { acknowledge: '告警已确认，不能重复确认' },
  cleared: {
    acknowledge: '告警已解除，不能确认',
    clear: '告警已解除，不能重复解除',
    repeat: '告警已解除，不能再累计；新的告警应重新产生',
  },
};

type NoteCheck = { ok: true; note: string | null } | { ok: false; code: TransitionErrorCode; message: string };

function checkNote(note: string | null | undefined, required: boolean): NoteCheck {
  const trimmed = (note ?? '').trim();
  if (trimmed === '') {
    return required ? { ok: false, code: 'NOTE_REQUIRED', message: '请填写解除说明' } : { ok: true, note: null };
  }
  if (trimmed.length > NOTE_MAX_LENGTH) {
    return { ok: false, code: 'NOTE_TOO_LONG', message: `说明不能超过 ${NOTE_MAX_LENGTH} 个字符` };
  }
  return { ok: true, note: trimmed };
}

/**
 * Applies an action. acknowledge: only from active. clear: from active or acknowledged, 'auto' (the
 * condition ended; by {@link SYSTEM_ACTOR}) or 'manual' (a note of 1–200 characters is required).
 * repeat: while not cleared, counts one more occurrence and moves lastAt/lastValue (auto clear keeps
 * lastValue: it is the value that last triggered the alarm). Anything else is an
 * ILLEGAL_TRANSITION. The alarm passed in is not modified.
 */
export function transition<A extends AlarmLifecycle>(alarm: A, action: AlarmAction): TransitionResult<A> {
  if (!canTransition(alarm.status, action.type)) {
    const message =
      ILLEGAL[alarm.status][action.type] ??
      `${ALARM_STATUSES[alarm.status]}的告警不能${ALARM_ACTION_NAMES[action.type]}`;
    return { ok: false, code: 'ILLEGAL_TRANSITION', message };
  }
  switch (action.type) {
    case 'acknowledge': {
      const note = checkNote(action.note, false);
      if (!note.ok) return note;
      return {
        ok: true,
        alarm: {
          ...alarm,
          status: 'acknowledged',
          acknowledgedBy: action.by,
          acknowledgedAt: action.at,
          acknowledgeNote: note.note,
        },
        event: { action: 'acknowledge', at: action.at, actor: action.by, note: note.note },
      };
    }
    case 'clear': {
      if (action.mode === 'auto') {
        return {
          ok: true,
          alarm: {
            ...alarm,
            status: 'cleared',
            clearedBy: SYSTEM_ACTOR,
            clearedAt: action.at,
            clearMode: 'auto',
            clearNote: null,
          },
          event: { action: 'clear', at: action.at, actor: SYSTEM_ACTOR, note: null },
        };
      }
      const note = checkNote(action.note, true);
      if (!note.ok) return note;
      return {
        ok: true,
        alarm: {
          ...alarm,
          status: 'cleared',
          clearedBy: action.by,
          clearedAt: action.at,
          clearMode: 'manual',
          clearNote: note.note,
        },
        event: { action: 'clear', at: action.at, actor: action.by, note: note.note },
      };
    }
    case 'repeat': {
      // A late repeat (older than the last one) is counted but does not move the latest value back.
      const latest = action.at >= alarm.lastAt ? { lastAt: action.at, lastValue: action.value } : {};
      return {
        ok: true,
        alarm: { ...alarm, count: alarm.count + 1, ...latest },
        event: { action: 'repeat', at: action.at, actor: SYSTEM_ACTOR, note: null },
      };
    }
  }
}
