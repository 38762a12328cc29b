import { describe, expect, it } from 'vitest';
import { apiTime, formatRankView, inputTime, parseRankView } from './rank-query';

describe('ranking analysis address state', () => {
  it('reads a full view and writes it back the same', () => {
    const params = new URLSearchParams('timeType=month&time=2024-05&scope=custom&cities=beijing,shanghai,beijing');
    const view = parseRankView(params);
    expect(view).toEqual({ timeType: 'month', time: '2024-05', scope: 'custom', cities: ['beijing', 'shanghai'] });
    expect(formatRankView(view).toString()).toBe('timeType=month&time=2024-05&scope=custom&cities=beijing%2Cshanghai');
  });

  it('falls back to defaults on junk, never throws', () => {
    expect(parseRankView(new URLSearchParams('timeType=week&time=x&scope=<b>&cities=A B,../x'))).toEqual({
      timeType: 'day',
      time: '',
      scope: 'all',
      cities: [],
    });
    // A time of another granularity is dropped, not misread.
    expect(parseRankView(new URLSearchParams('timeType=year&time=2024-05')).time).toBe('');
    expect(parseRankView(new URLSearchParams('scope=province:440000')).scope).toBe('province:440000');
  });

  it('turns input values into the API time and back', () => {
    expect(apiTime('hour', '2024-05-10T12:00')).toBe('2024-05-10 12:00:00');
    expect(apiTime('day', '2024-05-10')).toBe('2024-05-10 00:00:00');
    expect(apiTime('month', '2024-05')).toBe('2024-05-01 00:00:00');
    expect(apiTime('year', '2024')).toBe('2024-01-01 00:00:00');
    expect(apiTime('day', '')).toBeUndefined();
    expect(inputTime('hour', '2024-05-10 12:00:00')).toBe('2024-05-10T12:00');
    expect(inputTime('month', '2024-05-01 00:00:00')).toBe('2024-05');
    expect(inputTime('year', null)).toBe('');
  });
});
