/**
 * A regular lon/lat wind grid in the layout of the common "earth"/leaflet-velocity JSON: rows from
 * the north edge (la1) southwards, columns from the west edge (lo1) eastwards, u and v in m/s,
 * index = row * nx + column. Missing values are NaN.
 */
export interface WindGrid {
  nx: number;
  ny: number;
  lo1: number;
  la1: number;
  dx: number;
  dy: number;
  u: ArrayLike<number>;
  v: ArrayLike<number>;
}

export interface WindAt {
  u: number;
  v: number;
}

/** Bilinear value of a grid field at a point; null outside the grid or next to a missing node. */
export function bilinear(grid: WindGrid, field: ArrayLike<number>, lon: number, lat: number): number | null {
  const fx = (lon - grid.lo1) / grid.dx;
  const fy = (grid.la1 - lat) / grid.dy;
  if (!(fx >= 0 && fy >= 0 && fx <= grid.nx - 1 && fy <= grid.ny - 1)) return null;
  const x0 = Math.min(Math.floor(fx), grid.nx - 2);
  const y0 = Math.min(Math.floor(fy), grid.ny - 2);
  const tx = fx - x0;
  const ty = fy - y0;
  const at = (x: number, y: number) => field[y * grid.nx + x] as number;
  const a = at(x0, y0);
  const b = at(x0 + 1, y0);
  const c = at(x0, y0 + 1);
  const d = at(x0 + 1, y0 + 1);
  const value = (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty;
  return Number.isFinite(value) ? value : null;
}

export function gridWindAt(grid: WindGrid, lon: number, lat: number): WindAt | null {
  const u = bilinear(grid, grid.u, lon, lat);
  const v = bilinear(grid, grid.v, lon, lat);
  return u === null || v === null ? null : { u, v };
}

/** Meteorological direction (degrees the wind blows from) and speed of a (u, v) vector. */
export function windDirectionSpeed(u: number, v: number): { direction: number; speed: number } {
  const speed = Math.hypot(u, v);
  const direction = speed === 0 ? 0 : (Math.atan2(-u, -v) * 180) / Math.PI;
  return { direction: (direction + 360) % 360, speed };
}

/** (u, v) of a wind blowing from `direction` degrees at `speed`. */
export function windComponents(direction: number, speed: number): WindAt {
  const r = (direction * Math.PI) / 180;
  return { u: -speed * Math.sin(r), v: -speed * Math.cos(r) };
}
