/**
 * k-means with k-means++ seeding, deterministic for a given seed: the station clusters of the public
 * site (getClusterData) must not change between two requests for the same data, so every random
 * choice comes from a seeded generator (mulberry32), never from Math.random.
 */

export interface KMeansOptions {
  /** Seed of the k-means++ draws; the same points and seed give the same answer. */
  seed?: number;
  /** Lloyd iterations at most (it usually converges in a few dozen). */
  maxIterations?: number;
}

export interface KMeansResult {
  /** Cluster of each point, 0 … k−1, numbered by decreasing size (ties by first member) so labels are stable. */
  assignments: number[];
  centroids: number[][];
  /** Sum of squared distances of the points to their centroids. */
  inertia: number;
  iterations: number;
  /** The k actually used: at most the number of distinct points (k > n cannot make k clusters). */
  k: number;
}

export const DEFAULT_KMEANS_SEED = 20_240_501;

/** mulberry32: a small, well-mixed 32-bit generator; plenty for choosing seeds. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function squaredDistance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    sum += d * d;
  }
  return sum;
}

function distinctCount(points: readonly (readonly number[])[]): number {
  return new Set(points.map((p) => p.join(','))).size;
}

/** k-means++: the first centre at random, each next one drawn with probability ∝ squared distance to the nearest chosen. */
function seedCentroids(points: readonly (readonly number[])[], k: number, random: () => number): number[][] {
  const first = points[Math.floor(random() * points.length)] ?? [];
  const centroids: number[][] = [[...first]];
  const nearest = points.map((p) => squaredDistance(p, first));
  while (centroids.length < k) {
    const total = nearest.reduce((s, d) => s + d, 0);
    let index = 0;
    if (total > 0) {
      let target = random() * total;
      for (index = 0; index < points.length - 1; index++) {
        target -= nearest[index] ?? 0;
        if (target < 0 && (nearest[index] ?? 0) > 0) break;
      }
      // Never a point already chosen (distance 0): walk on to the next one that is farther.
      while ((nearest[index] ?? 0) === 0) index = (index + 1) % points.length;
    }
    const chosen = points[index] ?? [];
    centroids.push([...chosen]);
    for (let i = 0; i < points.length; i++) {
      const d = squaredDistance(points[i] ?? [], chosen);
      if (d < (nearest[i] ?? 0)) nearest[i] = d;
    }
  }
  return centroids;
}

function closest(
  point: readonly number[],
  centroids: readonly (readonly number[])[],
): { index: number; distance: number } {
  let index = 0;
  let distance = Number.POSITIVE_INFINITY;
  for (let c = 0; c < centroids.length; c++) {
    const d = squaredDistance(point, centroids[c] ?? []);
    if (d < distance) {
      distance = d;
      index = c;
    }
  }
  return { index, distance };
}

/**
 * Clusters `points` (all of one dimension) into at most `k` groups. k is lowered to the number of
 * distinct points, so identical profiles never make empty clusters; an empty input gives no clusters.
 */
export function kMeans(points: readonly (readonly number[])[], k: number, options: KMeansOptions = {}): KMeansResult {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`);
  if (points.length === 0) return { assignments: [], centroids: [], inertia: 0, iterations: 0, k: 0 };
  const dimension = points[0]?.length ?? 0;
  if (points.some((p) => p.length !== dimension)) throw new RangeError('all points must have the same dimension');
  const used = Math.min(k, distinctCount(points));
  const random = seededRandom(options.seed ?? DEFAULT_KMEANS_SEED);
  let centroids = seedCentroids(points, used, random);
  let assignments = points.map((p) => closest(p, centroids).index);
  const maxIterations = options.maxIterations ?? 100;
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    const sums = centroids.map(() => new Array<number>(dimension).fill(0));
    const counts = new Array<number>(centroids.length).fill(0);
    points.forEach((p, i) => {
      const c = assignments[i] ?? 0;
      counts[c] = (counts[c] ?? 0) + 1;
      const sum = sums[c] ?? [];
      for (let d = 0; d < dimension; d++) sum[d] = (sum[d] ?? 0) + (p[d] ?? 0);
    });
    centroids = centroids.map((old, c) => {
      const n = counts[c] ?? 0;
      // An emptied cluster keeps its centre (rare with k-means++ and distinct points).
      return n === 0 ? old : (sums[c] ?? []).map((s) => s / n);
    });
    const next = points.map((p) => closest(p, centroids).index);
    const changed = next.some((c, i) => c !== assignments[i]);
    assignments = next;
    if (!changed) break;
  }
  return relabel(points, assignments, centroids, iterations + 1);
}

/** Numbers the clusters by decreasing size, then by first member, and drops empty ones. */
function relabel(
  points: readonly (readonly number[])[],
  assignments: readonly number[],
  centroids: readonly number[][],
  iterations: number,
): KMeansResult {
  const size = new Map<number, number>();
  const first = new Map<number, number>();
  assignments.forEach((c, i) => {
    size.set(c, (size.get(c) ?? 0) + 1);
    if (!first.has(c)) first.set(c, i);
  });
  const order = [...size.keys()].sort(
    (a, b) => (size.get(b) ?? 0) - (size.get(a) ?? 0) || (first.get(a) ?? 0) - (first.get(b) ?? 0),
  );
  const label = new Map(order.map((c, i) => [c, i] as const));
  const relabelled = assignments.map((c) => label.get(c) ?? 0);
  const newCentroids = order.map((c) => centroids[c] ?? []);
  const inertia = points.reduce((s, p, i) => s + squaredDistance(p, newCentroids[relabelled[i] ?? 0] ?? []), 0);
  return { assignments: relabelled, centroids: newCentroids, inertia, iterations, k: order.length };
}

/**
 * Mean silhouette (−1 … 1; higher is better separated), by the usual definition: for each point,
 * (b − a) / max(a, b) with a its mean distance to its own cluster and b to the nearest other one;
 * 0 for a point alone in its cluster. Null with fewer than two clusters, where it is undefined.
 */
export function silhouette(points: readonly (readonly number[])[], assignments: readonly number[]): number | null {
  const k = new Set(assignments).size;
  if (k < 2) return null;
  let total = 0;
  for (let i = 0; i < points.length; i++) {
    const sums = new Map<number, { sum: number; n: number }>();
    for (let j = 0; j < points.length; j++) {
      if (i === j) continue;
      const c = assignments[j] ?? 0;
      const entry = sums.get(c) ?? { sum: 0, n: 0 };
      entry.sum += Math.sqrt(squaredDistance(points[i] ?? [], points[j] ?? []));
      entry.n++;
      sums.set(c, entry);
    }
    const own = assignments[i] ?? 0;
    const ownEntry = sums.get(own);
    if (ownEntry === undefined || ownEntry.n === 0) continue;
    const a = ownEntry.sum / ownEntry.n;
    let b = Number.POSITIVE_INFINITY;
    for (const [c, entry] of sums) if (c !== own && entry.n > 0) b = Math.min(b, entry.sum / entry.n);
    const m = Math.max(a, b);
    total += m === 0 ? 0 : (b - a) / m;
  }
  return total / points.length;
}
