import { CHINA_OFFSET_SECONDS, SECONDS_PER_DAY } from '../time';

/**
 * A lidar scene: the atmosphere a simulated lidar looks at. A boundary layer whose height follows the
 * day, background aerosol mixed within it, and point or area sources dispersed downwind as Gaussian
 * plumes (Briggs' rural σy, σz by Pasquill–Gifford stability class, reflected at the ground and at the
 * top of the mixed layer, so that mass is conserved). Coordinates are metres east (x) and north (y)
 * of the scene's origin, heights metres above the ground; concentrations μg/m³, emission rates g/s.
 *
 * The simulator (lidar-equation.ts) turns a scene into range-corrected signals and the inversion
 * (fernald.ts) back into extinction, so the rules downstream (hot spots, flux) are tested against a
 * known truth: the sources and their rates.
 */

export type Stability = 'B' | 'C' | 'D' | 'E';

export interface EmissionSource {
  id: string;
  /** A point (stack, chimney) or a square area (a yard, a construction site) of `size` metres. */
  kind: 'point' | 'area';
  /** Metres east and north of the scene's origin. */
  x: number;
  y: number;
  /** Release height above the ground, m. */
  height: number;
  /** PM10 emitted, g/s. */
  rate: number;
  /** Share of the PM10 that is PM2.5 (combustion ≈ 0.8, dust ≈ 0.25). */
  fineFraction: number;
  /** Side of an area source, m. */
  size?: number;
}

export interface Scene {
  /** Epoch seconds. */
  t: number;
  /** Direction the wind blows FROM, degrees clockwise from north (meteorological). */
  windFrom: number;
  /** Wind speed at 10 m, m/s. */
  windSpeed10: number;
  stability: Stability;
  /** Height of the mixed (boundary) layer, m. */
  boundaryLayerHeight: number;
  /** Background aerosol at the surface, μg/m³, mixed up to the boundary layer's top. */
  background: { pm25: number; pm10: number };
  sources: readonly EmissionSource[];
  /** Fog banks (droplets: large, spherical): extinction at the centre, 1/m, falling off as a Gaussian of `radius` m below `top` m. */
  fog?: ReadonlyArray<{ x: number; y: number; radius: number; extinction: number; top: number }>;
}

/** Fog extinction (1/m) at a point: the sum of the banks. */
export function fogAt(scene: Pick<Scene, 'fog'>, x: number, y: number, z: number): number {
  let sum = 0;
  for (const f of scene.fog ?? []) {
    if (z > f.top) continue;
    const d2 = (x - f.x) ** 2 + (y - f.y) ** 2;
    sum += f.extinction * Math.exp(-d2 / (2 * f.radius * f.radius));
  }
  return sum;
}

export interface Aerosol {
  pm25: number;
  pm10: number;
}

/** Hour of the China day, fractional. */
function chinaHourOfDay(t: number): number {
  const seconds = (((t + CHINA_OFFSET_SECONDS) % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY;
  return seconds / 3600;
}

/**
 * The boundary layer's diurnal cycle: a stable night layer of `night` metres, growing after sunrise
 * (07:00) with the surface heating to `day` metres in the mid afternoon, collapsing in the evening.
 */
export function diurnalBoundaryLayer(t: number, night = 350, day = 1400): number {
  const h = chinaHourOfDay(t);
  if (h < 7 || h > 21) return night;
  const phase = Math.sin((Math.PI * (h - 7)) / 14);
  return night + (day - night) * Math.max(0, phase) ** 1.5;
}

/** Stability class from the hour and the wind: convective by day, stable at night, neutral in strong wind. */
export function stabilityOf(t: number, windSpeed10: number): Stability {
  const h = chinaHourOfDay(t);
  if (windSpeed10 >= 6) return 'D';
  if (h >= 10 && h <= 16) return windSpeed10 < 2 ? 'B' : 'C';
  if (h >= 8 && h <= 18) return 'D';
  return windSpeed10 < 3 ? 'E' : 'D';
}

const WIND_EXPONENT: Record<Stability, number> = { B: 0.15, C: 0.2, D: 0.25, E: 0.3 };

/** Wind speed at height z (power law from 10 m; the urban exponent of the stability class). */
export function windAt(scene: Pick<Scene, 'windSpeed10' | 'stability'>, z: number): number {
  return scene.windSpeed10 * (Math.max(z, 2) / 10) ** WIND_EXPONENT[scene.stability];
}

/** Briggs (1973) open-country dispersion widths σy, σz (m) at `x` metres downwind. */
export function dispersion(stability: Stability, x: number): { sy: number; sz: number } {
  const d = Math.max(x, 1);
  switch (stability) {
    case 'B':
      return { sy: (0.16 * d) / Math.sqrt(1 + 0.0001 * d), sz: 0.12 * d };
    case 'C':
      return { sy: (0.11 * d) / Math.sqrt(1 + 0.0001 * d), sz: (0.08 * d) / Math.sqrt(1 + 0.0002 * d) };
    case 'D':
      return { sy: (0.08 * d) / Math.sqrt(1 + 0.0001 * d), sz: (0.06 * d) / Math.sqrt(1 + 0.0015 * d) };
    case 'E':
      return { sy: (0.06 * d) / Math.sqrt(1 + 0.0001 * d), sz: (0.03 * d) / (1 + 0.0003 * d) };
  }
}

/** Unit vector the wind blows TOWARD (east, north). */
export function downwindVector(windFrom: number): { ex: number; ey: number } {
  const toward = ((windFrom + 180) * Math.PI) / 180;
  return { ex: Math.sin(toward), ey: Math.cos(toward) };
}

/**
 * The vertical factor of a plume released at height H in a layer capped at h: the ground and the lid
 * reflect it (image sources); once σz exceeds 1.6 h the layer is taken as well mixed.
 */
function verticalFactor(z: number, H: number, sz: number, h: number): number {
  if (z > h) {
    // Above the lid nothing of the plume (a source above the lid is not modelled: see LIDAR.md).
    return 0;
  }
  if (sz > 1.6 * h) return Math.sqrt(2 * Math.PI) * (sz / h);
  let sum = 0;
  const twoS2 = 2 * sz * sz;
  for (let n = -2; n <= 2; n++) {
    const a = z - H + 2 * n * h;
    const b = z + H + 2 * n * h;
    sum += Math.exp(-(a * a) / twoS2) + Math.exp(-(b * b) / twoS2);
  }
  return sum;
}

/** Sub-sources an area source is split into along each side. */
const AREA_SPLIT = 3;

/** Point releases a source stands for: itself, or an area source's grid of equal parts. */
export function releasesOf(source: EmissionSource): Array<{ x: number; y: number; rate: number }> {
  if (source.kind === 'point' || source.size === undefined || source.size <= 0) {
    return [{ x: source.x, y: source.y, rate: source.rate }];
  }
  const out: Array<{ x: number; y: number; rate: number }> = [];
  const step = source.size / AREA_SPLIT;
  for (let i = 0; i < AREA_SPLIT; i++) {
    for (let j = 0; j < AREA_SPLIT; j++) {
      out.push({
        x: source.x - source.size / 2 + step * (i + 0.5),
        y: source.y - source.size / 2 + step * (j + 0.5),
        rate: source.rate / (AREA_SPLIT * AREA_SPLIT),
      });
    }
  }
  return out;
}

/** A scene prepared for many point queries: the wind's axes and each source's releases and wind. */
export interface PreparedScene {
  scene: Scene;
  ex: number;
  ey: number;
  releases: Array<{ x: number; y: number; H: number; rate: number; fine: number; u: number }>;
}

export function prepareScene(scene: Scene): PreparedScene {
  const { ex, ey } = downwindVector(scene.windFrom);
  const releases = scene.sources.flatMap((s) =>
    releasesOf(s).map((r) => ({ ...r, H: s.height, fine: s.fineFraction, u: windAt(scene, Math.max(s.height, 10)) })),
  );
  return { scene, ex, ey, releases };
}

/** Background aerosol at height z: constant in the mixed layer, a smooth step to a clean free troposphere. */
export function backgroundAt(scene: Scene, z: number): Aerosol {
  const h = scene.boundaryLayerHeight;
  const f = 0.06 + 0.94 / (1 + Math.exp((z - h) / (0.06 * h)));
  return { pm25: scene.background.pm25 * f, pm10: scene.background.pm10 * f };
}

/** The plumes' PM at a point (μg/m³), without the background. */
export function plumeAt(prepared: PreparedScene, x: number, y: number, z: number): Aerosol {
  const { scene, ex, ey } = prepared;
  let pm10 = 0;
  let pm25 = 0;
  for (const r of prepared.releases) {
    const dx = x - r.x;
    const dy = y - r.y;
    const down = dx * ex + dy * ey;
    if (down <= 1) continue;
    const cross = -dx * ey + dy * ex;
    const { sy, sz } = dispersion(scene.stability, down);
    if (Math.abs(cross) > 5 * sy) continue;
    const c =
      ((r.rate * 1e6) / (2 * Math.PI * r.u * sy * sz)) *
      Math.exp(-(cross * cross) / (2 * sy * sy)) *
      verticalFactor(z, r.H, sz, scene.boundaryLayerHeight);
    pm10 += c;
    pm25 += c * r.fine;
  }
  return { pm25, pm10 };
}

/** Background and plumes at a point, μg/m³. */
export function aerosolAt(prepared: PreparedScene, x: number, y: number, z: number): Aerosol {
  const bg = backgroundAt(prepared.scene, z);
  const p = plumeAt(prepared, x, y, z);
  return { pm25: bg.pm25 + p.pm25, pm10: bg.pm10 + p.pm10 };
}
