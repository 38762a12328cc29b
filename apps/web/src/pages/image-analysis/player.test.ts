import { chinaTime } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import { nextIndex, previousIndex, rangeOf, spanCovering } from './player';

describe('the image player', () => {
  it('asks for the smallest span covering the chosen hours', () => {
    expect(spanCovering(1)).toBe('24h');
    expect(spanCovering(25)).toBe('48h');
    expect(spanCovering(72)).toBe('72h');
    expect(spanCovering(100)).toBe('7d');
  });

  it('ends a preset at the current hour and starts it span − 1 hours before', () => {
    const now = chinaTime(2024, 5, 10, 12, 40);
    expect(rangeOf('48h', now)).toEqual({
      end: chinaTime(2024, 5, 10, 12),
      span: '48h',
      start: chinaTime(2024, 5, 8, 13),
    });
  });

  it('runs chosen dates from the first 01:00 to the last 24:00, never past now', () => {
    const now = chinaTime(2024, 5, 10, 12, 40);
    const past = rangeOf('custom', now, { from: chinaTime(2024, 5, 1), to: chinaTime(2024, 5, 2) });
    expect(past).toEqual({ end: chinaTime(2024, 5, 3), span: '48h', start: chinaTime(2024, 5, 1, 1) });
    const today = rangeOf('custom', now, { from: chinaTime(2024, 5, 10), to: chinaTime(2024, 5, 10) });
    expect(today.end).toBe(chinaTime(2024, 5, 10, 12));
  });

  it('wraps around when stepping', () => {
    expect(nextIndex(2, 3)).toBe(0);
    expect(previousIndex(0, 3)).toBe(2);
    expect(nextIndex(0, 0)).toBe(0);
  });
});
