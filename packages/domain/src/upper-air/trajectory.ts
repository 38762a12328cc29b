import { gridWindAt, type WindAt, type WindGrid } from './wind-grid';

/**
 * Kinematic air-parcel trajectories through a gridded horizontal wind.
 *
 * Method: the Petterssen (1956) scheme, i.e. second-order Runge–Kutta (Heun): a first guess
 * P' = P + V(P, t)·Δt, then P(t+Δt) = P + ½[V(P, t) + V(P', t+Δt)]·Δt, with Δt = ±1 h (negative
 * for back trajectories). The wind is bilinear in space and linear in time between the grids.
 * Metres become degrees on a sphere of radius 6,371 km (Δlat = vΔt/R, Δlon = uΔt/(R cos lat)).
 *
 * Limits: two-dimensional at the starting level — the parcel keeps its height, there is no vertical
 * motion, no terrain and no sub-grid mixing, so after a day the position is an indication of the
 * air's path (errors of 15–30 % of the distance travelled are usual for kinematic trajectories).
 * It stops where the wind is unknown (outside the grid or the forecast's time span).
 */

const EARTH_RADIUS_M = 6_371_000;

/** The wind (m/s) at a place and time, or null where unknown. */
export type WindField = (lon: number, lat: number, t: number) => WindAt | null;

export interface TrajectoryPoint {
  lon: number;
  lat: number;
  /** epoch seconds */
  time: number;
}

export interface TrajectoryOptions {
  start: { lon: number; lat: number };
  /** epoch seconds */
  startTime: number;
  hours: number;
  direction: 'backward' | 'forward';
  /** seconds; 3,600 unless stated */
  step?: number;
}

function move(p: { lon: number; lat: number }, w: WindAt, dt: number): { lon: number; lat: number } {
  const lat = p.lat + ((w.v * dt) / EARTH_RADIUS_M) * (180 / Math.PI);
  const lon = p.lon + ((w.u * dt) / (EARTH_RADIUS_M * Math.cos((p.lat * Math.PI) / 180))) * (180 / Math.PI);
  return { lon, lat };
}

export function trajectory(field: WindField, options: TrajectoryOptions): TrajectoryPoint[] {
  const step = options.step ?? 3600;
  const dt = options.direction === 'backward' ? -step : step;
  const steps = Math.round((options.hours * 3600) / step);
  let here = { ...options.start };
  let t = options.startTime;
  const points: TrajectoryPoint[] = [{ ...here, time: t }];
  for (let i = 0; i < steps; i++) {
    const w1 = field(here.lon, here.lat, t);
    if (!w1) break;
    const guess = move(here, w1, dt);
    const w2 = field(guess.lon, guess.lat, t + dt);
    if (!w2) break;
    here = move(here, { u: (w1.u + w2.u) / 2, v: (w1.v + w2.v) / 2 }, dt);
    t += dt;
    points.push({ ...here, time: t });
  }
  return points;
}

export interface TimedGrid {
  /** epoch seconds of validity */
  time: number;
  grid: WindGrid;
}

/** A wind field from grids at successive times: bilinear in space, linear in time, null outside. */
export function gridField(grids: readonly TimedGrid[]): WindField {
  const sorted = [...grids].sort((a, b) => a.time - b.time);
  return (lon, lat, t) => {
    for (let i = 0; i < sorted.length; i++) {
      const a = sorted[i] as TimedGrid;
      if (a.time === t) return gridWindAt(a.grid, lon, lat);
      const b = sorted[i + 1];
      if (b && a.time < t && t < b.time) {
        const wa = gridWindAt(a.grid, lon, lat);
        const wb = gridWindAt(b.grid, lon, lat);
        if (!wa || !wb) return null;
        const f = (t - a.time) / (b.time - a.time);
        return { u: wa.u + f * (wb.u - wa.u), v: wa.v + f * (wb.v - wa.v) };
      }
    }
    return null;
  };
}
