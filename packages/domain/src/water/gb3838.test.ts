import { describe, expect, it } from 'vitest';
import { evaluatedFactors, factorClass, stationClass, WATER_CLASSES, waterLimitIII } from './gb3838';

describe('factorClass (GB 3838-2002 Table 1)', () => {
  it.each([
    // [factor, value, class] — each limit is inside its class, the next step above is the next class
    ['w21003', 0.15, 1],
    ['w21003', 0.151, 2],
    ['w21003', 0.5, 2],
    ['w21003', 1.0, 3],
    ['w21003', 1.01, 4],
    ['w21003', 1.5, 4],
    ['w21003', 2.0, 5],
    ['w21003', 2.01, 6],
    ['w01019', 2, 1],
    ['w01019', 4, 2],
    ['w01019', 6, 3],
    ['w01019', 10, 4],
    ['w01019', 15, 5],
    ['w01019', 15.1, 6],
    ['w01018', 15, 1],
    ['w01018', 15.5, 3],
    ['w01018', 20, 3],
    ['w01018', 30, 4],
    ['w01018', 40, 5],
    ['w01018', 40.1, 6],
    ['w01017', 3, 1],
    ['w01017', 4, 3],
    ['w01017', 6, 4],
    ['w01017', 10, 5],
    ['w01017', 10.5, 6],
    ['w21011', 0.02, 1],
    ['w21011', 0.1, 2],
    ['w21011', 0.2, 3],
    ['w21011', 0.3, 4],
    ['w21011', 0.4, 5],
    ['w21011', 0.41, 6],
    ['w21001', 0.2, 1],
    ['w21001', 2.0, 5],
    ['w21001', 2.1, 6],
  ] as const)('%s %d → class %d', (factor, value, expected) => {
    expect(factorClass(factor, value)).toBe(expected);
  });

  it('dissolved oxygen is a lower bound', () => {
    expect(factorClass('w01009', 7.5)).toBe(1);
    expect(factorClass('w01009', 7.49)).toBe(2);
    expect(factorClass('w01009', 6)).toBe(2);
    expect(factorClass('w01009', 5)).toBe(3);
    expect(factorClass('w01009', 4.9)).toBe(4);
    expect(factorClass('w01009', 3)).toBe(4);
    expect(factorClass('w01009', 2)).toBe(5);
    expect(factorClass('w01009', 1.99)).toBe(6);
  });

  it('pH 6–9 for every class, outside is 劣Ⅴ', () => {
    expect(factorClass('w01001', 6)).toBe(1);
    expect(factorClass('w01001', 9)).toBe(1);
    expect(factorClass('w01001', 5.99)).toBe(6);
    expect(factorClass('w01001', 9.01)).toBe(6);
  });

  it('lakes and reservoirs use their own TP limits', () => {
    expect(factorClass('w21011', 0.01, 'lake')).toBe(1);
    expect(factorClass('w21011', 0.025, 'lake')).toBe(2);
    expect(factorClass('w21011', 0.05, 'lake')).toBe(3);
    expect(factorClass('w21011', 0.1, 'lake')).toBe(4);
    expect(factorClass('w21011', 0.2, 'lake')).toBe(5);
    expect(factorClass('w21011', 0.21, 'lake')).toBe(6);
  });

  it('has no class for unevaluated factors or non-numbers', () => {
    expect(factorClass('w01010', 20)).toBeNull();
    expect(factorClass('w21003', Number.NaN)).toBeNull();
  });
});

describe('stationClass', () => {
  it('is the worst evaluated factor, naming it', () => {
    const result = stationClass({ w01001: 7.5, w01009: 7, w21003: 2.6, w21011: 0.12, w01019: 3.5 });
    expect(result.waterClass).toBe(6);
    expect(result.deciding).toEqual(['w21003']);
    expect(result.perFactor).toMatchObject({ w01001: 1, w01009: 2, w21003: 6, w21011: 3, w01019: 2 });
    expect(WATER_CLASSES[6].name).toBe('劣Ⅴ类');
  });

  it('ignores TN for rivers but not for lakes', () => {
    expect(stationClass({ w21003: 0.1, w21001: 3 }).waterClass).toBe(1);
    expect(stationClass({ w21003: 0.1, w21001: 3 }, 'lake').waterClass).toBe(6);
    expect(evaluatedFactors('river')).not.toContain('w21001');
  });

  it('names every factor at the worst class from Ⅲ, none below', () => {
    expect(stationClass({ w21003: 0.8, w21011: 0.15 }).deciding).toEqual(['w21003', 'w21011']);
    expect(stationClass({ w21003: 0.3, w21011: 0.05 }).deciding).toEqual([]);
  });

  it('is null without values', () => {
    expect(stationClass({ w21003: null, w01010: 20 }).waterClass).toBeNull();
  });
});

describe('waterLimitIII', () => {
  it('answers the class Ⅲ limits', () => {
    expect(waterLimitIII('w21003')).toBe(1);
    expect(waterLimitIII('w01009')).toBe(5);
    expect(waterLimitIII('w21011', 'lake')).toBe(0.05);
    expect(waterLimitIII('w01010')).toBeNull();
  });
});
