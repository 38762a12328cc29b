import { mulberry32 } from '../telemetry/simulated-values';
import { fernaldInvert, movingAverage } from './fernald';
import { DEFAULT_SYSTEM, gaussian, type LidarSystem, simulateRay } from './lidar-equation';
import { massOf, OPTICS, opticsOf } from './optics';
import { aerosolAt, backgroundAt, fogAt, type PreparedScene } from './scene';

/**
 * Lidar products simulated from a scene: a horizontal scan (HS: azimuth × range at an elevation), a
 * vertical profile (VF: height at one instant; a day of them is the curtain), a fixed-direction
 * profile (IF: one azimuth, range). Each ray is simulated (the lidar equation with noise) and
 * inverted (Fernald), so the products carry the retrieval's real errors.
 */

export interface LidarSite {
  /** Metres east and north of the scene's origin. */
  x: number;
  y: number;
  /** Height of the telescope above the ground, m. */
  height: number;
}

export interface RayProduct {
  /** Retrieved aerosol extinction, 1/km. */
  extinction: Float32Array;
  /** Retrieved particle depolarisation ratio. */
  depol: Float32Array;
}

export interface PolarScan extends RayProduct {
  /** Azimuth of each ray, degrees clockwise from north. */
  azimuths: number[];
  elevation: number;
  bins: number;
  binMeters: number;
  firstRange: number;
}

const RAD = Math.PI / 180;

/** Signal-to-noise ratio below which a bin, and every bin behind it, is "no data". */
export const MIN_SNR = 3;

/** The truth along one ray: aerosol extinction (1/m), depolarisation and the bins' heights. */
export function rayTruth(
  prepared: PreparedScene,
  site: LidarSite,
  azimuth: number,
  elevation: number,
  system: LidarSystem,
): { alpha: Float64Array; depol: Float64Array; heights: Float64Array } {
  const n = system.bins;
  const alpha = new Float64Array(n);
  const depol = new Float64Array(n);
  const heights = new Float64Array(n);
  const sinA = Math.sin(azimuth * RAD);
  const cosA = Math.cos(azimuth * RAD);
  const cosE = Math.cos(elevation * RAD);
  const sinE = Math.sin(elevation * RAD);
  for (let i = 0; i < n; i++) {
    const r = system.firstRange + i * system.binMeters;
    const horizontal = r * cosE;
    const z = site.height + r * sinE;
    const px = site.x + horizontal * sinA;
    const py = site.y + horizontal * cosA;
    const optics = opticsOf(aerosolAt(prepared, px, py, z));
    const fog = fogAt(prepared.scene, px, py, z);
    // Droplets are spherical: they add extinction and dilute the depolarisation.
    alpha[i] = optics.alpha + fog;
    depol[i] = (optics.depol * optics.alpha + 0.01 * fog) / Math.max(1e-12, optics.alpha + fog);
    heights[i] = z;
  }
  return { alpha, depol, heights };
}

/**
 * Observes one ray: the signal simulated with noise, inverted back with the reference extinction,
 * and the depolarisation channel read with noise that grows as the signal fades.
 */
export function observeRay(
  truth: { alpha: Float64Array; depol: Float64Array; heights: Float64Array },
  system: LidarSystem,
  referenceAlpha: number,
  seed: number,
): RayProduct {
  const signal = simulateRay(truth.alpha, truth.heights, system, seed);
  const alpha = fernaldInvert(signal.rcs, signal.molecular, { binMeters: system.binMeters, referenceAlpha });
  const normal = gaussian(mulberry32(seed ^ 0x9e3779b9));
  const noisyDepol = new Float64Array(alpha.length);
  for (let i = 0; i < alpha.length; i++) {
    const photons = Math.max(1, (signal.counts[i] ?? 0) - system.background);
    const sd = Math.min(0.2, 0.02 * Math.sqrt(1e5 / photons));
    noisyDepol[i] = (truth.depol[i] ?? OPTICS.depolFine) + sd * normal();
  }
  const depolSmooth = movingAverage(noisyDepol, 9);
  const extinction = new Float32Array(alpha.length);
  const depol = new Float32Array(alpha.length);
  // Past the range where the return sinks into the sky's noise (behind a fog bank, say) there is no
  // measurement: NaN, shown as "no data", never as clean air.
  let lost = false;
  for (let i = 0; i < alpha.length; i++) {
    const counts = signal.counts[i] ?? 0;
    const snr = (counts - system.background) / Math.sqrt(Math.max(1, counts));
    if (snr < MIN_SNR) lost = true;
    extinction[i] = lost ? Number.NaN : Math.max(0, (alpha[i] ?? 0) * 1000);
    depol[i] = lost ? Number.NaN : Math.min(1, Math.max(0, depolSmooth[i] ?? 0));
  }
  return { extinction, depol };
}

/**
 * The aerosol extinction (1/m) the reference bins are assumed to hold: the background the nearest
 * monitoring station reports, at the reference's height (how scanning lidars are calibrated in
 * practice); plumes passing through the reference are not known to it.
 */
export function referenceAlphaOf(prepared: PreparedScene, height: number): number {
  return opticsOf(backgroundAt(prepared.scene, height)).alpha;
}

export function simulateHorizontalScan(
  prepared: PreparedScene,
  site: LidarSite,
  options: { elevation: number; azimuthStep?: number; system?: LidarSystem; seed: number },
): PolarScan {
  const system = options.system ?? DEFAULT_SYSTEM;
  const step = options.azimuthStep ?? 1;
  const azimuths: number[] = [];
  for (let a = 0; a < 360; a += step) azimuths.push(a);
  const extinction = new Float32Array(azimuths.length * system.bins);
  const depol = new Float32Array(azimuths.length * system.bins);
  const farHeight =
    site.height + (system.firstRange + system.bins * system.binMeters) * Math.sin(options.elevation * RAD);
  const reference = referenceAlphaOf(prepared, farHeight);
  azimuths.forEach((azimuth, k) => {
    const truth = rayTruth(prepared, site, azimuth, options.elevation, system);
    const ray = observeRay(truth, system, reference, (options.seed * 7919 + k * 104_729) >>> 0);
    extinction.set(ray.extinction, k * system.bins);
    depol.set(ray.depol, k * system.bins);
  });
  return {
    azimuths,
    elevation: options.elevation,
    bins: system.bins,
    binMeters: system.binMeters,
    firstRange: system.firstRange,
    extinction,
    depol,
  };
}

/** A zenith-pointing system: 15 m bins to 3 km. */
export const VERTICAL_SYSTEM: LidarSystem = {
  binMeters: 15,
  bins: 200,
  firstRange: 7.5,
  constant: 4e18,
  background: 400,
};

/** Free-tropospheric aerosol assumed at a vertical profile's top (1/m): a clean reference. */
export const FREE_TROPOSPHERE_ALPHA = 1e-5;

/** One vertical profile at a point (a fixed site's VF, or a vehicle's 走航 profile). */
export function simulateVerticalProfile(
  prepared: PreparedScene,
  site: LidarSite,
  seed: number,
  system: LidarSystem = VERTICAL_SYSTEM,
): RayProduct & { heights: number[] } {
  const truth = rayTruth(prepared, site, 0, 90, system);
  const product = observeRay(truth, system, FREE_TROPOSPHERE_ALPHA, seed);
  return { ...product, heights: Array.from(truth.heights) };
}

/** PM2.5 and PM10 (μg/m³) of every bin of a product. */
export function massOfProduct(product: RayProduct): { pm25: Float32Array; pm10: Float32Array } {
  const pm25 = new Float32Array(product.extinction.length);
  const pm10 = new Float32Array(product.extinction.length);
  for (let i = 0; i < product.extinction.length; i++) {
    const m = massOf((product.extinction[i] ?? 0) / 1000, product.depol[i] ?? OPTICS.depolFine);
    pm25[i] = m.pm25;
    pm10[i] = m.pm10;
  }
  return { pm25, pm10 };
}

/**
 * The boundary layer's top from a vertical extinction profile (1/km): the height of the sharpest
 * decrease (gradient method) above `minHeight`, on a smoothed profile.
 */
export function boundaryLayerTop(
  extinction: ArrayLike<number>,
  heights: ArrayLike<number>,
  minHeight = 150,
): number | null {
  const n = Math.min(extinction.length, heights.length);
  if (n < 5) return null;
  const smoothed = movingAverage(
    // No data high up is clean air for this purpose (the signal faded there).
    Float64Array.from({ length: n }, (_, i) => (Number.isFinite(extinction[i]) ? (extinction[i] ?? 0) : 0)),
    7,
  );
  let best = 0;
  let at: number | null = null;
  for (let i = 1; i < n - 1; i++) {
    const z = heights[i] ?? 0;
    if (z < minHeight) continue;
    const gradient =
      ((smoothed[i + 1] ?? 0) - (smoothed[i - 1] ?? 0)) / ((heights[i + 1] ?? 0) - (heights[i - 1] ?? 0));
    if (gradient < best) {
      best = gradient;
      at = z;
    }
  }
  return at;
}
