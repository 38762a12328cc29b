import { describe, expect, it } from 'vitest';
import { changePercent, correlationWords, formatChange, maxOf, meanOf, pearson, primaryPollutantDays } from './stats';

describe('analysis statistics', () => {
  it('computes Pearson r over the complete pairs only', () => {
    expect(
      pearson([
        [1, 2],
        [2, 4],
        [3, 6],
      ]),
    ).toBeCloseTo(1, 10);
    expect(
      pearson([
        [1, 6],
        [2, 4],
        [3, 2],
        [null, 9],
        [4, null],
      ]),
    ).toBeCloseTo(-1, 10);
    // Hand-computed: x = 1,2,3,4; y = 2,1,4,3 → r = 0.6.
    expect(
      pearson([
        [1, 2],
        [2, 1],
        [3, 4],
        [4, 3],
      ]),
    ).toBeCloseTo(0.6, 10);
    expect(
      pearson([
        [1, 2],
        [2, 3],
      ]),
    ).toBeNull();
    expect(
      pearson([
        [1, 5],
        [2, 5],
        [3, 5],
      ]),
    ).toBeNull();
  });

  it('names the strength of a correlation', () => {
    expect(correlationWords(-0.72)).toBe('负相关（强）');
    expect(correlationWords(0.45)).toBe('正相关（中等）');
    expect(correlationWords(0.1)).toBe('正相关（弱）');
    expect(correlationWords(null)).toBe('数据不足');
  });

  it('averages and maximises present values', () => {
    expect(meanOf([10, null, 20, undefined])).toBe(15);
    expect(meanOf([null])).toBeNull();
    expect(maxOf([3, null, 7])).toBe(7);
    expect(maxOf([])).toBeNull();
  });

  it('computes and prints year-on-year change', () => {
    expect(changePercent(33, 30)).toBe(10);
    expect(changePercent(27, 30)).toBe(-10);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(null, 3)).toBeNull();
    expect(formatChange(12.5)).toBe('+12.5%');
    expect(formatChange(-3)).toBe('−3.0%');
    expect(formatChange(null)).toBe('—');
  });

  it('counts days per primary pollutant, a two-pollutant day for each', () => {
    const days = [
      { primaryPollutant: ['pm2_5'] },
      { primaryPollutant: ['o3_8h', 'pm10'] },
      { primaryPollutant: [] },
      { primaryPollutant: ['pm10'] },
      { primaryPollutant: ['pm2_5'] },
    ];
    expect(primaryPollutantDays(days, ['pm2_5', 'pm10', 'o3_8h'])).toEqual([
      { key: 'pm2_5', days: 2 },
      { key: 'pm10', days: 2 },
      { key: 'o3_8h', days: 1 },
    ]);
  });
});
