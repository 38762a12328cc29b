import { describe, expect, it } from 'vitest';
import { type DayValues, hjPercentile, periodStatistics } from './period';

const day = (aqi: number | null, v: Partial<DayValues> = {}): DayValues => ({
  aqi,
  pm2_5: 30,
  pm10: 60,
  so2: 10,
  no2: 30,
  co: 1,
  o3_8h: 100,
  ...v,
});

describe('HJ 663-2013 percentiles', () => {
  it('interpolates between ranks: k = 1 + (n − 1)·p', () => {
    // n = 10, p = 90 → k = 9.1 → X9 + 0.1·(X10 − X9)
    expect(hjPercentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 19], 90)).toBeCloseTo(10, 10);
    expect(hjPercentile([5], 95)).toBe(5);
    expect(hjPercentile([], 95)).toBeNull();
    expect(hjPercentile([3, 1, 2], 50)).toBe(2);
  });
});

describe('period statistics', () => {
  it('counts days per level and good days (levels 1–2)', () => {
    const stats = periodStatistics([day(30), day(50), day(51), day(100), day(101), day(250), day(450), day(null)]);
    expect(stats.days).toBe(7);
    expect(stats.levelDays).toEqual({ 1: 2, 2: 2, 3: 1, 4: 0, 5: 1, 6: 1 });
    expect(stats.goodDays).toBe(4);
  });

  it('uses means for four pollutants, the 95th percentile for CO and the 90th for O3 8 h', () => {
    const days = Array.from({ length: 20 }, (_, i) => day(60, { pm2_5: i + 1, co: (i + 1) / 10, o3_8h: 100 + i }));
    const stats = periodStatistics(days);
    expect(stats.pm2_5).toBe(10); // mean 10.5 → reported half-to-even as 10
    expect(stats.co_p95).toBeCloseTo(1.9, 10); // k = 19.05 → 1.9 + 0.05·0.1 = 1.905 → 1.9
    expect(stats.o3_8h_p90).toBe(117); // k = 18.1 → 117.1 → 117
  });

  it('computes the composite index over all six, and none when one is missing', () => {
    const stats = periodStatistics([day(60, { so2: 60, no2: 40, pm10: 70, pm2_5: 35, co: 4, o3_8h: 160 })]);
    expect(stats.compositeIndex).toBe(6);
    expect(periodStatistics([day(60, { co: null })]).compositeIndex).toBeNull();
  });

  it('keeps missing values missing', () => {
    const stats = periodStatistics([
      day(null, { pm2_5: null, pm10: null, so2: null, no2: null, co: null, o3_8h: null }),
    ]);
    expect(stats).toMatchObject({ pm2_5: null, co_p95: null, aqiMean: null, days: 0, goodDays: 0 });
  });
});
