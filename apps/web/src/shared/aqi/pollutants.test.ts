import { describe, expect, it } from 'vitest';
import { formatIndex, primaryLabel } from './pollutants';

describe('display of values (spec §9)', () => {
  it('shows CO with two decimals and the rest rounded', () => {
    expect(formatIndex('co', 0.7)).toBe('0.70');
    expect(formatIndex('co', 1.235)).toBe('1.24');
    expect(formatIndex('aqi', 54.5)).toBe('55');
    expect(formatIndex('pm2_5', null)).toBe('—');
  });

  it('names primary pollutants with their labels', () => {
    expect(primaryLabel(['pm10', 'o3_8h'])).toBe('PM10、O₃-8h');
    expect(primaryLabel([])).toBe('—');
  });
});
