import { describe, expect, it } from 'vitest';
import { HEALTH_ADVICE, healthAdvice } from './advice';
import { aqiLevel } from './levels';

describe('health advice', () => {
  it('gives the published texts per level', () => {
    expect(healthAdvice(aqiLevel(26))).toEqual({
      impact: '空气质量令人满意，基本无空气污染',
      advice: '各类人群可正常活动',
    });
    expect(healthAdvice(aqiLevel(54))?.advice).toBe('极少数异常敏感人群应减少户外活动');
    expect(healthAdvice(aqiLevel(350))?.impact).toBe('健康人运动耐受力降低，有明显强烈症状，提前出现某些疾病');
  });

  it('has one distinct text pair for each of the six levels and none for unknown', () => {
    expect(healthAdvice(0)).toBeNull();
    const impacts = new Set(Object.values(HEALTH_ADVICE).map((a) => a.impact));
    const advice = new Set(Object.values(HEALTH_ADVICE).map((a) => a.advice));
    expect(impacts.size).toBe(6);
    expect(advice.size).toBe(6);
  });
});
