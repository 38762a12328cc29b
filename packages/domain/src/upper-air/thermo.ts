/**
 * Sounding thermodynamics: what a radiosonde profile says about convection and about how high
 * pollution can mix. Temperatures in °C, pressures in hPa, heights in metres above sea level.
 *
 * Method (stated, because indices differ between programs by their choices):
 * - saturation vapour pressure: Bolton (1980), e_s = 6.112 exp(17.67 T / (T + 243.5));
 * - LCL: Bolton's (1980) formula 15 for its temperature, Poisson's equation for its pressure;
 * - parcel: the surface parcel (lowest level), lifted dry to the LCL and then along the
 *   pseudo-adiabat (dT/dp integrated in 1 hPa steps); buoyancy from temperature, not virtual
 *   temperature, so CAPE reads a little lower than programs that use the virtual correction;
 * - CAPE/CIN: Rd ∫ (Tparcel − Tenv) d ln p, positive area between LFC and EL, negative area below LFC;
 * - mixing height: the parcel method (Holzworth 1964): where the surface dry adiabat (θ of the
 *   lowest level plus a 0.5 K surface excess, as in Seibert et al. 2000) meets the environment's θ.
 */

const RD = 287.04;
const CP = 1005.7;
const LV = 2.501e6;
const EPS = 0.622;
const G = 9.80665;
const KAPPA = RD / CP;
const K0 = 273.15;
/** The surface parcel's excess over the lowest level's θ in the mixing-height method. */
const SURFACE_EXCESS_K = 0.5;

export interface SoundingLevel {
  /** hPa */
  pressure: number;
  /** metres above sea level; null when the sonde did not report it and it could not be derived */
  height: number | null;
  /** °C */
  temperature: number | null;
  /** °C */
  dewpoint: number | null;
  /** degrees the wind blows from */
  windDirection: number | null;
  /** m/s */
  windSpeed: number | null;
}

export interface Inversion {
  baseHeight: number;
  topHeight: number;
  basePressure: number;
  topPressure: number;
  /** temperature rise across the layer, °C */
  strength: number;
}

export interface SoundingIndices {
  lclPressure: number | null;
  lclTemperature: number | null;
  lfcPressure: number | null;
  elPressure: number | null;
  /** J/kg */
  cape: number | null;
  /** J/kg, ≤ 0 */
  cin: number | null;
  kIndex: number | null;
  showalter: number | null;
  liftedIndex: number | null;
  /** mm */
  precipitableWater: number | null;
  /** metres above ground */
  mixingHeight: number | null;
  inversions: Inversion[];
}

export const saturationVaporPressure = (tC: number): number => 6.112 * Math.exp((17.67 * tC) / (tC + 243.5));

/** kg/kg */
export const mixingRatio = (eHpa: number, pHpa: number): number => (EPS * eHpa) / (pHpa - eHpa);

export const potentialTemperature = (tC: number, p: number): number => (tC + K0) * (1000 / p) ** KAPPA;

export function dewpointFromDepression(tC: number, depression: number): number {
  return tC - depression;
}

/** Lifting condensation level of a parcel (Bolton 1980, eq. 15). */
export function lcl(tC: number, tdC: number, p: number): { pressure: number; temperature: number } {
  const t = tC + K0;
  const td = Math.min(tdC, tC) + K0;
  const tl = 1 / (1 / (td - 56) + Math.log(t / td) / 800) + 56;
  return { pressure: p * (tl / t) ** (1 / KAPPA), temperature: tl - K0 };
}

/** Pseudo-adiabatic lapse dT/dp (K/hPa) at T (K) and p (hPa). */
function moistLapse(tK: number, p: number): number {
  const rs = mixingRatio(saturationVaporPressure(tK - K0), p);
  return (RD * tK + LV * rs) / (CP + (LV * LV * rs * EPS) / (RD * tK * tK)) / p;
}

/** The temperature (°C) of a saturated parcel moved along the pseudo-adiabat from p0 to p1. */
export function moistAdiabat(tC: number, p0: number, p1: number): number {
  let t = tC + K0;
  const steps = Math.max(1, Math.ceil(Math.abs(p1 - p0)));
  const dp = (p1 - p0) / steps;
  let p = p0;
  for (let i = 0; i < steps; i++) {
    // Heun step: the lapse changes slowly, 1 hPa steps keep the error far below 0.1 K.
    const k1 = moistLapse(t, p);
    const k2 = moistLapse(t + k1 * dp, p + dp);
    t += 0.5 * (k1 + k2) * dp;
    p += dp;
  }
  return t - K0;
}

/** Parcel temperature (°C) at p of a parcel starting at (t, td, p0): dry to the LCL, moist above. */
export function parcelTemperature(tC: number, tdC: number, p0: number, p: number): number {
  const base = lcl(tC, tdC, p0);
  if (p >= base.pressure) return (tC + K0) * (p / p0) ** KAPPA - K0;
  return moistAdiabat(base.temperature, base.pressure, p);
}

/** Linear interpolation of a field in ln p between the levels that carry it. */
export function atPressure(
  levels: readonly SoundingLevel[],
  p: number,
  field: 'temperature' | 'dewpoint' | 'height',
): number | null {
  const usable = levels.filter((l) => l[field] !== null);
  for (let i = 0; i + 1 < usable.length; i++) {
    const a = usable[i] as SoundingLevel;
    const b = usable[i + 1] as SoundingLevel;
    if ((a.pressure >= p && p >= b.pressure) || (a.pressure <= p && p <= b.pressure)) {
      if (a.pressure === b.pressure) return a[field];
      const f = Math.log(a.pressure / p) / Math.log(a.pressure / b.pressure);
      return (a[field] as number) + f * ((b[field] as number) - (a[field] as number));
    }
  }
  return null;
}

/** Levels sorted from the ground up (pressure falling), with missing heights filled hydrostatically. */
export function prepareLevels(levels: readonly SoundingLevel[]): SoundingLevel[] {
  const sorted = [...levels].filter((l) => l.pressure > 0).sort((a, b) => b.pressure - a.pressure);
  const out: SoundingLevel[] = [];
  for (const level of sorted) {
    const below = out[out.length - 1];
    if (level.height === null && below?.height != null && below.temperature !== null && level.temperature !== null) {
      // Hypsometric equation over the layer with its mean temperature.
      const tMean = (below.temperature + level.temperature) / 2 + K0;
      out.push({ ...level, height: below.height + ((RD * tMean) / G) * Math.log(below.pressure / level.pressure) });
    } else {
      out.push({ ...level });
    }
  }
  return out;
}

function inversions(levels: readonly SoundingLevel[]): Inversion[] {
  const found: Inversion[] = [];
  const withT = levels.filter((l) => l.temperature !== null && l.height !== null);
  let i = 0;
  while (i + 1 < withT.length) {
    const base = withT[i] as SoundingLevel;
    let j = i;
    while (j + 1 < withT.length && (withT[j + 1]?.temperature as number) > (withT[j]?.temperature as number)) j++;
    if (j > i) {
      const top = withT[j] as SoundingLevel;
      found.push({
        baseHeight: base.height as number,
        topHeight: top.height as number,
        basePressure: base.pressure,
        topPressure: top.pressure,
        strength: round1((top.temperature as number) - (base.temperature as number)),
      });
      i = j;
    } else {
      i++;
    }
  }
  return found;
}

function mixingHeight(levels: readonly SoundingLevel[]): number | null {
  const withT = levels.filter((l) => l.temperature !== null && l.height !== null);
  const ground = withT[0];
  if (!ground) return null;
  const theta0 = potentialTemperature(ground.temperature as number, ground.pressure) + SURFACE_EXCESS_K;
  for (let i = 1; i < withT.length; i++) {
    const a = withT[i - 1] as SoundingLevel;
    const b = withT[i] as SoundingLevel;
    const ta = potentialTemperature(a.temperature as number, a.pressure);
    const tb = potentialTemperature(b.temperature as number, b.pressure);
    if (tb > theta0) {
      const f = tb === ta ? 0 : Math.max(0, (theta0 - ta) / (tb - ta));
      const h = (a.height as number) + f * ((b.height as number) - (a.height as number));
      return Math.round(h - (ground.height as number));
    }
  }
  return null;
}

function precipitableWater(levels: readonly SoundingLevel[]): number | null {
  const moist = levels.filter((l) => l.dewpoint !== null);
  if (moist.length < 2) return null;
  let sum = 0;
  for (let i = 1; i < moist.length; i++) {
    const a = moist[i - 1] as SoundingLevel;
    const b = moist[i] as SoundingLevel;
    const qa = mixingRatio(saturationVaporPressure(a.dewpoint as number), a.pressure);
    const qb = mixingRatio(saturationVaporPressure(b.dewpoint as number), b.pressure);
    sum += ((qa + qb) / 2) * (a.pressure - b.pressure) * 100;
  }
  return round1(sum / G);
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const round0 = (x: number) => Math.round(x);

interface ParcelAreas {
  lfc: number | null;
  el: number | null;
  cape: number;
  cin: number;
}

/** CAPE, CIN, LFC and EL of the surface parcel, integrated over the environment's levels in ln p. */
function parcelAreas(levels: readonly SoundingLevel[], ground: SoundingLevel): ParcelAreas {
  const t0 = ground.temperature as number;
  const td0 = ground.dewpoint as number;
  const p0 = ground.pressure;
  const env = levels.filter((l) => l.temperature !== null && l.pressure <= p0 && l.pressure >= 100);
  // Sample every 10 hPa as well as at each level, so that a thin positive layer is not missed.
  const ps = new Set<number>(env.map((l) => l.pressure));
  for (let p = Math.floor(p0 / 10) * 10; p >= 100; p -= 10) if (p < p0) ps.add(p);
  const samples = [...ps]
    .sort((a, b) => b - a)
    .map((p) => ({ p, b: parcelTemperature(t0, td0, p0, p) - (atPressure(env, p, 'temperature') ?? Number.NaN) }))
    .filter((s) => Number.isFinite(s.b));
  let lfc: number | null = null;
  let el: number | null = null;
  let cape = 0;
  let cin = 0;
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1] as { p: number; b: number };
    const c = samples[i] as { p: number; b: number };
    const area = RD * ((a.b + c.b) / 2) * Math.log(a.p / c.p);
    if (a.b <= 0 && c.b > 0 && lfc === null) lfc = a.p - ((a.p - c.p) * -a.b) / (c.b - a.b);
    if (lfc !== null && a.b > 0 && c.b <= 0) el = a.p - ((a.p - c.p) * a.b) / (a.b - c.b);
    if (lfc === null) {
      if (area < 0) cin += area;
    } else if (el === null || c.p >= el) {
      if (area > 0) cape += area;
    }
  }
  return { lfc, el: lfc === null ? null : el, cape: lfc === null ? 0 : cape, cin: lfc === null ? 0 : cin };
}

/** Every derived index of one sounding; an index needing levels the sounding lacks is null. */
export function soundingIndices(raw: readonly SoundingLevel[]): SoundingIndices {
  const levels = prepareLevels(raw);
  const ground = levels.find((l) => l.temperature !== null && l.dewpoint !== null);
  const t = (p: number) => atPressure(levels, p, 'temperature');
  const td = (p: number) => atPressure(levels, p, 'dewpoint');
  const t850 = t(850);
  const t700 = t(700);
  const t500 = t(500);
  const td850 = td(850);
  const td700 = td(700);
  const kIndex =
    t850 !== null && t500 !== null && td850 !== null && t700 !== null && td700 !== null
      ? round1(t850 - t500 + td850 - (t700 - td700))
      : null;
  const showalter =
    t850 !== null && td850 !== null && t500 !== null ? round1(t500 - parcelTemperature(t850, td850, 850, 500)) : null;
  let base: ReturnType<typeof lcl> | null = null;
  let areas: ParcelAreas | null = null;
  let liftedIndex: number | null = null;
  if (ground) {
    const gt = ground.temperature as number;
    const gtd = ground.dewpoint as number;
    base = lcl(gt, gtd, ground.pressure);
    areas = parcelAreas(levels, ground);
    liftedIndex =
      t500 !== null && ground.pressure > 500 ? round1(t500 - parcelTemperature(gt, gtd, ground.pressure, 500)) : null;
  }
  return {
    lclPressure: base ? round0(base.pressure) : null,
    lclTemperature: base ? round1(base.temperature) : null,
    lfcPressure: areas?.lfc != null ? round0(areas.lfc) : null,
    elPressure: areas?.el != null ? round0(areas.el) : null,
    cape: areas ? round0(areas.cape) : null,
    cin: areas ? round0(areas.cin) : null,
    kIndex,
    showalter,
    liftedIndex,
    precipitableWater: precipitableWater(levels),
    mixingHeight: mixingHeight(levels),
    inversions: inversions(levels),
  };
}
