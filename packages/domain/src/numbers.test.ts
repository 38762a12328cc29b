import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ceilIndex, roundHalfEven, roundHalfUp } from './numbers';

describe('roundHalfEven (GB/T 8170)', () => {
  it.each([
    [2.5, 0, 2],
    [3.5, 0, 4],
    [2.4999, 0, 2],
    [2.5001, 0, 3],
    [36.5, 0, 36],
    [37.5, 0, 38],
    [0.25, 1, 0.2],
    [0.35, 1, 0.4],
    [(0.1 + 0.2) / 2, 1, 0.2],
    [1.05, 1, 1],
    [1.15, 1, 1.2],
    [0, 0, 0],
  ])('%f to %i decimals is %f', (value, decimals, expected) => {
    expect(roundHalfEven(value, decimals)).toBe(expected);
  });
});

describe('roundHalfUp', () => {
  it.each([
    [2.5, 0, 3],
    [1.005, 2, 1.01],
    [0.7, 2, 0.7],
    [-2.5, 0, -3],
    [-0.001, 2, 0],
  ])('%f to %i decimals is %f', (value, decimals, expected) => {
    expect(roundHalfUp(value, decimals)).toBe(expected);
  });

  it('rejects silly decimal counts', () => {
    expect(() => roundHalfUp(1, -1)).toThrow(RangeError);
    expect(() => roundHalfEven(1, 1.5)).toThrow(RangeError);
  });

  it('stays within half a unit (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.nat(3), (v, d) => {
        expect(Math.abs(roundHalfUp(v, d) - v)).toBeLessThanOrEqual(0.5 / 10 ** d + 1e-6);
        expect(Math.abs(roundHalfEven(v, d) - v)).toBeLessThanOrEqual(0.5 / 10 ** d + 1e-6);
      }),
    );
  });
});

describe('ceilIndex', () => {
  it('rounds up, ignoring float noise above an integer', () => {
    expect(ceilIndex(53.75)).toBe(54);
    expect(ceilIndex(54)).toBe(54);
    expect(ceilIndex(218.00000000000003)).toBe(218);
    expect(ceilIndex(218.001)).toBe(219);
    expect(ceilIndex(0)).toBe(0);
  });
});
