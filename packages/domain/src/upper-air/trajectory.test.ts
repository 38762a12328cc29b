import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../grid/track';
import { gridField, trajectory, type WindField } from './trajectory';
import { bilinear, type WindGrid, windComponents, windDirectionSpeed } from './wind-grid';

const R = 6_371_000;

describe('kinematic trajectories (Petterssen / RK2, 1 h steps)', () => {
  it('a uniform 10 m/s westerly at the equator carries the air 36 km an hour along the equator', () => {
    const west: WindField = () => ({ u: 10, v: 0 });
    const path = trajectory(west, { start: { lon: 100, lat: 0 }, startTime: 0, hours: 10, direction: 'forward' });
    expect(path).toHaveLength(11);
    const end = path[10];
    // 10 h × 36 km = 360 km; on the equator that is 360 000 / R radians of longitude.
    expect(end?.lat).toBeCloseTo(0, 9);
    expect(end?.lon).toBeCloseTo(100 + (360_000 / R) * (180 / Math.PI), 9);
    expect(end?.time).toBe(36_000);
  });

  it('a back trajectory in a southerly wind comes from the south', () => {
    const south: WindField = () => ({ u: 0, v: 5 });
    const path = trajectory(south, { start: { lon: 116, lat: 40 }, startTime: 7200, hours: 2, direction: 'backward' });
    const end = path[2];
    expect(end?.time).toBe(0);
    expect(end?.lat).toBeCloseTo(40 - (36_000 / R) * (180 / Math.PI), 9);
    expect(haversineMeters(path[0] as { lon: number; lat: number }, end as { lon: number; lat: number })).toBeCloseTo(
      36_000,
      -1,
    );
  });

  it('a solid-body rotation returns the parcel to a circle whose radius grows only by the scheme’s known amplification', () => {
    // ω = one turn per 24 h around (110°E, 0°), in a local plane (x east, y north, metres).
    const omega = (2 * Math.PI) / 86_400;
    const c = { lon: 110, lat: 0 };
    const k = (Math.PI / 180) * R;
    const rotation: WindField = (lon, lat) => {
      const x = (lon - c.lon) * k;
      const y = (lat - c.lat) * k;
      return { u: -omega * y, v: omega * x };
    };
    const r0 = 100_000;
    const path = trajectory(rotation, {
      start: { lon: c.lon + r0 / k, lat: 0 },
      startTime: 0,
      hours: 24,
      direction: 'forward',
    });
    const radius = (p: { lon: number; lat: number }) => Math.hypot((p.lon - c.lon) * k, (p.lat - c.lat) * k);
    // Heun multiplies the radius by |1 + iωΔt − (ωΔt)²/2| = √(1 + (ωΔt)⁴/4) per step (ignoring the
    // cos-latitude of the metre→degree step, < 1e-4 here): 24 steps → r0 (1 + (ωΔt)⁴/4)^12.
    const expected = r0 * (1 + (omega * 3600) ** 4 / 4) ** 12;
    const end = path[24] as { lon: number; lat: number };
    expect(radius(end) / expected).toBeCloseTo(1, 3);
    // Each step turns by atan2(ωΔt, 1 − (ωΔt)²/2) instead of ωΔt: after 24 steps the parcel leads
    // by 24 × that difference (0.071 rad), on the circle of the expected radius.
    const a = omega * 3600;
    const phase = 24 * Math.atan2(a, 1 - (a * a) / 2);
    const want = { x: expected * Math.cos(phase), y: expected * Math.sin(phase) };
    expect(Math.hypot((end.lon - c.lon) * k - want.x, end.lat * k - want.y)).toBeLessThan(200);
  });

  it('stops where the wind is unknown', () => {
    const grid: WindGrid = { nx: 2, ny: 2, lo1: 100, la1: 41, dx: 1, dy: 1, u: [10, 10, 10, 10], v: [0, 0, 0, 0] };
    const field = gridField([
      { time: 0, grid },
      { time: 3600 * 48, grid },
    ]);
    const path = trajectory(field, { start: { lon: 100.5, lat: 40.5 }, startTime: 0, hours: 48, direction: 'forward' });
    // 36 km/h ≈ 0.42°/h at 40.5°N: two steps stay inside the 1° cell, the third's first guess leaves it.
    expect(path.length).toBeGreaterThan(1);
    expect(path.length).toBeLessThan(5);
  });
});

describe('wind grids', () => {
  const grid: WindGrid = { nx: 2, ny: 2, lo1: 100, la1: 41, dx: 1, dy: 1, u: [0, 2, 4, 6], v: [1, 1, 1, Number.NaN] };

  it('interpolates bilinearly, rows running from the north edge', () => {
    expect(bilinear(grid, grid.u, 100, 41)).toBe(0);
    expect(bilinear(grid, grid.u, 101, 40)).toBe(6);
    expect(bilinear(grid, grid.u, 100.5, 40.5)).toBe(3);
    expect(bilinear(grid, grid.u, 99.9, 40.5)).toBeNull();
    expect(bilinear(grid, grid.v, 100.5, 40.5)).toBeNull();
  });

  it('is linear in time between two grids', () => {
    const other: WindGrid = { ...grid, u: [10, 10, 10, 10], v: [0, 0, 0, 0] };
    const field = gridField([
      { time: 0, grid: { ...grid, v: [1, 1, 1, 1] } },
      { time: 3600, grid: other },
    ]);
    expect(field(100, 41, 1800)).toEqual({ u: 5, v: 0.5 });
    expect(field(100, 41, 7200)).toBeNull();
  });

  it('turns (u, v) into the direction the wind blows from and back', () => {
    expect(windDirectionSpeed(0, -5)).toEqual({ direction: 0, speed: 5 });
    expect(windDirectionSpeed(-3, 0).direction).toBeCloseTo(90, 9);
    const w = windComponents(225, Math.SQRT2);
    expect(w.u).toBeCloseTo(1, 9);
    expect(w.v).toBeCloseTo(1, 9);
  });
});
