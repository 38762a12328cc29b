import { describe, expect, it } from 'vitest';
import { advanceParticles, barbParts, dryAdiabatT, projector, SKEW_T_FRAME, skewTX, skewTY } from './plot';
import type { WindGrid } from './wind-grid';

describe('skew-T geometry', () => {
  it('puts the bottom pressure at the bottom, the top at the top, and leans isotherms right', () => {
    expect(skewTY(SKEW_T_FRAME, 1050)).toBe(1);
    expect(skewTY(SKEW_T_FRAME, 100)).toBeCloseTo(0, 12);
    expect(skewTX(SKEW_T_FRAME, 0, 1050)).toBeCloseTo(40 / 90, 12);
    expect(skewTX(SKEW_T_FRAME, 0, 100)).toBeCloseTo(40 / 90 + 1, 12);
  });

  it('keeps θ on a dry adiabat: 300 K is 26.85 °C at 1000 hPa', () => {
    expect(dryAdiabatT(300, 1000)).toBeCloseTo(26.85, 9);
    expect(dryAdiabatT(300, 500)).toBeCloseTo(300 * 0.5 ** 0.2857 - 273.15, 9);
  });

  it('draws a barb for 25 m/s (≈ 49 kt → 50 kt) as one pennant', () => {
    expect(barbParts(25)).toEqual({ pennants: 1, full: 0, half: 0 });
    expect(barbParts(8)).toEqual({ pennants: 0, full: 1, half: 1 });
  });
});

describe('the particle layer', () => {
  it('projects and back', () => {
    const p = projector({ west: 73, east: 135, south: 18, north: 54 }, 800, 500);
    const xy = p.toXY(116.4, 39.9);
    const back = p.toLonLat(xy.x, xy.y);
    expect(back.lon).toBeCloseTo(116.4, 9);
    expect(back.lat).toBeCloseTo(39.9, 9);
  });

  it('moves particles with the wind and reseeds the ones that leave', () => {
    const grid: WindGrid = { nx: 2, ny: 2, lo1: 0, la1: 1, dx: 1, dy: 1, u: [1, 1, 1, 1], v: [0, 0, 0, 0] };
    const particles = [
      { lon: 0.5, lat: 0.5, age: 0 },
      { lon: 5, lat: 5, age: 0 },
    ];
    const segments = advanceParticles(particles, grid, 0.1, 100, () => 0.25);
    expect(segments).toHaveLength(1);
    expect(particles[0]?.lon).toBeCloseTo(0.6, 3);
    expect(particles[1]).toEqual({ lon: 0.25, lat: 0.25, age: 25 });
  });
});
