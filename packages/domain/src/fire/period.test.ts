import { describe, expect, it } from 'vitest';
import { chinaTime, formatChinaDateTime } from '../time';
import { bucketIndex, firePeriod, fireTrendBuckets } from './period';

// Wednesday 2026-12-02 15:30 China time.
const NOW = chinaTime(2026, 12, 2, 15, 30);

describe('firePeriod', () => {
  it('starts the day, week (Monday), month and year in China time', () => {
    expect(formatChinaDateTime(firePeriod('day', NOW).from)).toBe('2026-12-02 00:00:00');
    expect(formatChinaDateTime(firePeriod('week', NOW).from)).toBe('2026-11-30 00:00:00');
    expect(formatChinaDateTime(firePeriod('month', NOW).from)).toBe('2026-12-01 00:00:00');
    expect(formatChinaDateTime(firePeriod('year', NOW).from)).toBe('2026-01-01 00:00:00');
  });

  it('a Monday and a Sunday belong to their own week', () => {
    expect(formatChinaDateTime(firePeriod('week', chinaTime(2026, 11, 30, 0, 0)).from)).toBe('2026-11-30 00:00:00');
    expect(formatChinaDateTime(firePeriod('week', chinaTime(2026, 12, 6, 23, 59)).from)).toBe('2026-11-30 00:00:00');
  });

  it('the previous period has the same length', () => {
    const p = firePeriod('day', NOW);
    expect(p.from - p.previousFrom).toBe(p.to - p.from + 1);
  });
});

describe('fireTrendBuckets', () => {
  it('hours of a day, days of a month, months of a year', () => {
    expect(fireTrendBuckets('day', firePeriod('day', NOW)).map((b) => b.label)).toHaveLength(16);
    const days = fireTrendBuckets('month', firePeriod('month', chinaTime(2026, 11, 30, 12)));
    expect(days).toHaveLength(30);
    expect(days[0]?.label).toBe('11-01');
    const months = fireTrendBuckets('year', firePeriod('year', NOW));
    expect(months.map((m) => m.label)).toHaveLength(12);
    expect(months[11]?.label).toBe('12月');
  });

  it('finds the bucket of a time', () => {
    const buckets = fireTrendBuckets('week', firePeriod('week', NOW));
    expect(bucketIndex(buckets, chinaTime(2026, 12, 1, 23, 59))).toBe(1);
    expect(bucketIndex(buckets, chinaTime(2026, 11, 29, 23, 59))).toBe(-1);
  });
});
