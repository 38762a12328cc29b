import { idwOf, type Sample, SampleIndex } from './idw';

/**
 * Ordinary kriging with a variogram fitted to the hour's own data. The empirical semivariogram
 * γ(h) = ½·mean((vᵢ − vⱼ)²) over pairs binned by distance up to `maxDistance`; a spherical or
 * exponential model (nugget c₀, partial sill c, range a) fitted by weighted least squares (weights:
 * pairs per bin; c₀, c ≥ 0; a searched over 40 candidates, c₀ and c solved exactly for each). Each
 * point is then estimated from its `neighbours` nearest samples within `radius` (local kriging): the
 * weights solve [Γ 1; 1ᵀ 0]·[w; μ] = [γ₀; 1], so they sum to 1 (a uniform field stays uniform) and
 * the estimate is exact at a sample. Where the system is singular (all values equal: a flat variogram;
 * two samples at one place) the point falls back to IDW over the same neighbours; estimates are kept
 * within the neighbours' range (kriging's negative weights can overshoot, and a map has no use for a
 * negative concentration).
 */

export type VariogramModel = 'spherical' | 'exponential';

export interface Variogram {
  model: VariogramModel;
  nugget: number;
  /** Partial sill: the total sill is nugget + sill. */
  sill: number;
  range: number;
}

export interface VariogramBin {
  /** Mean distance of the bin's pairs. */
  h: number;
  gamma: number;
  pairs: number;
}

/** γ(h); γ(0) = 0 (the nugget is the jump just after 0). */
export function variogramAt(v: Variogram, h: number): number {
  if (h <= 0) return 0;
  if (v.model === 'spherical') {
    if (h >= v.range) return v.nugget + v.sill;
    const r = h / v.range;
    return v.nugget + v.sill * (1.5 * r - 0.5 * r * r * r);
  }
  // The "practical range": 95 % of the sill is reached at h = range.
  return v.nugget + v.sill * (1 - Math.exp((-3 * h) / v.range));
}

/** Samples the empirical variogram reads at most: every k-th beyond this (pairs grow with the square). */
const MAX_VARIOGRAM_SAMPLES = 1000;

/**
 * The empirical semivariogram in `lags` equal bins up to `maxDistance`; empty bins are left out.
 * Beyond MAX_VARIOGRAM_SAMPLES samples an even subset (every k-th) is read: half a million pairs
 * describe a variogram as well as a million.
 */
export function empiricalVariogram(samples: readonly Sample[], maxDistance: number, lags = 15): VariogramBin[] {
  const stride = Math.max(1, Math.ceil(samples.length / MAX_VARIOGRAM_SAMPLES));
  const n = Math.ceil(samples.length / stride);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const vs = new Float64Array(n);
  for (let i = 0, k = 0; i < samples.length; i += stride, k++) {
    const s = samples[i];
    xs[k] = s?.x ?? 0;
    ys[k] = s?.y ?? 0;
    vs[k] = s?.value ?? 0;
  }
  const width = maxDistance / lags;
  const sumH = new Float64Array(lags);
  const sumG = new Float64Array(lags);
  const count = new Float64Array(lags);
  const max2 = maxDistance * maxDistance;
  for (let i = 0; i < n; i++) {
    const ax = xs[i] ?? 0;
    const ay = ys[i] ?? 0;
    const av = vs[i] ?? 0;
    for (let j = i + 1; j < n; j++) {
      const dx = ax - (xs[j] ?? 0);
      const dy = ay - (ys[j] ?? 0);
      const d2 = dx * dx + dy * dy;
      if (d2 > max2 || d2 === 0) continue;
      const d = Math.sqrt(d2);
      const bin = Math.min(lags - 1, Math.floor(d / width));
      const dv = av - (vs[j] ?? 0);
      sumH[bin] = (sumH[bin] ?? 0) + d;
      sumG[bin] = (sumG[bin] ?? 0) + 0.5 * dv * dv;
      count[bin] = (count[bin] ?? 0) + 1;
    }
  }
  const out: VariogramBin[] = [];
  for (let k = 0; k < lags; k++) {
    const c = count[k] ?? 0;
    if (c > 0) out.push({ h: (sumH[k] ?? 0) / c, gamma: (sumG[k] ?? 0) / c, pairs: c });
  }
  return out;
}

/** The shape of a model with unit sill and no nugget. */
function shape(model: VariogramModel, h: number, range: number): number {
  return variogramAt({ model, nugget: 0, sill: 1, range }, h);
}

/** The model fitted to the bins (weighted by their pairs); `maxDistance` bounds the range searched. */
export function fitVariogram(bins: readonly VariogramBin[], model: VariogramModel, maxDistance: number): Variogram {
  let best: Variogram = { model, nugget: 0, sill: 0, range: maxDistance };
  let bestSse = Number.POSITIVE_INFINITY;
  for (let k = 1; k <= 40; k++) {
    const range = (maxDistance * k) / 40;
    // Weighted least squares of γ ≈ c₀ + c·f(h): the 2 × 2 normal equations.
    let sw = 0;
    let sf = 0;
    let sff = 0;
    let sg = 0;
    let sfg = 0;
    for (const b of bins) {
      const f = shape(model, b.h, range);
      sw += b.pairs;
      sf += b.pairs * f;
      sff += b.pairs * f * f;
      sg += b.pairs * b.gamma;
      sfg += b.pairs * f * b.gamma;
    }
    if (sw === 0) break;
    const det = sw * sff - sf * sf;
    let c0 = det === 0 ? sg / sw : (sg * sff - sf * sfg) / det;
    let c = det === 0 ? 0 : (sw * sfg - sf * sg) / det;
    if (c0 < 0) {
      c0 = 0;
      c = sff === 0 ? 0 : sfg / sff;
    }
    if (c < 0) {
      c = 0;
      c0 = sg / sw;
    }
    let sse = 0;
    for (const b of bins) sse += b.pairs * (b.gamma - c0 - c * shape(model, b.h, range)) ** 2;
    if (sse < bestSse) {
      bestSse = sse;
      best = { model, nugget: c0, sill: c, range };
    }
  }
  return best;
}

export interface KrigingOptions {
  /** Samples in each local system (8–16 is usual). */
  neighbours: number;
  /** Samples farther than this do not take part; with none inside, the point has no value (NaN). */
  radius: number;
}

/** Solves A·x = b in place (A n × n, row-major) by Gaussian elimination with partial pivoting; false if singular. */
function solve(a: Float64Array, b: Float64Array, n: number): boolean {
  for (let col = 0; col < n; col++) {
    let pivot = col;
    let best = Math.abs(a[col * n + col] ?? 0);
    for (let r = col + 1; r < n; r++) {
      const v = Math.abs(a[r * n + col] ?? 0);
      if (v > best) {
        best = v;
        pivot = r;
      }
    }
    if (best < 1e-12) return false;
    if (pivot !== col) {
      for (let c = 0; c < n; c++) {
        const t = a[col * n + c] ?? 0;
        a[col * n + c] = a[pivot * n + c] ?? 0;
        a[pivot * n + c] = t;
      }
      const t = b[col] ?? 0;
      b[col] = b[pivot] ?? 0;
      b[pivot] = t;
    }
    const p = a[col * n + col] ?? 1;
    for (let r = col + 1; r < n; r++) {
      const f = (a[r * n + col] ?? 0) / p;
      if (f === 0) continue;
      for (let c = col; c < n; c++) a[r * n + c] = (a[r * n + c] ?? 0) - f * (a[col * n + c] ?? 0);
      b[r] = (b[r] ?? 0) - f * (b[col] ?? 0);
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r] ?? 0;
    for (let c = r + 1; c < n; c++) s -= (a[r * n + c] ?? 0) * (b[c] ?? 0);
    b[r] = s / (a[r * n + r] ?? 1);
  }
  return true;
}

export class OrdinaryKriging {
  private readonly index: SampleIndex;
  private readonly a: Float64Array;
  private readonly b: Float64Array;

  constructor(
    samples: readonly Sample[],
    readonly variogram: Variogram,
    options: KrigingOptions,
  ) {
    this.index = new SampleIndex(samples, { power: 2, neighbours: options.neighbours, radius: options.radius });
    const n = options.neighbours + 1;
    this.a = new Float64Array(n * n);
    this.b = new Float64Array(n);
  }

  /** The kriged value at (x, y), or NaN when no sample lies within the radius. */
  valueAt(x: number, y: number): number {
    const { count, index, d2 } = this.index.nearest(x, y);
    if (count === 0) return Number.NaN;
    const { xs, ys, vs } = this.index;
    if ((d2[0] ?? 1) === 0 || count === 1) return vs[index[0] ?? 0] ?? Number.NaN;
    const n = count + 1;
    const { a, b } = this;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < count; i++) {
      const si = index[i] ?? 0;
      const v = vs[si] ?? 0;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
      a[i * n + i] = 0;
      for (let j = i + 1; j < count; j++) {
        const sj = index[j] ?? 0;
        const g = variogramAt(this.variogram, Math.hypot((xs[si] ?? 0) - (xs[sj] ?? 0), (ys[si] ?? 0) - (ys[sj] ?? 0)));
        a[i * n + j] = g;
        a[j * n + i] = g;
      }
      a[i * n + count] = 1;
      a[count * n + i] = 1;
      b[i] = variogramAt(this.variogram, Math.sqrt(d2[i] ?? 0));
    }
    a[count * n + count] = 0;
    b[count] = 1;
    if (!solve(a, b, n)) return idwOf(vs, count, index, d2, 2);
    let value = 0;
    for (let i = 0; i < count; i++) value += (b[i] ?? 0) * (vs[index[i] ?? 0] ?? 0);
    return Math.min(hi, Math.max(lo, value));
  }
}

/** Kriging over `samples` with the model fitted to them (pairs up to `radius` apart). */
export function fittedKriging(samples: readonly Sample[], model: VariogramModel, options: KrigingOptions) {
  const variogram = fitVariogram(empiricalVariogram(samples, options.radius), model, options.radius);
  return new OrdinaryKriging(samples, variogram, options);
}
