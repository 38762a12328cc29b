import type { Aerosol } from './scene';

/**
 * From particle mass to what a 532 nm polarisation lidar sees, and back. Dry mass extinction
 * efficiencies of the fine and coarse modes, and their particle depolarisation ratios (spherical
 * urban haze vs non-spherical dust); one aerosol lidar ratio for the inversion. These are the
 * simulator's physics AND the product's assumptions: real aerosol varies (humidity growth, soot,
 * sea salt) — LIDAR.md lists the gaps.
 */
export const OPTICS = {
  /** m²/g: α [1/m] = MEE × C [g/m³]. */
  meeFine: 3.0,
  meeCoarse: 0.6,
  depolFine: 0.04,
  depolCoarse: 0.3,
  /** Aerosol extinction-to-backscatter ratio, sr. */
  lidarRatio: 50,
  /** Molecular extinction-to-backscatter ratio, 8π/3 sr. */
  molecularRatio: (8 * Math.PI) / 3,
  /** Molecular backscatter at sea level, 532 nm, 1/(m·sr); scale height 8 km. */
  molecularBeta0: 1.54e-6,
  molecularScaleHeight: 8000,
} as const;

/** Aerosol extinction (1/m) and particle depolarisation ratio of a mix of fine and coarse particles. */
export function opticsOf(a: Aerosol): { alpha: number; depol: number } {
  const coarse = Math.max(0, a.pm10 - a.pm25);
  const alphaFine = OPTICS.meeFine * a.pm25 * 1e-6;
  const alphaCoarse = OPTICS.meeCoarse * coarse * 1e-6;
  const alpha = alphaFine + alphaCoarse;
  const depol =
    alpha > 0 ? (OPTICS.depolFine * alphaFine + OPTICS.depolCoarse * alphaCoarse) / alpha : OPTICS.depolFine;
  return { alpha, depol };
}

/** PM2.5 and PM10 (μg/m³) from extinction (1/m) and particle depolarisation: the coarse share of the extinction follows from δ. */
export function massOf(alpha: number, depol: number): Aerosol {
  if (Number.isNaN(alpha)) return { pm25: Number.NaN, pm10: Number.NaN };
  if (!(alpha > 0)) return { pm25: 0, pm10: 0 };
  const share = Math.min(1, Math.max(0, (depol - OPTICS.depolFine) / (OPTICS.depolCoarse - OPTICS.depolFine)));
  const pm25 = ((1 - share) * alpha) / OPTICS.meeFine / 1e-6;
  const coarse = (share * alpha) / OPTICS.meeCoarse / 1e-6;
  return { pm25, pm10: pm25 + coarse };
}

/** Molecular backscatter (1/(m·sr)) at height z. */
export function molecularBeta(z: number): number {
  return OPTICS.molecularBeta0 * Math.exp(-Math.max(0, z) / OPTICS.molecularScaleHeight);
}

/** Visibility (m) from total extinction (1/m, aerosol and molecular): Koschmieder, 2 % contrast threshold. */
export function visibilityOf(totalAlpha: number): number {
  return totalAlpha > 0 ? 3.912 / totalAlpha : Number.POSITIVE_INFINITY;
}
