/**
 * Drawing a grid's boundary on the map: the vertices clicked so far (longitude, latitude), added,
 * taken back one at a time and closed into a GeoJSON Polygon. Pure, so the map only turns clicks into
 * calls of these and draws what they return.
 */

export type LonLat = readonly [number, number];

export interface Drawing {
  vertices: readonly LonLat[];
  /** Closed: the ring is finished (完成 or a double-click) and can be saved. */
  closed: boolean;
}

export const EMPTY_DRAWING: Drawing = { vertices: [], closed: false };

/** The fewest distinct vertices of a polygon. */
export const MIN_VERTICES = 3;

const same = (a: LonLat, b: LonLat) => a[0] === b[0] && a[1] === b[1];

/** Adds a vertex to an open drawing; a closed one, or a repeat of the last vertex, is left as it is. */
export function addVertex(drawing: Drawing, point: LonLat): Drawing {
  if (drawing.closed || !Number.isFinite(point[0]) || !Number.isFinite(point[1])) return drawing;
  const last = drawing.vertices[drawing.vertices.length - 1];
  if (last !== undefined && same(last, point)) return drawing;
  return { vertices: [...drawing.vertices, [point[0], point[1]]], closed: false };
}

/** 撤销: reopens a closed drawing, else removes the last vertex. */
export function undoVertex(drawing: Drawing): Drawing {
  if (drawing.closed) return { vertices: drawing.vertices, closed: false };
  return { vertices: drawing.vertices.slice(0, -1), closed: false };
}

export function canClose(drawing: Drawing): boolean {
  return !drawing.closed && new Set(drawing.vertices.map((v) => `${v[0]},${v[1]}`)).size >= MIN_VERTICES;
}

/** 完成: closes the ring when it has enough vertices; otherwise nothing changes. */
export function closeDrawing(drawing: Drawing): Drawing {
  return canClose(drawing) ? { vertices: drawing.vertices, closed: true } : drawing;
}

/** The finished ring as a GeoJSON Polygon (first position repeated at the end), or null while open. */
export function drawingBoundary(drawing: Drawing): { type: 'Polygon'; coordinates: number[][][] } | null {
  if (!drawing.closed) return null;
  const ring = drawing.vertices.map((v) => [round(v[0]), round(v[1])]);
  const first = ring[0];
  if (first === undefined) return null;
  return { type: 'Polygon', coordinates: [[...ring, [...first]]] };
}

/** Seven decimals (about 1 cm): what a click can mean, without the float noise of pixel → degrees. */
function round(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

/**
 * A drawing that starts from an existing boundary (编辑边界): the outer ring of its first polygon,
 * open, without the repeated closing position, so that 撤销 takes back its last vertex.
 */
export function drawingFromBoundary(geometry: { type: string; coordinates: unknown } | undefined): Drawing {
  if (geometry === undefined || !Array.isArray(geometry.coordinates)) return EMPTY_DRAWING;
  const polygon: unknown = geometry.type === 'MultiPolygon' ? geometry.coordinates[0] : geometry.coordinates;
  const ring: unknown = Array.isArray(polygon) ? polygon[0] : undefined;
  if (!Array.isArray(ring)) return EMPTY_DRAWING;
  const vertices: LonLat[] = [];
  for (const p of ring) {
    if (Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number') vertices.push([p[0], p[1]]);
  }
  const first = vertices[0];
  const last = vertices[vertices.length - 1];
  if (vertices.length > 1 && first !== undefined && last !== undefined && same(first, last)) vertices.pop();
  return { vertices, closed: false };
}

/** Whether a boundary has more than one polygon or holes, which editing by clicks would drop. */
export function isComplexBoundary(geometry: { type: string; coordinates: unknown } | undefined): boolean {
  if (geometry === undefined || !Array.isArray(geometry.coordinates)) return false;
  if (geometry.type === 'MultiPolygon')
    return (
      geometry.coordinates.length > 1 || isComplexBoundary({ type: 'Polygon', coordinates: geometry.coordinates[0] })
    );
  return geometry.coordinates.length > 1;
}

export interface Click {
  x: number;
  y: number;
  /** Milliseconds (event time stamp). */
  at: number;
}

/**
 * Whether a click is the second click of a double-click (the browser sends click, click, dblclick):
 * near the previous one in place and time. Such a click adds no vertex; the double-click closes.
 */
export function isSecondClick(previous: Click | undefined, next: Click, withinMs = 350, withinPx = 6): boolean {
  if (previous === undefined) return false;
  return next.at - previous.at <= withinMs && Math.hypot(next.x - previous.x, next.y - previous.y) <= withinPx;
}
