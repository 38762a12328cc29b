import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chinaTime } from '../time';
import type { TelemetrySample } from './aggregate';
import {
  ALARM_RULE_KINDS,
  type AlarmRule,
  type AlarmVerdict,
  checkAlarmRule,
  type EvaluateOptions,
  evaluate,
  evaluateOffline,
  formatDuration,
  initialRuleState,
  type RuleState,
} from './alarm-rules';

const T0 = chinaTime(2024, 5, 1, 9);
const PM25 = { label: 'PM2.5', unit: 'μg/m³' };

/** Feeds values one minute apart (or explicit samples) and collects the verdicts. */
function run(
  rule: AlarmRule,
  samples: readonly (number | null | TelemetrySample)[],
  options: EvaluateOptions = PM25,
  start: RuleState = initialRuleState(),
) {
  let state = start;
  const verdicts: AlarmVerdict[] = [];
  const messages: string[] = [];
  samples.forEach((s, i) => {
    const sample = typeof s === 'number' || s === null ? { t: T0 + (i + 1) * 60, value: s, flag: 'N' } : s;
    const result = evaluate(rule, state, sample, options);
    state = result.state;
    verdicts.push(result.verdict);
    messages.push(result.message);
  });
  return { state, verdicts, messages };
}

const overLimit: AlarmRule = {
  id: '1',
  kind: 'over_limit',
  factor: 'a34004',
  level: 2,
  threshold: 75,
  durationSeconds: 600,
};

describe('rule kinds', () => {
  it('have Chinese names', () => {
    expect(Object.fromEntries(Object.entries(ALARM_RULE_KINDS).map(([k, v]) => [k, v.name]))).toEqual({
      over_limit: '超限',
      rate_of_change: '突变',
      constant: '恒值',
      out_of_range: '超出量程/负值',
      offline: '离线',
      fume_over: '油烟超标',
      purifier_off: '净化器未开启',
    });
  });

  it('refuse rules that can never fire', () => {
    expect(checkAlarmRule(overLimit)).toEqual([]);
    expect(checkAlarmRule({ id: '2', kind: 'over_limit', factor: 'a34004', level: 1, threshold: null })).toEqual([
      '请填写限值',
    ]);
    expect(checkAlarmRule({ id: '2', kind: 'constant', level: 1, count: 1 })).toEqual([
      '请选择监测因子',
      '连续个数至少为 2',
    ]);
    expect(checkAlarmRule({ id: '2', kind: 'out_of_range', factor: 'a01002', level: 3, low: 5, high: 5 })).toEqual([
      '上限应大于下限',
    ]);
    expect(checkAlarmRule({ id: '2', kind: 'offline', level: 3 })).toEqual([]);
    expect(() =>
      evaluate({ id: '2', kind: 'rate_of_change', factor: 'a34004', level: 1 }, initialRuleState(), {
        t: T0,
        value: 1,
      }),
    ).toThrow(RangeError);
  });

  it('formats durations in Chinese', () => {
    expect(formatDuration(45)).toBe('45 秒');
    expect(formatDuration(600)).toBe('10 分钟');
    expect(formatDuration(3600)).toBe('1 小时');
    expect(formatDuration(5400)).toBe('1 小时 30 分钟');
  });
});

describe('over_limit', () => {
  it('raises only at the 10th minute above the limit, holds, and clears when the value drops', () => {
    const values = [...new Array<number>(9).fill(100), 132.5, 110, 90, 60, 50];
    const { verdicts, messages, state } = run(overLimit, values);
    expect(verdicts).toEqual([...new Array<AlarmVerdict>(9).fill('none'), 'raise', 'hold', 'hold', 'clear', 'none']);
    expect(messages[9]).toBe('PM2.5 超过限值 75 μg/m³ 持续 10 分钟，当前 132.5');
    expect(messages[10]).toBe('PM2.5 超过限值 75 μg/m³ 持续 11 分钟，当前 110');
    expect(messages[4]).toBe('PM2.5 超过限值 75 μg/m³ 已 5 分钟，未达 10 分钟，当前 100');
    expect(messages[12]).toBe('PM2.5 回落至限值 75 μg/m³ 以下，当前 60');
    expect(state).toMatchObject({ active: false, since: null, lastValue: 50 });
  });

  it('starts the duration again after a value at or under the limit', () => {
    const values = [...new Array<number>(5).fill(100), 75, ...new Array<number>(10).fill(100)];
    const { verdicts } = run(overLimit, values);
    expect(verdicts.indexOf('raise')).toBe(15);
  });

  it('raises at once with no duration', () => {
    const rule = { ...overLimit, durationSeconds: 0 };
    const { verdicts, messages } = run(rule, [80, 90, 70]);
    expect(verdicts).toEqual(['raise', 'hold', 'clear']);
    expect(messages[0]).toBe('PM2.5 超过限值 75 μg/m³，当前 80');
    expect(run({ ...overLimit, durationSeconds: null }, [80]).verdicts).toEqual(['raise']);
  });

  it('counts the interval each value stands for', () => {
    const hourly = { ...overLimit, durationSeconds: 3 * 3600 };
    const samples = [1, 2, 3].map((h) => ({ t: T0 + h * 3600, value: 100 }));
    expect(run(hourly, samples, { ...PM25, intervalSeconds: 3600 }).verdicts).toEqual(['none', 'none', 'raise']);
  });

  it('neither raises nor clears on flagged values', () => {
    const at = (minute: number, value: number, flag: string | null = 'N') => ({ t: T0 + minute * 60, value, flag });
    const raisedOnTime = run(overLimit, [
      ...Array.from({ length: 9 }, (_, i) => at(i + 1, 100)),
      at(10, 100, 'D'),
      at(11, 100),
    ]);
    expect(raisedOnTime.verdicts.slice(9)).toEqual(['none', 'raise']);

    const raised = run(
      overLimit,
      Array.from({ length: 10 }, (_, i) => at(i + 1, 100)),
    );
    expect(raised.state.active).toBe(true);
    const afterFlag = evaluate(overLimit, raised.state, at(11, 10, 'M'), PM25);
    expect(afterFlag.verdict).toBe('none');
    expect(afterFlag.state).toEqual(raised.state);
    expect(afterFlag.message).toBe('数据标记为 M，不参与告警判断');
    expect(evaluate(overLimit, afterFlag.state, at(12, 100), PM25).verdict).toBe('hold');
    expect(evaluate(overLimit, raised.state, { t: T0 + 11 * 60, value: null }, PM25).verdict).toBe('none');
  });

  it('ignores values not newer than the last one (resends, out of order)', () => {
    const { state } = run(overLimit, new Array<number>(10).fill(100));
    const stale = evaluate(overLimit, state, { t: T0 + 5 * 60, value: 10 }, PM25);
    expect(stale.verdict).toBe('none');
    expect(stale.state).toBe(state);
  });

  it('keeps its state as plain JSON', () => {
    const { state } = run(overLimit, new Array<number>(4).fill(100));
    const restored = JSON.parse(JSON.stringify(state)) as RuleState;
    expect(restored).toEqual(state);
    const more = run(overLimit, new Array<number>(6).fill(100), PM25, restored);
    expect(more.verdicts.at(-1)).toBe('none'); // times restart at T0 + 1 min: older than lastT, ignored
    const later = Array.from({ length: 6 }, (_, i) => ({ t: T0 + (5 + i) * 60, value: 100 }));
    expect(run(overLimit, later, PM25, restored).verdicts).toEqual(['none', 'none', 'none', 'none', 'none', 'raise']);
  });
});

describe('rate_of_change', () => {
  const rule: AlarmRule = {
    id: '3',
    kind: 'rate_of_change',
    factor: 'a34004',
    level: 3,
    threshold: 50,
    windowSeconds: 120,
  };

  it('raises when two consecutive values within the window differ by more than the threshold', () => {
    const { verdicts, messages } = run(rule, [40, 45, 120, 180, 175, 176]);
    expect(verdicts).toEqual(['none', 'none', 'raise', 'hold', 'clear', 'none']);
    expect(messages[2]).toBe('PM2.5 1 分钟内变化 75 μg/m³（45 → 120），超过突变幅度 50 μg/m³');
    expect(run(rule, [100, 50]).verdicts).toEqual(['none', 'none']); // exactly 50 is not more
    expect(run(rule, [100, 49]).verdicts).toEqual(['none', 'raise']);
  });

  it('does not compare values further apart than the window', () => {
    const samples = [
      { t: T0, value: 10 },
      { t: T0 + 180, value: 200 },
      { t: T0 + 240, value: 20 },
    ];
    expect(run(rule, samples).verdicts).toEqual(['none', 'none', 'raise']);
  });
});

describe('constant', () => {
  const rule: AlarmRule = { id: '4', kind: 'constant', factor: 'a34004', level: 4, count: 5 };

  it('raises at the 5th equal value (to 3 decimals) and clears when the value moves', () => {
    const { verdicts, messages } = run(rule, [34, 35, 35, 35, 35, 35, 35.0004, 36, 36]);
    expect(verdicts).toEqual(['none', 'none', 'none', 'none', 'none', 'raise', 'hold', 'clear', 'none']);
    expect(messages[5]).toBe('PM2.5 连续 5 个数据恒为 35，疑似传感器故障');
    expect(run(rule, [35, 35, 35, 35, 35.001]).verdicts.at(-1)).toBe('none');
  });

  it('is not broken by flagged values', () => {
    const samples: TelemetrySample[] = [35, 35, 99, 35, 35, 35].map((value, i) => ({
      t: T0 + i * 60,
      value,
      flag: i === 2 ? 'C' : 'N',
    }));
    expect(run(rule, samples).verdicts).toEqual(['none', 'none', 'none', 'none', 'none', 'raise']);
  });
});

describe('out_of_range', () => {
  const humidity: AlarmRule = { id: '5', kind: 'out_of_range', factor: 'a01002', level: 3, low: 0, high: 100 };

  it('raises on impossible values, with the label as given', () => {
    const { verdicts, messages } = run(humidity, [50, -3, -2, 60, 105.2], { label: '湿度', unit: '%' });
    expect(verdicts).toEqual(['none', 'raise', 'hold', 'clear', 'raise']);
    expect(messages[1]).toBe('湿度出现负值，当前 -3');
    expect(messages[4]).toBe('湿度高于量程上限 100%，当前 105.2');
    expect(messages[3]).toBe('湿度恢复至量程以内，当前 60');
  });

  it('works with one bound only', () => {
    const rule: AlarmRule = { id: '6', kind: 'out_of_range', factor: 'a21005', level: 3, low: 0.1 };
    const { verdicts, messages } = run(rule, [0.05, 5000], { label: 'CO', unit: 'mg/m³' });
    expect(verdicts).toEqual(['raise', 'clear']);
    expect(messages[0]).toBe('CO 低于量程下限 0.1 mg/m³，当前 0.05');
  });

  it('uses the factor code when no label is given', () => {
    expect(run(humidity, [-1], {}).messages[0]).toBe('a01002 出现负值，当前 -1');
  });
});

describe('offline', () => {
  const rule: AlarmRule = { id: '7', kind: 'offline', level: 2 };

  it('follows the online state', () => {
    expect(evaluateOffline(rule, true, false, { silentSeconds: 600 })).toEqual({
      verdict: 'raise',
      message: '设备离线（已 10 分钟未收到数据）',
    });
    expect(evaluateOffline(rule, false, false).verdict).toBe('hold');
    expect(evaluateOffline(rule, false, true)).toEqual({ verdict: 'clear', message: '设备恢复在线' });
    expect(evaluateOffline(rule, true, true).verdict).toBe('none');
    expect(() => evaluateOffline(overLimit, true, false)).toThrow(RangeError);
  });

  it('is not decided by values', () => {
    expect(evaluate(rule, initialRuleState(), { t: T0, value: 1 }).verdict).toBe('none');
  });
});

describe('verdicts of any rule', () => {
  const rules: AlarmRule[] = [
    { ...overLimit, durationSeconds: 180 },
    { id: '3', kind: 'rate_of_change', factor: 'x', level: 3, threshold: 20, windowSeconds: 120 },
    { id: '4', kind: 'constant', factor: 'x', level: 4, count: 3 },
    { id: '5', kind: 'out_of_range', factor: 'x', level: 3, low: 0, high: 100 },
  ];

  it('alternate raise → hold* → clear, matching state.active', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...rules),
        fc.array(
          fc.record({
            gap: fc.integer({ min: -60, max: 300 }),
            value: fc.option(fc.constantFrom(-5, 0, 50, 50, 80, 100, 150), { nil: null }),
            flag: fc.constantFrom(null, 'N', 'N', 'D'),
          }),
          { maxLength: 40 },
        ),
        (rule, steps) => {
          let state = initialRuleState();
          let t = T0;
          for (const step of steps) {
            t += step.gap;
            const before = state.active;
            const result = evaluate(rule, state, { t, value: step.value, flag: step.flag });
            if (result.verdict === 'raise') expect(before).toBe(false);
            if (result.verdict === 'hold' || result.verdict === 'clear') expect(before).toBe(true);
            expect(result.state.active).toBe(
              result.verdict === 'raise' || result.verdict === 'hold' || (before && result.verdict === 'none'),
            );
            expect(result.message.length).toBeGreaterThan(0);
            state = result.state;
          }
        },
      ),
    );
  });
});
