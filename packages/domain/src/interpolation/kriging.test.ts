import { describe, expect, it } from 'vitest';
import type { Sample } from './idw';
import {
  empiricalVariogram,
  fittedKriging,
  fitVariogram,
  OrdinaryKriging,
  type Variogram,
  variogramAt,
} from './kriging';

const SPHERICAL: Variogram = { model: 'spherical', nugget: 10, sill: 90, range: 100 };

describe('variogram models', () => {
  it('are 0 at 0, jump to the nugget, and reach the sill at the range (spherical) or 95 % of it (exponential)', () => {
    expect(variogramAt(SPHERICAL, 0)).toBe(0);
    expect(variogramAt(SPHERICAL, 1e-9)).toBeCloseTo(10, 6);
    // 10 + 90 · (1.5 · 0.5 − 0.5 · 0.125) = 10 + 90 · 0.6875
    expect(variogramAt(SPHERICAL, 50)).toBeCloseTo(71.875, 10);
    expect(variogramAt(SPHERICAL, 100)).toBe(100);
    expect(variogramAt(SPHERICAL, 500)).toBe(100);
    const exp: Variogram = { model: 'exponential', nugget: 0, sill: 1, range: 100 };
    expect(variogramAt(exp, 100)).toBeCloseTo(1 - Math.exp(-3), 10);
  });

  it('the fit finds the model the bins were made from', () => {
    const bins = Array.from({ length: 15 }, (_, k) => {
      const h = (k + 0.5) * 20;
      return { h, gamma: variogramAt(SPHERICAL, h), pairs: 100 + k };
    });
    // Ranges are searched in 40 steps of maxDistance: 400 puts 100 on the grid.
    const fitted = fitVariogram(bins, 'spherical', 400);
    expect(fitted.range).toBeCloseTo(100, 0);
    expect(fitted.nugget).toBeCloseTo(10, 3);
    expect(fitted.sill).toBeCloseTo(90, 3);
  });

  it('the empirical variogram of two samples 30 apart differing by 6 is ½ · 6² = 18 at 30', () => {
    const bins = empiricalVariogram(
      [
        { x: 0, y: 0, value: 1 },
        { x: 30, y: 0, value: 7 },
      ],
      100,
      10,
    );
    expect(bins).toEqual([{ h: 30, gamma: 18, pairs: 1 }]);
  });
});

describe('ordinary kriging', () => {
  const options = { neighbours: 8, radius: 500 };

  it('is exact at a sample', () => {
    const k = new OrdinaryKriging(
      [
        { x: 0, y: 0, value: 10 },
        { x: 40, y: 10, value: 90 },
        { x: 20, y: 60, value: 50 },
      ],
      SPHERICAL,
      options,
    );
    expect(k.valueAt(0, 0)).toBe(10);
    expect(k.valueAt(40, 10)).toBe(90);
  });

  it('gives the mean halfway between two samples, and keeps a uniform field uniform', () => {
    const two = new OrdinaryKriging(
      [
        { x: 0, y: 0, value: 20 },
        { x: 60, y: 0, value: 80 },
      ],
      SPHERICAL,
      options,
    );
    expect(two.valueAt(30, 0)).toBeCloseTo(50, 10);
    const samples: Sample[] = [];
    for (let i = 0; i < 30; i++) samples.push({ x: (i * 37) % 200, y: (i * 53) % 150, value: 64 });
    // A flat field has a flat variogram (singular systems): the fallback keeps it flat too.
    const flat = fittedKriging(samples, 'spherical', options);
    for (let x = 0; x < 200; x += 17) expect(flat.valueAt(x, 75)).toBeCloseTo(64, 10);
    const fixed = new OrdinaryKriging(samples, SPHERICAL, options);
    expect(fixed.valueAt(101, 33)).toBeCloseTo(64, 10);
  });

  it('rises monotonically along the line from the low sample to the high one', () => {
    const k = new OrdinaryKriging(
      [
        { x: 0, y: 0, value: 20 },
        { x: 80, y: 0, value: 180 },
      ],
      { model: 'exponential', nugget: 0, sill: 100, range: 200 },
      options,
    );
    let previous = -Infinity;
    for (let x = 0; x <= 80; x += 2) {
      const v = k.valueAt(x, 0);
      expect(v).toBeGreaterThan(previous);
      previous = v;
    }
  });

  it('stays within its neighbours’ values and has none beyond the radius', () => {
    const samples: Sample[] = [];
    for (let i = 0; i < 60; i++) samples.push({ x: (i * 41) % 300, y: (i * 29) % 200, value: (i * 7919) % 97 });
    const k = fittedKriging(samples, 'exponential', { neighbours: 10, radius: 150 });
    for (let x = 0; x < 300; x += 13)
      for (let y = 0; y < 200; y += 11) {
        const v = k.valueAt(x, y);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(96);
      }
    expect(k.valueAt(5000, 5000)).toBeNaN();
  });
});
