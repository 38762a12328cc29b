/**
 * Plane geometry on longitude/latitude for grid boundaries (GeoJSON Polygon and MultiPolygon, with
 * holes). Grids are a few kilometres across, so treating degrees as plane coordinates decides "inside"
 * exactly as a map draws it; areas are in square kilometres on a local equirectangular projection.
 */

/** [longitude, latitude] */
export type Position = readonly [number, number] | readonly number[];
export type Ring = readonly Position[];
/** A polygon: the outer ring, then its holes. */
export type PolygonRings = readonly Ring[];

export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: PolygonRings;
}

export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: readonly PolygonRings[];
}

export type AreaGeometry = PolygonGeometry | MultiPolygonGeometry;

export interface BoundingBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

function polygonsOf(geometry: AreaGeometry): readonly PolygonRings[] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/** Even–odd ray casting; a point exactly on an edge counts as inside (a grid's own boundary road). */
export function inRing(lon: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = Number(ring[i]?.[0]);
    const yi = Number(ring[i]?.[1]);
    const xj = Number(ring[j]?.[0]);
    const yj = Number(ring[j]?.[1]);
    if (onSegment(lon, lat, xi, yi, xj, yj)) return true;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function onSegment(x: number, y: number, x1: number, y1: number, x2: number, y2: number): boolean {
  const cross = (x - x1) * (y2 - y1) - (y - y1) * (x2 - x1);
  if (Math.abs(cross) > 1e-12) return false;
  return x >= Math.min(x1, x2) && x <= Math.max(x1, x2) && y >= Math.min(y1, y2) && y <= Math.max(y1, y2);
}

/** Whether a point lies inside a polygon or multipolygon (inside an outer ring and outside its holes). */
export function containsPoint(geometry: AreaGeometry, lon: number, lat: number): boolean {
  return polygonsOf(geometry).some((rings) => {
    const [outer, ...holes] = rings;
    if (outer === undefined || !inRing(lon, lat, outer)) return false;
    return !holes.some((hole) => inRing(lon, lat, hole) && !onBoundary(lon, lat, hole));
  });
}

function onBoundary(lon: number, lat: number, ring: Ring): boolean {
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    if (onSegment(lon, lat, Number(ring[i]?.[0]), Number(ring[i]?.[1]), Number(ring[j]?.[0]), Number(ring[j]?.[1]))) {
      return true;
    }
  }
  return false;
}

export function boundingBox(geometry: AreaGeometry): BoundingBox {
  const box = { minLon: Infinity, minLat: Infinity, maxLon: -Infinity, maxLat: -Infinity };
  for (const rings of polygonsOf(geometry)) {
    for (const point of rings[0] ?? []) {
      const lon = Number(point[0]);
      const lat = Number(point[1]);
      box.minLon = Math.min(box.minLon, lon);
      box.maxLon = Math.max(box.maxLon, lon);
      box.minLat = Math.min(box.minLat, lat);
      box.maxLat = Math.max(box.maxLat, lat);
    }
  }
  return box;
}

export function inBox(box: BoundingBox, lon: number, lat: number): boolean {
  return lon >= box.minLon && lon <= box.maxLon && lat >= box.minLat && lat <= box.maxLat;
}

/** Signed shoelace area of a ring in square degrees. */
function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (Number(ring[j]?.[0]) + Number(ring[i]?.[0])) * (Number(ring[j]?.[1]) - Number(ring[i]?.[1]));
  }
  return sum / 2;
}

const KM_PER_DEGREE = 111.32;

/** The area in km² (holes subtracted). */
export function areaKm2(geometry: AreaGeometry): number {
  const box = boundingBox(geometry);
  const cosLat = Math.cos((((box.minLat + box.maxLat) / 2) * Math.PI) / 180);
  let degrees = 0;
  for (const [outer, ...holes] of polygonsOf(geometry)) {
    degrees += Math.abs(ringArea(outer ?? []));
    for (const hole of holes) degrees -= Math.abs(ringArea(hole));
  }
  return degrees * KM_PER_DEGREE * KM_PER_DEGREE * cosLat;
}

/** A label point: the centroid of the largest outer ring (good enough for the compact shapes of grids). */
export function labelPoint(geometry: AreaGeometry): [number, number] {
  let best: Ring = [];
  let bestArea = -1;
  for (const rings of polygonsOf(geometry)) {
    const outer = rings[0] ?? [];
    const area = Math.abs(ringArea(outer));
    if (area > bestArea) {
      best = outer;
      bestArea = area;
    }
  }
  let cx = 0;
  let cy = 0;
  let a = 0;
  for (let i = 0, j = best.length - 1; i < best.length; j = i++) {
    const xi = Number(best[i]?.[0]);
    const yi = Number(best[i]?.[1]);
    const xj = Number(best[j]?.[0]);
    const yj = Number(best[j]?.[1]);
    const f = xj * yi - xi * yj;
    cx += (xj + xi) * f;
    cy += (yj + yi) * f;
    a += f;
  }
  if (a === 0) {
    const box = boundingBox(geometry);
    return [(box.minLon + box.maxLon) / 2, (box.minLat + box.maxLat) / 2];
  }
  return [cx / (3 * a), cy / (3 * a)];
}

/**
 * Whether a parsed JSON value is a usable boundary: a Polygon or MultiPolygon whose rings are closed
 * or closable, with ≥ 3 distinct positions of finite longitude (−180…180) and latitude (−90…90).
 * Returns the problem in Chinese, or null.
 */
export function boundaryProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return '边界应为 GeoJSON Polygon 或 MultiPolygon';
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown };
  if (type !== 'Polygon' && type !== 'MultiPolygon') return '边界应为 GeoJSON Polygon 或 MultiPolygon';
  if (!Array.isArray(coordinates) || coordinates.length === 0) return '边界没有坐标';
  const polygons = type === 'Polygon' ? [coordinates] : coordinates;
  for (const rings of polygons) {
    if (!Array.isArray(rings) || rings.length === 0) return '边界的多边形没有外环';
    for (const ring of rings) {
      if (!Array.isArray(ring) || ring.length < 3) return '边界的每个环至少需要 3 个点';
      for (const point of ring) {
        if (!Array.isArray(point) || point.length < 2) return '坐标应为 [经度, 纬度]';
        const [lon, lat] = point;
        if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat)) {
          return '坐标应为数字 [经度, 纬度]';
        }
        if (lon < -180 || lon > 180 || lat < -90 || lat > 90) return '坐标超出经纬度范围';
      }
      const distinct = new Set(ring.map((p: number[]) => `${p[0]},${p[1]}`));
      if (distinct.size < 3) return '边界的每个环至少需要 3 个不同的点';
    }
  }
  return null;
}
