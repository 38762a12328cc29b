import { describe, expect, it } from 'vitest';
import { alarmRuleSaveBody } from './alarms.api';
import { KIND_FIELDS, ruleBody, ruleCondition } from './rules';

const BASE = { name: 'PM2.5 超限', deviceType: 'A01', factor: 'a34004', level: 2, enabled: true } as const;

describe('ruleBody', () => {
  it('keeps the fields of the kind and nulls the others', () => {
    const body = ruleBody({ ...BASE, kind: 'over_limit', threshold: 75, durationSeconds: 300, count: 5, low: 1 });
    expect(body).toMatchObject({ threshold: 75, durationSeconds: 300, count: null, low: null, windowSeconds: null });
    expect(alarmRuleSaveBody.safeParse(body).success).toBe(true);
  });

  it('sends no factor for an offline rule, and empty choices as null', () => {
    const body = ruleBody({ ...BASE, kind: 'offline', deviceType: undefined, deviceId: '', threshold: 3 });
    expect(body).toMatchObject({ factor: null, deviceType: null, deviceId: null, threshold: null });
    expect(alarmRuleSaveBody.safeParse(body).success).toBe(true);
  });

  it('leaves a missing required value to the contract, which names the field', () => {
    const result = alarmRuleSaveBody.safeParse(ruleBody({ ...BASE, kind: 'rate_of_change', threshold: 50 }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toContain('windowSeconds');
  });

  it('covers every kind', () => {
    expect(Object.keys(KIND_FIELDS).sort()).toEqual([
      'constant',
      'fume_over',
      'offline',
      'out_of_range',
      'over_limit',
      'purifier_off',
      'rate_of_change',
    ]);
  });
});

describe('ruleCondition', () => {
  const none = { threshold: null, low: null, high: null, durationSeconds: null, windowSeconds: null, count: null };

  it('says each kind’s condition with the unit', () => {
    expect(ruleCondition({ ...none, kind: 'over_limit', threshold: 75, durationSeconds: 300 }, 'μg/m³')).toBe(
      '超过 75 μg/m³，持续 5 分钟',
    );
    expect(ruleCondition({ ...none, kind: 'rate_of_change', threshold: 50, windowSeconds: 600 })).toBe(
      '10 分钟内变化超过 50',
    );
    expect(ruleCondition({ ...none, kind: 'constant', count: 6 })).toBe('连续 6 个值不变');
    expect(ruleCondition({ ...none, kind: 'out_of_range', low: 0, high: 1000 })).toBe('低于 0 或 高于 1000');
    expect(ruleCondition({ ...none, kind: 'out_of_range', high: 1000 })).toBe('高于 1000');
    expect(ruleCondition({ ...none, kind: 'offline' })).toBe('超过离线判定时间未上报');
  });
});
