import { describe, expect, it } from 'vitest';
import { insertPlaceholder, moveElement, newElement, timepointOf } from './template-editor';

describe('the template editor', () => {
  it('gives new elements fresh ids and sensible defaults', () => {
    const first = newElement([], 'text');
    const second = newElement([first], 'text');
    expect([first.id, second.id]).toEqual(['text1', 'text2']);
    expect(newElement([], 'chart')).toMatchObject({ query: 'dailyAqi', chart: 'bar' });
    expect(newElement([], 'image')).toMatchObject({ source: 'aqiImage' });
  });

  it('moves elements and inserts placeholders at the caret', () => {
    expect(moveElement(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveElement(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(insertPlaceholder('优良天数 天', 'goodDays', 5)).toBe('优良天数 {{goodDays}}天');
    expect(insertPlaceholder('平均 AQI ', 'aqiMean')).toBe('平均 AQI {{aqiMean}}');
  });

  it('asks for the period the template’s type needs', () => {
    expect(timepointOf('month', { month: '2024-04' })).toEqual({ timepoint: '2024-04' });
    expect(timepointOf('episode', { range: ['2024-01-11', '2024-01-13'] })).toEqual({
      timepoint: '2024-01-11',
      endDate: '2024-01-13',
    });
    expect(timepointOf('day', {})).toBeUndefined();
  });
});
