import { describe, expect, it } from 'vitest';
import { idwGrid, projectKm, type Sample, SampleIndex } from './idw';

const OPTIONS = { power: 2, neighbours: 8, radius: 100 };

describe('IDW', () => {
  it('is exact at a sample', () => {
    const index = new SampleIndex(
      [
        { x: 0, y: 0, value: 10 },
        { x: 5, y: 0, value: 90 },
      ],
      OPTIONS,
    );
    expect(index.valueAt(0, 0)).toBe(10);
    expect(index.valueAt(5, 0)).toBe(90);
  });

  it('gives the value everywhere when every sample has it (a uniform field stays uniform)', () => {
    const samples: Sample[] = [];
    for (let i = 0; i < 20; i++) samples.push({ x: (i * 37) % 50, y: (i * 11) % 40, value: 42 });
    const field = idwGrid(samples, { x0: 0, y0: 0, dx: 2.5, dy: 2, cols: 20, rows: 20 }, OPTIONS);
    for (const v of field) expect(v).toBeCloseTo(42, 10);
  });

  it('weights by 1/d²: a third of the way from A (0) to B (90) is 90 · (1/4) / (1 + 1/4) = 18', () => {
    // d_A = 1, d_B = 2: w_A = 1, w_B = 1/4.
    const index = new SampleIndex(
      [
        { x: 0, y: 0, value: 0 },
        { x: 3, y: 0, value: 90 },
      ],
      OPTIONS,
    );
    expect(index.valueAt(1, 0)).toBeCloseTo(18, 10);
    expect(index.valueAt(1.5, 0)).toBeCloseTo(45, 10);
  });

  it('rises monotonically from the low station to the high one along the line between them', () => {
    const index = new SampleIndex(
      [
        { x: 0, y: 0, value: 20 },
        { x: 10, y: 0, value: 180 },
      ],
      OPTIONS,
    );
    let previous = -Infinity;
    for (let x = 0; x <= 10; x += 0.25) {
      const v = index.valueAt(x, 0);
      expect(v).toBeGreaterThan(previous);
      expect(v).toBeGreaterThanOrEqual(20);
      expect(v).toBeLessThanOrEqual(180);
      previous = v;
    }
  });

  it('uses only the nearest neighbours, and has no value beyond the radius', () => {
    const samples: Sample[] = [
      { x: 0, y: 0, value: 10 },
      { x: 1, y: 0, value: 10 },
      { x: 50, y: 0, value: 1000 },
    ];
    const two = new SampleIndex(samples, { power: 2, neighbours: 2, radius: 100 });
    expect(two.valueAt(0.5, 0)).toBe(10);
    const all = new SampleIndex(samples, { power: 2, neighbours: 3, radius: 100 });
    expect(all.valueAt(0.5, 0)).toBeGreaterThan(10);
    expect(two.valueAt(200, 0)).toBeNaN();
    expect(new SampleIndex([], OPTIONS).valueAt(0, 0)).toBeNaN();
  });

  it('matches a brute-force IDW on scattered samples (the bucket search finds the true neighbours)', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const samples: Sample[] = [];
    for (let i = 0; i < 300; i++) samples.push({ x: rnd() * 1000, y: rnd() * 600, value: rnd() * 300 });
    const options = { power: 2, neighbours: 6, radius: 250 };
    const index = new SampleIndex(samples, options);
    for (let q = 0; q < 200; q++) {
      const x = rnd() * 1100 - 50;
      const y = rnd() * 700 - 50;
      const near = samples
        .map((s) => ({ d2: (s.x - x) ** 2 + (s.y - y) ** 2, v: s.value }))
        .filter((s) => s.d2 <= options.radius ** 2)
        .sort((a, b) => a.d2 - b.d2)
        .slice(0, options.neighbours);
      const expected =
        near.length === 0
          ? Number.NaN
          : near.reduce((a, s) => a + s.v / s.d2, 0) / near.reduce((a, s) => a + 1 / s.d2, 0);
      if (Number.isNaN(expected)) expect(index.valueAt(x, y)).toBeNaN();
      else expect(index.valueAt(x, y)).toBeCloseTo(expected, 8);
    }
  });

  it('skips the cells the caller leaves out', () => {
    const field = idwGrid(
      [{ x: 0, y: 0, value: 5 }],
      { x0: 0, y0: 0, dx: 1, dy: 1, cols: 2, rows: 1 },
      OPTIONS,
      (c) => c === 0,
    );
    expect(field[0]).toBe(5);
    expect(field[1]).toBeNaN();
  });

  it('projects a degree of latitude to 111.2 km and shrinks longitude with cos(lat0)', () => {
    expect(projectKm(0, 1, 60).y).toBeCloseTo(111.2, 6);
    expect(projectKm(1, 0, 60).x).toBeCloseTo(55.6, 6);
  });

  it('refuses parameters that mean nothing', () => {
    expect(() => new SampleIndex([], { power: 0, neighbours: 8, radius: 1 })).toThrow(RangeError);
    expect(() => new SampleIndex([], { power: 2, neighbours: 0, radius: 1 })).toThrow(RangeError);
  });
});
