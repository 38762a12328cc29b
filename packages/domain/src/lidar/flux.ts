/**
 * Transport flux: how much particulate mass crosses a vertical section per second. A section is a
 * line on the ground (a vehicle's transect across a plume, or the line between two fixed lidars); at
 * each of its points a vertical profile of concentration is measured, and the wind gives the speed
 * across the line at each height:
 *
 *   F = Σ_points Σ_heights (c − c_bg)(s, z) · u⊥(z) · Δz · Δs
 *
 * c in μg/m³, u in m/s, Δz and Δs in m: F in μg/s, reported in g/s (and kg/h). The background c_bg
 * at each height is the median across the section (the plume covers less than half of it), or given.
 * Bins below the lowest valid height (the telescope's blind zone) take the lowest valid bin's value.
 */

export interface SectionPoint {
  /** Metres east and north (any local plane). */
  x: number;
  y: number;
  /** Concentration per height bin, μg/m³ (null: no valid value). */
  profile: ArrayLike<number | null>;
}

export interface SectionInput {
  points: readonly SectionPoint[];
  /** Height of each bin's centre, m (same for every point), evenly spaced. */
  heights: readonly number[];
  /** Bins below this height are not measured (blind zone), m. */
  blindHeight: number;
  /** Direction the wind blows FROM, degrees. */
  windFrom: number;
  /** Wind speed at height z, m/s. */
  windAt: (z: number) => number;
  /** The background per bin; default the median across the section. */
  background?: readonly number[];
  /** Count only mass above the background (a plume's flux), or all of it (transport through a boundary). */
  excessOnly?: boolean;
}

export interface FluxResult {
  /** g/s, positive along the wind. */
  gramsPerSecond: number;
  kilogramsPerHour: number;
  /** Flux per height bin, g/s. */
  byHeight: number[];
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = values.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}

/** A profile with the blind zone filled from the lowest valid bin and gaps from the bin below. */
/** The spacing of evenly spaced heights (1 m for a single bin). */
function spacing(heights: readonly number[]): number {
  const n = heights.length;
  return n > 1 ? ((heights[n - 1] ?? 0) - (heights[0] ?? 0)) / (n - 1) : 1;
}

export function filledProfile(
  profile: ArrayLike<number | null>,
  heights: readonly number[],
  blindHeight: number,
): number[] {
  const out: number[] = new Array(heights.length).fill(0);
  let firstValid = -1;
  for (let j = 0; j < heights.length; j++) {
    const v = profile[j];
    if ((heights[j] ?? 0) >= blindHeight && v !== null && v !== undefined && Number.isFinite(v)) {
      firstValid = j;
      break;
    }
  }
  if (firstValid < 0) return out;
  let last = Number(profile[firstValid]);
  for (let j = 0; j < heights.length; j++) {
    const v = profile[j];
    if (j > firstValid && v !== null && v !== undefined && Number.isFinite(v)) last = v;
    out[j] = j <= firstValid ? Number(profile[firstValid]) : last;
  }
  return out;
}

export function sectionFlux(input: SectionInput): FluxResult {
  const { points, heights } = input;
  const nz = heights.length;
  const dz = spacing(heights);
  const profiles = points.map((p) => filledProfile(p.profile, heights, input.blindHeight));
  const background =
    input.background ??
    heights.map((_, j) => (input.excessOnly === false ? 0 : median(profiles.map((p) => p[j] ?? 0))));
  const toward = ((input.windFrom + 180) * Math.PI) / 180;
  const wx = Math.sin(toward);
  const wy = Math.cos(toward);
  const byHeight: number[] = new Array(nz).fill(0);
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (p === undefined) continue;
    // Each point stands for half the way to its neighbours: its share of the section, as a vector.
    const prev = points[i - 1] ?? p;
    const next = points[i + 1] ?? p;
    const sx = (next.x - prev.x) / 2;
    const sy = (next.y - prev.y) / 2;
    // The section element's normal times its length: (sy, −sx); the wind's component across it.
    const across = wx * sy - wy * sx;
    const profile = profiles[i] ?? [];
    for (let j = 0; j < nz; j++) {
      const excess = (profile[j] ?? 0) - (input.excessOnly === false ? 0 : (background[j] ?? 0));
      byHeight[j] = (byHeight[j] ?? 0) + excess * input.windAt(heights[j] ?? 0) * across * dz * 1e-6;
    }
  }
  const total = byHeight.reduce((a, b) => a + b, 0);
  return { gramsPerSecond: Math.abs(total), kilogramsPerHour: Math.abs(total) * 3.6, byHeight };
}

/**
 * The flux through a one-metre-wide column at a fixed site (μg/(m·s)): the site's vertical profile
 * times the wind at each height, integrated up to `top`. Its direction is the wind's.
 */
export function columnFlux(
  profile: ArrayLike<number | null>,
  heights: readonly number[],
  windAt: (z: number) => number,
  blindHeight: number,
  top = Number.POSITIVE_INFINITY,
): number {
  const filled = filledProfile(profile, heights, blindHeight);
  const nz = heights.length;
  const dz = spacing(heights);
  let sum = 0;
  for (let j = 0; j < nz; j++) {
    if ((heights[j] ?? 0) > top) break;
    sum += (filled[j] ?? 0) * windAt(heights[j] ?? 0) * dz;
  }
  return sum;
}
