import { OPTICS } from './optics';

/**
 * The Fernald (1984) backward inversion of an elastic lidar's range-corrected signal into aerosol
 * extinction, with a known molecular atmosphere and an assumed aerosol lidar ratio (Klett's method
 * is the special case without molecules). Backward from a far reference bin, where the aerosol
 * backscatter is given (a clean reference, or the background an in-situ monitor reports), the
 * recursion is stable; noise at the reference averages out over `referenceBins`.
 *
 *   β_a(i−1) = −β_m(i−1) + X(i−1)·e^A / ( X(i) / (β_a(i)+β_m(i)) + S_a·(X(i) + X(i−1)·e^A)·Δr )
 *   A = (S_a − S_m)·(β_m(i−1) + β_m(i))·Δr
 */

export interface FernaldOptions {
  binMeters: number;
  /** Aerosol extinction assumed at the reference (1/m). */
  referenceAlpha: number;
  /** The reference bin (default: `referenceBins` before the last). */
  referenceIndex?: number;
  /** Bins averaged around the reference. */
  referenceBins?: number;
  /** Moving-average window (bins, odd) applied to X before inverting. */
  smooth?: number;
  lidarRatio?: number;
}

/** Moving average over `window` bins (odd), shrinking at the ends. */
export function movingAverage(values: Float64Array, window: number): Float64Array {
  const half = Math.max(0, Math.floor(window / 2));
  if (half === 0) return values.slice();
  const out = new Float64Array(values.length);
  let sum = 0;
  let count = 0;
  let lo = 0;
  let hi = -1;
  for (let i = 0; i < values.length; i++) {
    const from = Math.max(0, i - half);
    const to = Math.min(values.length - 1, i + half);
    while (hi < to) {
      hi++;
      sum += values[hi] ?? 0;
      count++;
    }
    while (lo < from) {
      sum -= values[lo] ?? 0;
      count--;
      lo++;
    }
    out[i] = sum / count;
  }
  return out;
}

/** Aerosol extinction per bin (1/m); bins beyond the reference repeat the reference's value. */
export function fernaldInvert(rcs: Float64Array, molecular: Float64Array, options: FernaldOptions): Float64Array {
  const n = rcs.length;
  const S1 = options.lidarRatio ?? OPTICS.lidarRatio;
  const S2 = OPTICS.molecularRatio;
  const dr = options.binMeters;
  const refBins = options.referenceBins ?? 20;
  const X = movingAverage(rcs, options.smooth ?? 5);
  const ref = Math.min(n - 1, Math.max(1, options.referenceIndex ?? n - 1 - Math.floor(refBins / 2)));
  // The reference signal: the mean over the reference window, which removes most of its noise.
  let refSum = 0;
  let refCount = 0;
  for (let i = Math.max(0, ref - Math.floor(refBins / 2)); i <= Math.min(n - 1, ref + Math.floor(refBins / 2)); i++) {
    refSum += X[i] ?? 0;
    refCount++;
  }
  const alpha = new Float64Array(n);
  let beta = options.referenceAlpha / S1;
  let xPrev = Math.max(refSum / refCount, 1e-30);
  alpha[ref] = options.referenceAlpha;
  for (let i = ref + 1; i < n; i++) alpha[i] = options.referenceAlpha;
  for (let i = ref; i > 0; i--) {
    const bmI = molecular[i] ?? 0;
    const bmJ = molecular[i - 1] ?? 0;
    const A = (S1 - S2) * (bmJ + bmI) * dr;
    const eA = Math.exp(A);
    const xj = Math.max(X[i - 1] ?? 0, 1e-30);
    const denominator = xPrev / (beta + bmI) + S1 * (xPrev + xj * eA) * dr;
    const total = (xj * eA) / denominator;
    beta = Math.max(0, total - bmJ);
    alpha[i - 1] = beta * S1;
    xPrev = xj;
  }
  return alpha;
}
