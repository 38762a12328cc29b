import { describe, expect, it } from 'vitest';
import { chinaText, percent, rangeOf } from './voc-view';

describe('VOC 分析 helpers', () => {
  it('writes instants in China time and ranges back from now', () => {
    const now = Date.UTC(2026, 11, 1, 16, 30, 0); // 2026-12-02 00:30 in China
    expect(chinaText(now)).toBe('2026-12-02 00:30:00');
    expect(rangeOf('3d', now)).toEqual({ startTime: '2026-11-29 00:30:00', endTime: '2026-12-02 00:30:00' });
  });
  it('shows shares as percentages', () => {
    expect(percent(0.8182)).toBe('81.8%');
    expect(percent(null)).toBe('—');
  });
});
