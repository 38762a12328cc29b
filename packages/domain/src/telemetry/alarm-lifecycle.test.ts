import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALARM_STATUSES,
  type AlarmAction,
  type AlarmLifecycle,
  canTransition,
  raiseAlarm,
  transition,
} from './alarm-lifecycle';

const T0 = 1_714_550_400;

/** The caller's alarm carries its own fields; the lifecycle keeps them. */
type Alarm = AlarmLifecycle & { alarmId: string; ruleId: string };
const fresh = (): Alarm => ({ ...raiseAlarm(T0, 132.5).alarm, alarmId: '9', ruleId: '1' });

function apply(alarm: Alarm, action: AlarmAction): Alarm {
  const result = transition(alarm, action);
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.alarm;
}

describe('alarm statuses', () => {
  it('have Chinese names', () => {
    expect(ALARM_STATUSES).toEqual({ active: '待处理', acknowledged: '已确认', cleared: '已解除' });
  });

  it('start active with one occurrence', () => {
    const { alarm, event } = raiseAlarm(T0, 132.5);
    expect(alarm).toMatchObject({ status: 'active', count: 1, firstAt: T0, lastAt: T0, lastValue: 132.5 });
    expect(event).toEqual({ action: 'raise', at: T0, actor: 'system', note: null });
  });
});

describe('transitions', () => {
  it('goes active → acknowledged → cleared, keeping the caller fields', () => {
    const acked = apply(fresh(), { type: 'acknowledge', by: 'zhang', at: T0 + 60, note: '  已通知现场  ' });
    expect(acked).toMatchObject({
      status: 'acknowledged',
      acknowledgedBy: 'zhang',
      acknowledgedAt: T0 + 60,
      acknowledgeNote: '已通知现场',
      alarmId: '9',
      ruleId: '1',
    });
    const cleared = apply(acked, { type: 'clear', mode: 'auto', at: T0 + 600 });
    expect(cleared).toMatchObject({
      status: 'cleared',
      clearedBy: 'system',
      clearedAt: T0 + 600,
      clearMode: 'auto',
      lastValue: 132.5,
    });
  });

  it('goes active → cleared by hand, with a note', () => {
    const result = transition(fresh(), { type: 'clear', mode: 'manual', by: 'li', at: T0 + 60, note: '传感器已更换' });
    expect(result).toMatchObject({
      ok: true,
      alarm: { status: 'cleared', clearedBy: 'li', clearMode: 'manual', clearNote: '传感器已更换' },
      event: { action: 'clear', actor: 'li', note: '传感器已更换', at: T0 + 60 },
    });
  });

  it('needs a note of 1–200 characters to clear by hand', () => {
    for (const note of [undefined, null, '', '   ']) {
      expect(transition(fresh(), { type: 'clear', mode: 'manual', by: 'li', at: T0, note })).toEqual({
        ok: false,
        code: 'NOTE_REQUIRED',
        message: '请填写解除说明',
      });
    }
    expect(transition(fresh(), { type: 'clear', mode: 'manual', by: 'li', at: T0, note: '好'.repeat(200) }).ok).toBe(
      true,
    );
    expect(
      transition(fresh(), { type: 'clear', mode: 'manual', by: 'li', at: T0, note: '好'.repeat(201) }),
    ).toMatchObject({
      ok: false,
      code: 'NOTE_TOO_LONG',
    });
  });

  it('counts repeats while not cleared', () => {
    const once = apply(fresh(), { type: 'repeat', at: T0 + 60, value: 140 });
    expect(once).toMatchObject({ status: 'active', count: 2, lastAt: T0 + 60, lastValue: 140, firstAt: T0 });
    const acked = apply(once, { type: 'acknowledge', by: 'zhang', at: T0 + 90 });
    const twice = apply(acked, { type: 'repeat', at: T0 + 120, value: 150 });
    expect(twice).toMatchObject({ status: 'acknowledged', count: 3, lastValue: 150 });
    // A late repeat is counted but does not move the latest value back.
    expect(apply(twice, { type: 'repeat', at: T0 + 100, value: 1 })).toMatchObject({
      count: 4,
      lastAt: T0 + 120,
      lastValue: 150,
    });
  });

  it('refuses illegal transitions with a code and a Chinese message', () => {
    const acked = apply(fresh(), { type: 'acknowledge', by: 'zhang', at: T0 + 60 });
    const cleared = apply(fresh(), { type: 'clear', mode: 'auto', at: T0 + 60 });
    expect(transition(cleared, { type: 'acknowledge', by: 'zhang', at: T0 + 120 })).toEqual({
      ok: false,
      code: 'ILLEGAL_TRANSITION',
      message: '告警已解除，不能确认',
    });
    expect(transition(acked, { type: 'acknowledge', by: 'zhang', at: T0 + 120 })).toMatchObject({
      ok: false,
      code: 'ILLEGAL_TRANSITION',
      message: '告警已确认，不能重复确认',
    });
    expect(transition(cleared, { type: 'clear', mode: 'manual', by: 'li', at: T0, note: '再次解除' })).toMatchObject({
      ok: false,
      code: 'ILLEGAL_TRANSITION',
    });
    expect(transition(cleared, { type: 'clear', mode: 'auto', at: T0 })).toMatchObject({
      ok: false,
      code: 'ILLEGAL_TRANSITION',
    });
    expect(transition(cleared, { type: 'repeat', at: T0, value: 1 })).toMatchObject({
      ok: false,
      code: 'ILLEGAL_TRANSITION',
    });
    // An illegal transition wins over a missing note.
    expect(transition(cleared, { type: 'clear', mode: 'manual', by: 'li', at: T0, note: '' })).toMatchObject({
      code: 'ILLEGAL_TRANSITION',
    });
  });

  it('never modifies the alarm it is given', () => {
    const alarm = fresh();
    const copy = JSON.parse(JSON.stringify(alarm)) as Alarm;
    transition(alarm, { type: 'acknowledge', by: 'zhang', at: T0 + 60 });
    transition(alarm, { type: 'repeat', at: T0 + 60, value: 1 });
    expect(alarm).toEqual(copy);
  });

  it('never leaves cleared and never goes back to active', () => {
    const action = fc.oneof(
      fc.record({ type: fc.constant('acknowledge' as const), by: fc.constant('a'), at: fc.nat() }),
      fc.record({ type: fc.constant('clear' as const), mode: fc.constant('auto' as const), at: fc.nat() }),
      fc.record({
        type: fc.constant('clear' as const),
        mode: fc.constant('manual' as const),
        by: fc.constant('a'),
        at: fc.nat(),
        note: fc.string({ maxLength: 3 }),
      }),
      fc.record({
        type: fc.constant('repeat' as const),
        at: fc.nat(),
        value: fc.option(fc.double({ noNaN: true }), { nil: null }),
      }),
    );
    const rank = { active: 0, acknowledged: 1, cleared: 2 } as const;
    fc.assert(
      fc.property(fc.array(action, { maxLength: 12 }), (actions) => {
        let alarm = fresh();
        for (const a of actions) {
          const result = transition(alarm, a);
          if (result.ok) expect(canTransition(alarm.status, a.type)).toBe(true);
          if (!result.ok) {
            if (result.code === 'ILLEGAL_TRANSITION') expect(canTransition(alarm.status, a.type)).toBe(false);
            continue;
          }
          expect(rank[result.alarm.status]).toBeGreaterThanOrEqual(rank[alarm.status]);
          expect(result.alarm.count).toBe(alarm.count + (a.type === 'repeat' ? 1 : 0));
          alarm = result.alarm;
        }
      }),
    );
  });
});
