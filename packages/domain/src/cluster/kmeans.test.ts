import { describe, expect, it } from 'vitest';
import { kMeans, seededRandom, silhouette } from './kmeans';
import { dailyProfile, zScore } from './profiles';

/** Points scattered (deterministically) around a centre. */
function blob(centre: readonly number[], n: number, spread: number, seed: number): number[][] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => centre.map((c) => c + (random() - 0.5) * spread));
}

describe('k-means', () => {
  it('separates three obvious groups, each point with its own group', () => {
    const a = blob([0, 0], 20, 1, 1);
    const b = blob([10, 10], 15, 1, 2);
    const c = blob([-10, 10], 10, 1, 3);
    const result = kMeans([...a, ...b, ...c], 3);
    expect(result.k).toBe(3);
    const labelsOf = (from: number, n: number) => new Set(result.assignments.slice(from, from + n));
    expect(labelsOf(0, 20).size).toBe(1);
    expect(labelsOf(20, 15).size).toBe(1);
    expect(labelsOf(35, 10).size).toBe(1);
    // Numbered by size: the largest group is cluster 0.
    expect([...labelsOf(0, 20)]).toEqual([0]);
    expect([...labelsOf(20, 15)]).toEqual([1]);
    expect([...labelsOf(35, 10)]).toEqual([2]);
    expect(result.centroids[1]?.[0]).toBeCloseTo(10, 0);
    expect(silhouette([...a, ...b, ...c], result.assignments)).toBeGreaterThan(0.8);
  });

  it('answers the same for the same seed, whatever ran before', () => {
    const points = [...blob([0, 0, 0], 30, 6, 7), ...blob([4, 4, 4], 30, 6, 8)];
    const one = kMeans(points, 4, { seed: 42 });
    Math.random();
    const two = kMeans(points, 4, { seed: 42 });
    expect(two).toEqual(one);
  });

  it('lowers k to the number of distinct points (k > n, repeated points)', () => {
    expect(kMeans([[1], [2]], 5).k).toBe(2);
    const same = kMeans(
      [
        [3, 3],
        [3, 3],
        [3, 3],
      ],
      3,
    );
    expect(same.k).toBe(1);
    expect(same.assignments).toEqual([0, 0, 0]);
    expect(same.inertia).toBe(0);
    expect(kMeans([], 3)).toMatchObject({ k: 0, assignments: [] });
  });

  it('refuses a k that is not a positive integer and points of mixed dimension', () => {
    expect(() => kMeans([[1]], 0)).toThrow(RangeError);
    expect(() => kMeans([[1], [1, 2]], 2)).toThrow(RangeError);
  });

  it('inertia is the sum of squared distances to the centroids', () => {
    const result = kMeans([[0], [2], [10], [12]], 2);
    expect(result.centroids.map((c) => c[0]).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual([1, 11]);
    expect(result.inertia).toBeCloseTo(4);
  });
});

describe('silhouette', () => {
  it('is undefined for one cluster and 1 for far apart pairs', () => {
    expect(silhouette([[0], [1]], [0, 0])).toBeNull();
    expect(silhouette([[0], [0], [100], [100]], [0, 0, 1, 1])).toBe(1);
  });
});

describe('daily profiles', () => {
  const full = (f: (h: number) => number, count = 20) =>
    Array.from({ length: 24 }, (_, hour) => ({ hour, mean: f(hour), count }));

  it('keeps a profile only when every hour has enough values', () => {
    expect(
      dailyProfile(
        full((h) => h),
        5,
      ),
    ).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(dailyProfile(full((h) => h).slice(1), 5)).toBeNull();
    expect(
      dailyProfile(
        full((h) => h, 4),
        5,
      ),
    ).toBeNull();
  });

  it('z-scores to mean 0 and deviation 1, so level does not matter, only shape', () => {
    const low = zScore([1, 2, 3, 4]);
    const high = zScore([101, 102, 103, 104]);
    expect(high.map((v) => v.toFixed(9))).toEqual(low.map((v) => v.toFixed(9)));
    expect(low.reduce((s, v) => s + v, 0)).toBeCloseTo(0);
    expect(Math.sqrt(low.reduce((s, v) => s + v * v, 0) / low.length)).toBeCloseTo(1);
  });

  it('turns a constant profile into zeros, not NaN', () => {
    expect(zScore([7, 7, 7])).toEqual([0, 0, 0]);
    expect(zScore([])).toEqual([]);
  });

  it('clusters profiles by shape: morning peaks apart from afternoon peaks at any level', () => {
    const peakAt = (peak: number, level: number) =>
      zScore(Array.from({ length: 24 }, (_, h) => level * (1 + Math.exp(-((h - peak) ** 2) / 4))));
    const profiles = [peakAt(8, 10), peakAt(8, 80), peakAt(9, 40), peakAt(15, 10), peakAt(16, 90), peakAt(15, 50)];
    const { assignments } = kMeans(profiles, 2);
    expect(assignments.slice(0, 3)).toEqual([assignments[0], assignments[0], assignments[0]]);
    expect(assignments.slice(3)).toEqual([assignments[3], assignments[3], assignments[3]]);
    expect(assignments[0]).not.toBe(assignments[3]);
  });
});
