/**
 * Patrol tracks (issue 15, docs/GRID.md): the length of a GPS track on the earth, the fixes a phone
 * sends that are kept (jumps faster than any patrol are GPS noise), and the simplification of a long
 * track for display (Douglas–Peucker, to a number of points rather than a tolerance).
 */

export interface LonLat {
  lon: number;
  lat: number;
}

/** A GPS fix: epoch seconds and a position (WGS-84 degrees). */
export interface TrackFix extends LonLat {
  t: number;
}

/** The mean earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

/** Faster than any patrol tool (a car on a ring road, a drone): a jump implying more is GPS noise. */
export const MAX_PATROL_SPEED_KMH = 200;

const RAD = Math.PI / 180;

/** Great-circle distance between two points, metres (haversine: exact enough at every patrol scale). */
export function haversineMeters(a: LonLat, b: LonLat): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The length of a track in its order, metres. */
export function trackLength(points: readonly LonLat[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (a !== undefined && b !== undefined) total += haversineMeters(a, b);
  }
  return total;
}

/** Whether going from `from` to `to` is possible at `maxKmh` (a later fix only; equal times are not). */
export function isPlausibleStep(from: TrackFix, to: TrackFix, maxKmh = MAX_PATROL_SPEED_KMH): boolean {
  const seconds = to.t - from.t;
  if (seconds <= 0) return false;
  return haversineMeters(from, to) / seconds <= (maxKmh * 1000) / 3600;
}

export interface AdmittedFixes<T extends TrackFix> {
  /** The new fixes kept, in time order. */
  accepted: T[];
  /** Fixes whose time is already in the track (a batch sent again) or repeated within the batch. */
  duplicates: number;
  /** Fixes dropped as GPS noise (a jump faster than `maxKmh` from the fix before them). */
  noise: number;
  /** The length of the known fixes and the accepted ones together, in time order, metres. */
  length: number;
}

/**
 * Which of `incoming` join a track of which `known` (sorted by time, already kept) is the part the
 * caller holds: fixes at a time already known are duplicates; each other fix, in time order, is kept
 * when reaching it from the fix kept before it (known or new) was possible at `maxKmh`. A noisy fix is
 * dropped rather than the ones after it, so one wild jump does not cut the track. The first fix of a
 * track has nothing to be compared with and is kept.
 *
 * With `known` = the track's last fix and only later fixes incoming, `length` is what the track grew
 * by; with `known` = the whole track it is the whole length (fixes arriving out of order).
 */
export function admitFixes<T extends TrackFix>(
  known: readonly TrackFix[],
  incoming: readonly T[],
  maxKmh = MAX_PATROL_SPEED_KMH,
): AdmittedFixes<T> {
  const knownTimes = new Set(known.map((f) => f.t));
  const seen = new Set<number>();
  let duplicates = 0;
  const fresh: T[] = [];
  for (const fix of incoming) {
    if (knownTimes.has(fix.t) || seen.has(fix.t)) {
      duplicates += 1;
      continue;
    }
    seen.add(fix.t);
    fresh.push(fix);
  }
  fresh.sort((a, b) => a.t - b.t);

  // Walk known and fresh fixes together in time order; a fresh fix is checked against the last kept fix.
  const accepted: T[] = [];
  let noise = 0;
  let length = 0;
  let previous: TrackFix | undefined;
  let k = 0;
  const keep = (fix: TrackFix) => {
    if (previous !== undefined) length += haversineMeters(previous, fix);
    previous = fix;
  };
  for (const fix of fresh) {
    while (k < known.length) {
      const next = known[k];
      if (next === undefined || next.t > fix.t) break;
      keep(next);
      k += 1;
    }
    if (previous === undefined || isPlausibleStep(previous, fix, maxKmh)) {
      accepted.push(fix);
      keep(fix);
    } else {
      noise += 1;
    }
  }
  for (; k < known.length; k++) {
    const next = known[k];
    if (next !== undefined) keep(next);
  }
  return { accepted, duplicates, noise, length };
}

/** Distance of p from the segment a–b, metres, on a local flat projection (fine at track scale). */
function segmentDistance(p: LonLat, a: LonLat, b: LonLat): number {
  const kx = Math.cos(((a.lat + b.lat) / 2) * RAD) * RAD * EARTH_RADIUS_M;
  const ky = RAD * EARTH_RADIUS_M;
  const bx = (b.lon - a.lon) * kx;
  const by = (b.lat - a.lat) * ky;
  const px = (p.lon - a.lon) * kx;
  const py = (p.lat - a.lat) * ky;
  const squared = bx * bx + by * by;
  const u = squared === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / squared));
  return Math.hypot(px - u * bx, py - u * by);
}

/**
 * Douglas–Peucker is quadratic on its worst tracks (every split next to an end); weighing pieces of at
 * most this many points bounds the work to n × DP_PIECE while keeping it DP within each piece (the
 * piece ends, one per DP_PIECE points, are kept like the track's ends).
 */
const DP_PIECE = 1_000;

/**
 * A track of at most `maxPoints` points for display: the Douglas–Peucker simplification at the
 * smallest tolerance that leaves that few. Each point gets the tolerance below which Douglas–Peucker
 * keeps it (its distance when chosen as a split, capped by its parent split's); the `maxPoints` points
 * of highest tolerance, the two ends always among them, are the simplified track, in order. Iterative,
 * so a long track does not overflow the stack. Tracks already short enough come back as they are.
 */
export function simplifyTrack<T extends LonLat>(points: readonly T[], maxPoints: number): T[] {
  const n = points.length;
  if (n <= maxPoints || n <= 2) return [...points];
  if (maxPoints < 2) throw new RangeError('a simplified track keeps at least its two ends');
  const weight = new Float64Array(n).fill(-1);
  const stack: Array<[number, number, number]> = [];
  for (let start = 0; start < n - 1; start += DP_PIECE) {
    const end = Math.min(n - 1, start + DP_PIECE);
    // The track's ends first, then the pieces' ends.
    weight[start] = start === 0 ? Number.POSITIVE_INFINITY : Number.MAX_VALUE;
    weight[end] = end === n - 1 ? Number.POSITIVE_INFINITY : Number.MAX_VALUE;
    stack.push([start, end, Number.MAX_VALUE]);
  }
  while (stack.length > 0) {
    const segment = stack.pop();
    if (segment === undefined) break;
    const [first, last, cap] = segment;
    if (last - first < 2) continue;
    const a = points[first];
    const b = points[last];
    if (a === undefined || b === undefined) continue;
    let worst = -1;
    let at = first + 1;
    for (let i = first + 1; i < last; i++) {
      const p = points[i];
      if (p === undefined) continue;
      const d = segmentDistance(p, a, b);
      if (d > worst) {
        worst = d;
        at = i;
      }
    }
    const w = Math.min(worst, cap);
    weight[at] = w;
    stack.push([first, at, w], [at, last, w]);
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => (weight[y] ?? 0) - (weight[x] ?? 0) || x - y);
  const kept = order.slice(0, maxPoints).sort((x, y) => x - y);
  return kept.flatMap((i) => {
    const p = points[i];
    return p === undefined ? [] : [p];
  });
}
