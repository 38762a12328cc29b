import { describe, expect, it } from 'vitest';
import { periodStatistics } from '../period';
import { attainmentOf, dayExceedances, goodDaysTarget } from './attainment';

const day = (over: Partial<Record<string, number | null>> = {}) => ({
  aqi: 60,
  pm2_5: 30,
  pm10: 60,
  so2: 8,
  no2: 30,
  co: 0.8,
  o3_8h: 100,
  ...over,
});

describe('attainmentOf (HJ 663-2013 against GB 3095-2012 grade II)', () => {
  it('attains when all six statistics are within their limits', () => {
    const result = attainmentOf(periodStatistics([day(), day(), day()]));
    expect(result.attained).toBe(true);
    expect(result.exceeding).toEqual([]);
    expect(result.items.find((i) => i.key === 'pm2_5')).toMatchObject({ value: 30, limit: 35, index: 0.86 });
  });

  it('names the pollutants over their limit, worst first', () => {
    const result = attainmentOf(periodStatistics([day({ pm2_5: 70, pm10: 80 }), day({ pm2_5: 70, pm10: 80 })]));
    expect(result.attained).toBe(false);
    expect(result.exceeding).toEqual(['pm2_5', 'pm10']);
  });

  it('judges O3 by the 90th percentile, not the mean', () => {
    const days = Array.from({ length: 10 }, (_, i) => day({ o3_8h: i < 8 ? 100 : 200 }));
    const result = attainmentOf(periodStatistics(days));
    // Eight 100s and two 200s (mean 120): k = 1 + 9 × 0.9 = 9.1, and X[9] = X[10] = 200.
    expect(result.items.find((i) => i.key === 'o3_8h')?.value).toBe(200);
    expect(result.exceeding).toEqual(['o3_8h']);
  });

  it('leaves the verdict unknown when a statistic is missing and none exceeds', () => {
    const result = attainmentOf(periodStatistics([day({ so2: null })]));
    expect(result.attained).toBeNull();
    expect(result.items.find((i) => i.key === 'so2')).toMatchObject({ value: null, attained: null, index: null });
  });
});

describe('dayExceedances', () => {
  it('compares a day with the 24-hour limits', () => {
    expect(dayExceedances(day({ pm2_5: 76, no2: 80, o3_8h: 161 }))).toEqual(['pm2_5', 'o3_8h']);
    expect(dayExceedances(day({ pm2_5: null }))).toEqual([]);
  });
});

describe('goodDaysTarget', () => {
  it('counts the good days still needed for the rate over the whole period', () => {
    // 0.8 × 365 = 292 good days; 200 so far of 300, 65 left: 92 more needed, out of reach.
    expect(goodDaysTarget(200, 300, 65, 0.8)).toEqual({ needed: 92, pollutedAllowed: -27, achievable: false });
    expect(goodDaysTarget(250, 300, 65, 0.8)).toEqual({ needed: 42, pollutedAllowed: 23, achievable: true });
  });

  it('needs nothing once the target is met whatever comes', () => {
    expect(goodDaysTarget(300, 300, 65, 0.8)).toEqual({ needed: 0, pollutedAllowed: 65, achievable: true });
  });

  it('refuses impossible inputs', () => {
    expect(() => goodDaysTarget(10, 5, 0, 0.8)).toThrow(RangeError);
    expect(() => goodDaysTarget(1, 5, 0, 1.2)).toThrow(RangeError);
  });
});
