import { describe, expect, it } from 'vitest';
import {
  creditCodeCheckChar,
  creditCodeProblem,
  FUME_STANDARDS,
  initialFumeMeanState,
  initialPurifierOffState,
  overLimitMinutes,
  runningTimeline,
  scaleOfRanges,
  stateOfCurrent,
  stepFumeMean,
  stepPurifierOff,
} from '.';

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts the standard’s own example and a real Beijing code', () => {
    expect(creditCodeProblem('91350100M000100Y43')).toBeNull();
    expect(creditCodeProblem('911100001000044477')).toBeNull();
  });
  it('names what is wrong', () => {
    expect(creditCodeProblem('91350100M000100Y4')).toBe('length');
    expect(creditCodeProblem('91350100M000100Y44')).toBe('check');
    expect(creditCodeProblem('91350100M000100I43')).toBe('charset');
    expect(creditCodeProblem('91350100m000100Y43')).toBe('charset');
    expect(creditCodeProblem('913501A0M000100Y43')).toBe('division');
  });
  it('computes a check character that makes the code valid', () => {
    const check = creditCodeCheckChar('91110105MA01ABCD1');
    expect(check).not.toBeNull();
    expect(creditCodeProblem(`91110105MA01ABCD1${check}`)).toBeNull();
    expect(creditCodeCheckChar('short')).toBeNull();
  });
});

describe('standards and scale (GB 18483-2001, DB11/1488-2018)', () => {
  it('has the national 2.0 and Beijing 1.0 mg/m³ limits', () => {
    expect(FUME_STANDARDS['GB18483-2001'].limit).toBe(2);
    expect(FUME_STANDARDS['DB11/1488-2018'].limit).toBe(1);
  });
  it('scales by cooking ranges', () => {
    expect([0, 1, 2, 3, 5, 6, 12].map(scaleOfRanges)).toEqual([
      null,
      'small',
      'small',
      'medium',
      'medium',
      'large',
      'large',
    ]);
  });
});

describe('running state', () => {
  it('reads a current against its threshold', () => {
    expect(stateOfCurrent(3.2, 0.5)).toBe('on');
    expect(stateOfCurrent(0.05, 0.5)).toBe('off');
    expect(stateOfCurrent(null, 0.5)).toBe('unknown');
  });
  it('merges 10-minute intervals of the same state and marks gaps unknown', () => {
    const samples = [
      ...Array.from({ length: 20 }, (_, i) => ({ t: 6000 + i * 60, value: 3 })), // 6000–7199 on
      ...Array.from({ length: 10 }, (_, i) => ({ t: 7200 + i * 60, value: 0.05 })), // 7200–7799 off
    ];
    expect(runningTimeline(samples, 0.5, 6000, 8400)).toEqual([
      { from: 6000, to: 7200, state: 'on' },
      { from: 7200, to: 7800, state: 'off' },
      { from: 7800, to: 8400, state: 'unknown' },
    ]);
  });
});

describe('over-limit detector (10-minute mean)', () => {
  const feed = (values: number[], limit: number) => {
    let state = initialFumeMeanState();
    return values.map((value, i) => {
      const r = stepFumeMean(state, { t: 60 * (i + 1), value }, limit);
      state = r.state;
      return r.verdict;
    });
  };
  it('raises when the mean, not a single spike, exceeds the limit, and clears when it falls', () => {
    const spike = feed([0.5, 0.5, 0.5, 0.5, 0.5, 6, 0.5, 0.5, 0.5, 0.5], 2);
    expect(spike).not.toContain('raise');
    const verdicts = feed([...Array(10).fill(2.5), ...Array(10).fill(0.3)], 2);
    expect(verdicts.indexOf('raise')).toBe(4); // the first judgement, at half a window
    expect(verdicts.filter((v) => v === 'clear')).toHaveLength(1);
    expect(verdicts.at(-1)).toBe('none');
  });
  it('ignores a resent minute', () => {
    const first = stepFumeMean(initialFumeMeanState(), { t: 120, value: 3 }, 2);
    expect(stepFumeMean(first.state, { t: 120, value: 0 }, 2).state).toBe(first.state);
  });
  it('counts over-limit minutes per 10-minute interval', () => {
    const samples = [
      ...Array.from({ length: 10 }, (_, i) => ({ t: 600 + i * 60, value: 2.4 })),
      ...Array.from({ length: 10 }, (_, i) => ({ t: 1200 + i * 60, value: i === 0 ? 9 : 0.2 })),
    ];
    expect(overLimitMinutes(samples, 2)).toBe(10);
    expect(overLimitMinutes(samples, 1)).toBe(20);
  });
});

describe('fan on, purifier off detector', () => {
  const thresholds = { fanOn: 0.5, purifierOn: 0.2 };
  it('raises after the condition held N minutes and clears when the purifier starts', () => {
    let state = initialPurifierOffState();
    const verdicts: string[] = [];
    for (let i = 0; i <= 12; i++) {
      const purifier = i < 11 ? 0.02 : 0.9;
      const r = stepPurifierOff(state, { t: 60 * i, fan: 3.5, purifier }, thresholds, 600);
      state = r.state;
      verdicts.push(r.verdict);
    }
    expect(verdicts.slice(0, 10).every((v) => v === 'none')).toBe(true);
    expect(verdicts[10]).toBe('raise');
    expect(verdicts[11]).toBe('clear');
  });
  it('does not raise while the fan is off', () => {
    let state = initialPurifierOffState();
    for (let i = 0; i < 30; i++) {
      const r = stepPurifierOff(state, { t: 60 * i, fan: 0.05, purifier: 0 }, thresholds, 600);
      expect(r.verdict).toBe('none');
      state = r.state;
    }
  });
  it('keeps its judgement through a minute without currents', () => {
    const s = { since: 0, active: true, lastT: 900 };
    expect(stepPurifierOff(s, { t: 960, fan: null, purifier: 0 }, thresholds, 600).verdict).toBe('hold');
  });
});
