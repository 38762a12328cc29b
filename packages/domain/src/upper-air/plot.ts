import { moistAdiabat } from './thermo';
import { bilinear, type WindGrid } from './wind-grid';

/**
 * The geometry of the upper-air plots, shared by the console and the public site (each draws it on
 * its own canvas): the skew-T log-p diagram's coordinates and reference lines, and the wind layer's
 * particles. Coordinates are fractions of the plot (0–1, y downwards).
 */

export interface SkewTFrame {
  /** Bottom and top pressures, hPa. */
  pBottom: number;
  pTop: number;
  /** Temperatures at the left and right edges along the bottom, °C. */
  tLeft: number;
  tRight: number;
  /** How far an isotherm leans right from bottom to top, as a share of the width (45° on a square plot: 1). */
  skew: number;
}

export const SKEW_T_FRAME: SkewTFrame = { pBottom: 1050, pTop: 100, tLeft: -40, tRight: 50, skew: 1 };

/** y (0 at the top) of a pressure: logarithmic, as the name says. */
export function skewTY(frame: SkewTFrame, p: number): number {
  return 1 - Math.log(frame.pBottom / p) / Math.log(frame.pBottom / frame.pTop);
}

/** x of a temperature at a pressure: the isotherms lean right with height. */
export function skewTX(frame: SkewTFrame, t: number, p: number): number {
  return (t - frame.tLeft) / (frame.tRight - frame.tLeft) + frame.skew * (1 - skewTY(frame, p));
}

/** The temperature (°C) of a dry adiabat of potential temperature θ (K) at p. */
export const dryAdiabatT = (thetaK: number, p: number): number => thetaK * (p / 1000) ** 0.2857 - 273.15;

/** Points of the reference lines of the diagram, in plot fractions, from the bottom up. */
export function skewTReferenceLines(frame: SkewTFrame = SKEW_T_FRAME) {
  const pressures: number[] = [];
  for (let p = frame.pBottom; p >= frame.pTop; p -= 25) pressures.push(p);
  const line = (f: (p: number) => number) => pressures.map((p) => ({ x: skewTX(frame, f(p), p), y: skewTY(frame, p) }));
  const isotherms: { t: number; points: { x: number; y: number }[] }[] = [];
  for (let t = -120; t <= 50; t += 10) isotherms.push({ t, points: line(() => t) });
  const dryAdiabats = [];
  for (let theta = 250; theta <= 450; theta += 10)
    dryAdiabats.push({ theta, points: line((p) => dryAdiabatT(theta, p)) });
  const moistAdiabats = [];
  for (let t = -10; t <= 35; t += 5) moistAdiabats.push({ t, points: line((p) => moistAdiabat(t, 1000, p)) });
  const isobars = [1000, 925, 850, 700, 500, 400, 300, 250, 200, 150, 100]
    .filter((p) => p <= frame.pBottom && p >= frame.pTop)
    .map((p) => ({ p, y: skewTY(frame, p) }));
  return { isotherms, dryAdiabats, moistAdiabats, isobars };
}

/** A wind barb's flags: pennants of 50 kt, full barbs of 10, a half barb of 5 (speed in m/s). */
export function barbParts(speedMs: number): { pennants: number; full: number; half: number } {
  let knots = Math.round((speedMs * 1.943_84) / 5) * 5;
  const pennants = Math.floor(knots / 50);
  knots -= pennants * 50;
  const full = Math.floor(knots / 10);
  knots -= full * 10;
  return { pennants, full, half: knots >= 5 ? 1 : 0 };
}

export interface LonLatBox {
  west: number;
  east: number;
  south: number;
  north: number;
}

/** Equirectangular view of a box, stretched by cos(mid-latitude) so that shapes keep their proportions. */
export function projector(box: LonLatBox, width: number, height: number) {
  const k = Math.cos((((box.north + box.south) / 2) * Math.PI) / 180);
  const spanX = (box.east - box.west) * k;
  const spanY = box.north - box.south;
  const scale = Math.min(width / spanX, height / spanY);
  const offX = (width - spanX * scale) / 2;
  const offY = (height - spanY * scale) / 2;
  return {
    toXY: (lon: number, lat: number) => ({
      x: offX + (lon - box.west) * k * scale,
      y: offY + (box.north - lat) * scale,
    }),
    toLonLat: (x: number, y: number) => ({
      lon: box.west + (x - offX) / (k * scale),
      lat: box.north - (y - offY) / scale,
    }),
    /** Pixels per degree of latitude. */
    scale,
    k,
  };
}

export interface Particle {
  lon: number;
  lat: number;
  age: number;
}

/**
 * One frame of the particle layer: each particle moves with the local wind (`stepDegPerMs` degrees
 * per frame for 1 m/s), is reborn at a random place when it leaves the grid, reaches a calm or grows
 * old. Answers the segments to draw (from, to) and the speed at each, for the colour.
 */
export function advanceParticles(
  particles: Particle[],
  grid: WindGrid,
  stepDegPerMs: number,
  maxAge: number,
  random: () => number,
): { x0: number; y0: number; x1: number; y1: number; speed: number }[] {
  const segments = [];
  const east = grid.lo1 + (grid.nx - 1) * grid.dx;
  const south = grid.la1 - (grid.ny - 1) * grid.dy;
  for (const p of particles) {
    const u = bilinear(grid, grid.u, p.lon, p.lat);
    const v = bilinear(grid, grid.v, p.lon, p.lat);
    if (u === null || v === null || p.age > maxAge) {
      p.lon = grid.lo1 + random() * (east - grid.lo1);
      p.lat = south + random() * (grid.la1 - south);
      p.age = Math.floor(random() * maxAge);
      continue;
    }
    const lon = p.lon + (u * stepDegPerMs) / Math.cos((p.lat * Math.PI) / 180);
    const lat = p.lat + v * stepDegPerMs;
    segments.push({ x0: p.lon, y0: p.lat, x1: lon, y1: lat, speed: Math.hypot(u, v) });
    p.lon = lon;
    p.lat = lat;
    p.age++;
  }
  return segments;
}
