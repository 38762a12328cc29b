import { mulberry32 } from '../telemetry/simulated-values';
import { molecularBeta, OPTICS } from './optics';

/**
 * The elastic lidar equation and its noise: what a photon-counting 532 nm lidar records along one
 * ray, given the true aerosol extinction and heights of its bins.
 *
 *   N(r) = K · β(r) · T²(r) / r² + B,   T²(r) = exp(−2 ∫₀ʳ (α_a + α_m) dr′),   β = α_a / S_a + β_m
 *
 * Counts are drawn with shot noise (Gaussian with variance N, enough counts per bin), the sky
 * background B is estimated from far bins and subtracted, and the result is range-corrected:
 * X(r) = (N − B̂) · r². The inversion (fernald.ts) gets X and nothing else from the truth.
 */

export interface LidarSystem {
  /** Range resolution, m. */
  binMeters: number;
  bins: number;
  /** Range of the first bin's centre, m. */
  firstRange: number;
  /** System constant K (counts · m³ · sr over the averaged shots). */
  constant: number;
  /** Sky background, counts per bin. */
  background: number;
}

/** A 532 nm scanning lidar averaging a few thousand shots per ray. */
export const DEFAULT_SYSTEM: LidarSystem = {
  binMeters: 7.5,
  bins: 800,
  firstRange: 3.75,
  constant: 4e18,
  background: 400,
};

/** Standard normal deviates from a seeded uniform source (Box–Muller). */
export function gaussian(random: () => number): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    const u = Math.max(random(), 1e-12);
    const v = random();
    const m = Math.sqrt(-2 * Math.log(u));
    spare = m * Math.sin(2 * Math.PI * v);
    return m * Math.cos(2 * Math.PI * v);
  };
}

export interface RaySignal {
  /** Range-corrected signal X(r), background removed. */
  rcs: Float64Array;
  /** Molecular backscatter per bin (what the inversion is told: it is computed from the standard atmosphere). */
  molecular: Float64Array;
  /** Photon counts per bin before the background was removed (the noise estimate of the depolarisation). */
  counts: Float64Array;
}

/**
 * One ray's noisy range-corrected signal. `alpha`: true aerosol extinction per bin (1/m); `heights`:
 * height of each bin above sea level (m), for the molecular atmosphere.
 */
export function simulateRay(alpha: Float64Array, heights: Float64Array, system: LidarSystem, seed: number): RaySignal {
  const n = alpha.length;
  const rcs = new Float64Array(n);
  const molecular = new Float64Array(n);
  const counts = new Float64Array(n);
  const normal = gaussian(mulberry32(seed));
  let optical = 0;
  const raw = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = system.firstRange + i * system.binMeters;
    const bm = molecularBeta(heights[i] ?? 0);
    molecular[i] = bm;
    const aa = alpha[i] ?? 0;
    // The two-way transmission up to the bin's centre (half the bin's own extinction).
    const stepIn = (aa + bm * OPTICS.molecularRatio) * system.binMeters;
    const t2 = Math.exp(-2 * (optical + stepIn / 2));
    optical += stepIn;
    const signal = (system.constant * (aa / OPTICS.lidarRatio + bm) * t2) / (r * r);
    const expected = signal + system.background;
    const drawn = Math.max(0, expected + Math.sqrt(expected) * normal());
    raw[i] = drawn;
    counts[i] = drawn;
  }
  // The sky background from the instrument's far, signal-free bins: a separate pre-trigger record
  // in a real lidar; here drawn with the same noise over 200 samples.
  let bgSum = 0;
  const samples = 200;
  for (let k = 0; k < samples; k++) bgSum += system.background + Math.sqrt(system.background) * normal();
  const bg = bgSum / samples;
  for (let i = 0; i < n; i++) {
    const r = system.firstRange + i * system.binMeters;
    rcs[i] = ((raw[i] ?? 0) - bg) * r * r;
  }
  return { rcs, molecular, counts };
}
