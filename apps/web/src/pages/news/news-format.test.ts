import { describe, expect, it } from 'vitest';
import { countText, idOf, listDate, monthText, pagerItems } from './news-format';

describe('news formatting', () => {
  it('shows dates short within the year and whole before it', () => {
    expect(listDate('2026-05-24 09:30:00', 2026)).toBe('05-24 09:30');
    expect(listDate('2025-12-31 23:00:00', 2026)).toBe('2025-12-31');
  });
  it('counts readers in 万 from ten thousand', () => {
    expect(countText(9999)).toBe('9999');
    expect(countText(12_345)).toBe('1.2万');
    expect(countText(20_000)).toBe('2万');
    expect(countText(123_456)).toBe('12万');
  });
  it('pages around the current one with gaps', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pagerItems(2, 4)).toEqual([1, 2, 3, 4]);
  });
  it('reads months and ids', () => {
    expect(monthText('2026-05')).toBe('2026年5月');
    expect(idOf('12')).toBe(12);
    expect(idOf('0')).toBeUndefined();
    expect(idOf('1e3')).toBeUndefined();
    expect(idOf(undefined)).toBeUndefined();
  });
});
