import { polarToLocal } from './geo';

/**
 * Hot spots in a horizontal scan: places where the aerosol stands out from the background of their
 * range ring, found again in the following scans. A scan is azimuth × range (1/km per cell):
 *
 * 1. the background of each range ring is its median over the azimuths (a plume covers a few degrees
 *    of a ring, the background all of them), and its noise the median absolute deviation;
 * 2. a cell is hot when its excess is `minZ` noise widths and `minExcess` 1/km above that background;
 * 3. hot cells joined by their sides (the azimuth wraps around) form candidates of `minCells` cells;
 * 4. a candidate is placed at its upwind head: of its cells with at least half its peak excess, the
 *    one furthest upwind (a plume grows downwind of its source), or its peak without a wind;
 * 5. a candidate becomes a hot spot when it is found within `radius` metres in `minScans` of the
 *    last scans (persistence), which drops noise and passing smoke.
 */

/** Cells of a candidate at least this share of its peak excess may be its head. */
const HEAD_FRACTION = 0.25;

export interface PolarGrid {
  azimuths: readonly number[];
  bins: number;
  binMeters: number;
  firstRange: number;
  /** Row-major: azimuth k, bin i at k × bins + i. */
  values: ArrayLike<number>;
}

export interface DetectOptions {
  minZ?: number;
  /** 1/km. */
  minExcess?: number;
  minCells?: number;
  /** Bins nearer than this are the telescope's blind zone (incomplete overlap), m. */
  minRange?: number;
  /** Direction the wind blows FROM, degrees: places candidates at their upwind head. */
  windFrom?: number;
}

export interface HotSpotCandidate {
  /** Metres east and north of the lidar. */
  x: number;
  y: number;
  azimuth: number;
  range: number;
  /** Highest excess over the ring's background, 1/km. */
  peakExcess: number;
  /** Mean extinction of its cells, 1/km. */
  meanValue: number;
  cells: number;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Each ring's background (median) and noise (1.4826 × MAD), smoothed over neighbouring rings. */
export function ringBackground(grid: PolarGrid): { level: Float64Array; noise: Float64Array } {
  const nAz = grid.azimuths.length;
  const level = new Float64Array(grid.bins);
  const noise = new Float64Array(grid.bins);
  const column: number[] = new Array(nAz);
  for (let i = 0; i < grid.bins; i++) {
    for (let k = 0; k < nAz; k++) column[k] = Number(grid.values[k * grid.bins + i] ?? 0);
    const valid = column.filter((v) => Number.isFinite(v));
    const m = median(valid);
    level[i] = m;
    noise[i] = 1.4826 * median(valid.map((v) => Math.abs(v - m)));
  }
  return { level, noise };
}

export function detectCandidates(grid: PolarGrid, options: DetectOptions = {}): HotSpotCandidate[] {
  const minZ = options.minZ ?? 4;
  const minExcess = options.minExcess ?? 0.04;
  const minCells = options.minCells ?? 10;
  const minRange = options.minRange ?? 100;
  const nAz = grid.azimuths.length;
  const { level, noise } = ringBackground(grid);
  const excess = new Float32Array(nAz * grid.bins);
  const hot = new Uint8Array(nAz * grid.bins);
  for (let k = 0; k < nAz; k++) {
    for (let i = 0; i < grid.bins; i++) {
      const range = grid.firstRange + i * grid.binMeters;
      if (range < minRange) continue;
      const idx = k * grid.bins + i;
      const e = Number(grid.values[idx] ?? 0) - (level[i] ?? 0);
      if (!Number.isFinite(e)) continue;
      excess[idx] = e;
      if (e >= minExcess && e >= minZ * Math.max(noise[i] ?? 0, 1e-6)) hot[idx] = 1;
    }
  }
  const seen = new Uint8Array(nAz * grid.bins);
  const down =
    options.windFrom === undefined
      ? null
      : {
          ex: Math.sin(((options.windFrom + 180) * Math.PI) / 180),
          ey: Math.cos(((options.windFrom + 180) * Math.PI) / 180),
        };
  const out: HotSpotCandidate[] = [];
  for (let start = 0; start < hot.length; start++) {
    if (hot[start] !== 1 || seen[start] === 1) continue;
    const members: number[] = [];
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const idx = stack.pop() as number;
      members.push(idx);
      const k = Math.floor(idx / grid.bins);
      const i = idx % grid.bins;
      const neighbours = [
        ((k + 1) % nAz) * grid.bins + i,
        ((k - 1 + nAz) % nAz) * grid.bins + i,
        i + 1 < grid.bins ? idx + 1 : -1,
        i > 0 ? idx - 1 : -1,
      ];
      for (const n of neighbours) {
        if (n >= 0 && hot[n] === 1 && seen[n] !== 1) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    if (members.length < minCells) continue;
    let peak = 0;
    let sum = 0;
    for (const idx of members) {
      peak = Math.max(peak, excess[idx] ?? 0);
      sum += Number(grid.values[idx] ?? 0);
    }
    let chosen = members[0] as number;
    let best = Number.NEGATIVE_INFINITY;
    for (const idx of members) {
      const e = excess[idx] ?? 0;
      if (down === null) {
        if (e > best) {
          best = e;
          chosen = idx;
        }
        continue;
      }
      if (e < peak * HEAD_FRACTION) continue;
      const p = polarToLocal(
        grid.azimuths[Math.floor(idx / grid.bins)] ?? 0,
        grid.firstRange + (idx % grid.bins) * grid.binMeters,
      );
      const upwind = -(p.x * down.ex + p.y * down.ey);
      if (upwind > best) {
        best = upwind;
        chosen = idx;
      }
    }
    const azimuth = grid.azimuths[Math.floor(chosen / grid.bins)] ?? 0;
    const range = grid.firstRange + (chosen % grid.bins) * grid.binMeters;
    const p = polarToLocal(azimuth, range);
    out.push({
      x: p.x,
      y: p.y,
      azimuth,
      range,
      peakExcess: peak,
      meanValue: sum / members.length,
      cells: members.length,
    });
  }
  return out.sort((a, b) => b.peakExcess - a.peakExcess);
}

export interface PersistentHotSpot {
  x: number;
  y: number;
  /** Scans (of the window) it was found in. */
  scans: number;
  peakExcess: number;
}

/**
 * Candidates of consecutive scans (oldest first) joined by distance: a hot spot is a group found in
 * at least `minScans` scans, placed at the mean of its members.
 */
export function persistentHotSpots(
  scans: ReadonlyArray<readonly HotSpotCandidate[]>,
  options: { radius?: number; minScans?: number } = {},
): PersistentHotSpot[] {
  const radius = options.radius ?? 200;
  const minScans = options.minScans ?? 2;
  const groups: Array<{ xs: number[]; ys: number[]; scanIds: Set<number>; peak: number }> = [];
  scans.forEach((candidates, s) => {
    for (const c of candidates) {
      let target: (typeof groups)[number] | undefined;
      let nearest = radius;
      for (const g of groups) {
        const gx = g.xs.reduce((a, b) => a + b, 0) / g.xs.length;
        const gy = g.ys.reduce((a, b) => a + b, 0) / g.ys.length;
        const d = Math.hypot(gx - c.x, gy - c.y);
        if (d <= nearest) {
          nearest = d;
          target = g;
        }
      }
      if (target === undefined) groups.push({ xs: [c.x], ys: [c.y], scanIds: new Set([s]), peak: c.peakExcess });
      else {
        target.xs.push(c.x);
        target.ys.push(c.y);
        target.scanIds.add(s);
        target.peak = Math.max(target.peak, c.peakExcess);
      }
    }
  });
  return groups
    .filter((g) => g.scanIds.size >= minScans)
    .map((g) => ({
      x: g.xs.reduce((a, b) => a + b, 0) / g.xs.length,
      y: g.ys.reduce((a, b) => a + b, 0) / g.ys.length,
      scans: g.scanIds.size,
      peakExcess: g.peak,
    }));
}

/** Detections matched to true sources within `radius`: recall and the share of false detections. */
export function matchDetections(
  truth: ReadonlyArray<{ x: number; y: number }>,
  found: ReadonlyArray<{ x: number; y: number }>,
  radius: number,
): { hits: number; misses: number; falsePositives: number; distances: number[] } {
  const used = new Set<number>();
  const distances: number[] = [];
  let hits = 0;
  for (const t of truth) {
    let best = -1;
    let bestD = radius;
    found.forEach((f, i) => {
      if (used.has(i)) return;
      const d = Math.hypot(f.x - t.x, f.y - t.y);
      if (d <= bestD) {
        bestD = d;
        best = i;
      }
    });
    if (best >= 0) {
      used.add(best);
      hits++;
      distances.push(bestD);
    }
  }
  // A second detection of a matched source's plume (within twice the radius) is not a false alarm of a new place.
  const falsePositives = found.filter(
    (f, i) => !used.has(i) && !truth.some((t) => Math.hypot(f.x - t.x, f.y - t.y) <= 2 * radius),
  ).length;
  return { hits, misses: truth.length - hits, falsePositives, distances };
}
