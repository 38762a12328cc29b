import { describe, expect, it } from 'vitest';
import { formatBoundValue, thresholdColor } from './thresholds';

const PM25 = [
  { min: 75, color: '#ff7e00' },
  { min: 35, color: '#ffff00' },
  { min: 115, color: '#ff0000' },
];

describe('thresholdColor', () => {
  it('takes the highest threshold the value reaches, in whatever order they are listed', () => {
    expect(thresholdColor(20, PM25, '#00e400')).toBe('#00e400');
    expect(thresholdColor(35, PM25, '#00e400')).toBe('#ffff00');
    expect(thresholdColor(80, PM25, '#00e400')).toBe('#ff7e00');
    expect(thresholdColor(500, PM25, '#00e400')).toBe('#ff0000');
  });

  it('keeps the shape’s own colour without a value', () => {
    expect(thresholdColor(null, PM25, '#888888')).toBe('#888888');
    expect(thresholdColor(Number.NaN, PM25, '#888888')).toBe('#888888');
  });
});

describe('formatBoundValue', () => {
  it('prints fixed decimals and -- for no value', () => {
    expect(formatBoundValue(37.456, 1)).toBe('37.5');
    expect(formatBoundValue(37, 0)).toBe('37');
    expect(formatBoundValue(null, 2)).toBe('--');
  });
});
