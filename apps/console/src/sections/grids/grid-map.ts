import type { Drawing, LonLat } from './drawing';

/**
 * The grid map's logic: each grid's fill (by its events when the counts are known, one plain colour
 * otherwise), the view that fits the grids, and the ECharts series drawn over the area's outline —
 * the grids as polygons with their names at their label points, and the boundary being drawn.
 */

export interface MapGrid {
  gridCode: string;
  name: string;
  center: LonLat;
  /** Outer rings of each polygon ([lon, lat] positions); holes are not drawn. */
  rings: LonLat[][];
  /** Events in the period; null when the server gave no counts. */
  count: number | null;
}

interface FeatureLike {
  properties: { gridCode: string; name: string; center: readonly [number, number] };
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] };
}

const isPosition = (p: unknown): p is [number, number] =>
  Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number';

function outerRings(geometry: FeatureLike['geometry']): LonLat[][] {
  const polygons: unknown[] = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const rings: LonLat[][] = [];
  for (const polygon of polygons) {
    const outer: unknown = Array.isArray(polygon) ? polygon[0] : undefined;
    if (Array.isArray(outer)) rings.push(outer.filter(isPosition).map((p): LonLat => [p[0], p[1]]));
  }
  return rings.filter((r) => r.length >= 3);
}

/** The size of a grid's box in square degrees (to draw the large under the small). */
function boxSize(rings: readonly LonLat[][]): number {
  const points = rings.flat();
  if (points.length === 0) return 0;
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return (Math.max(...lons) - Math.min(...lons)) * (Math.max(...lats) - Math.min(...lats));
}

/**
 * The grids of a FeatureCollection with their counts (`counts` null: not known), the largest first so
 * that a grid drawn over another (siblings may overlap while being redrawn) stays visible and clickable.
 */
export function mapGrids(
  features: readonly FeatureLike[],
  counts: readonly { gridCode: string | null; count: number }[] | null,
): MapGrid[] {
  const byCode = new Map((counts ?? []).map((c) => [c.gridCode, c.count]));
  return features
    .map(
      (f): MapGrid => ({
        gridCode: f.properties.gridCode,
        name: f.properties.name,
        center: [f.properties.center[0], f.properties.center[1]],
        rings: outerRings(f.geometry),
        count: counts === null ? null : (byCode.get(f.properties.gridCode) ?? 0),
      }),
    )
    .sort((a, b) => boxSize(b.rings) - boxSize(a.rings));
}

/** Light to dark: few events to many. */
export const COUNT_COLORS = ['#fff1e6', '#ffd8a8', '#ffa94d', '#f76707', '#c92a2a'] as const;
export const PLAIN_COLOR = '#91caff';

/** A grid's fill: by its share of the largest count (five steps), or plain when counts are unknown. */
export function countColor(count: number | null, max: number): string {
  if (count === null) return PLAIN_COLOR;
  if (count <= 0 || max <= 0) return COUNT_COLORS[0];
  // Above zero: the four darker steps by share of the largest count, which takes the darkest.
  const step = 1 + Math.min(3, Math.floor((count / max) * 4));
  return COUNT_COLORS[step] ?? COUNT_COLORS[4];
}

/** [[west, north], [east, south]] around the grids (and the drawing), padded by `pad` of the size; null without any. */
export function fitView(
  grids: readonly MapGrid[],
  extra: readonly LonLat[] = [],
  pad = 0.15,
): [[number, number], [number, number]] | null {
  const points = [...grids.flatMap((g) => g.rings.flat()), ...extra];
  if (points.length === 0) return null;
  let west = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const [lon, lat] of points) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  // A single point or a line still gets a view around it.
  const dx = Math.max(east - west, 0.005) * pad;
  const dy = Math.max(north - south, 0.005) * pad;
  return [
    [west - dx, north + dy],
    [east + dx, south - dy],
  ];
}

/** What ECharts hands a custom series' renderItem: the datum's index and the coordinate conversion. */
interface RenderParams {
  dataIndex: number;
}
interface RenderApi {
  coord(value: readonly number[]): number[];
}

/** The grid code of a clicked item's data, if it is a grid. */
export function gridCodeOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('gridCode' in data)) return undefined;
  return typeof data.gridCode === 'string' ? data.gridCode : undefined;
}

/** The series of the grids: polygons coloured by count, the selected one outlined, names at their centres. */
export function gridSeries(grids: readonly MapGrid[], selected: string | undefined, dimmed: boolean) {
  const max = Math.max(0, ...grids.map((g) => g.count ?? 0));
  return {
    id: 'grids',
    type: 'custom',
    coordinateSystem: 'geo',
    z: 3,
    data: grids.map((g) => ({
      name: g.name,
      gridCode: g.gridCode,
      count: g.count,
      value: [g.center[0], g.center[1]],
    })),
    renderItem: (params: RenderParams, api: RenderApi) => {
      const grid = grids[params.dataIndex];
      if (grid === undefined) return null;
      const isSelected = grid.gridCode === selected;
      const fill = countColor(grid.count, max);
      const [x, y] = api.coord(grid.center);
      return {
        type: 'group',
        children: [
          ...grid.rings.map((ring) => ({
            type: 'polygon',
            shape: { points: ring.map((p) => api.coord(p)) },
            style: {
              fill,
              opacity: dimmed ? 0.35 : 0.72,
              stroke: isSelected ? '#0958d9' : '#4a6a8a',
              lineWidth: isSelected ? 3 : 1,
            },
            z2: isSelected ? 10 : 1,
          })),
          {
            type: 'text',
            x,
            y,
            silent: true,
            z2: 20,
            style: {
              text: grid.count === null ? grid.name : `${grid.name}\n${grid.count} 件`,
              fill: '#1f2d3d',
              fontSize: 12,
              fontWeight: isSelected ? 'bold' : 'normal',
              align: 'center',
              verticalAlign: 'middle',
              stroke: '#ffffff',
              lineWidth: 3,
            },
          },
        ],
      };
    },
    tooltip: {
      formatter: (params: { data?: unknown }) => {
        const data = params.data;
        if (typeof data !== 'object' || data === null || !('name' in data) || !('count' in data)) return '';
        const count = typeof data.count === 'number' ? `<br/>事件 ${data.count} 件` : '';
        return `${escapeHtml(String(data.name))}${count}`;
      },
    },
  };
}

/** The boundary being drawn: its edges (closed: filled), its vertices as dots. */
export function drawingSeries(drawing: Drawing) {
  const vertices = drawing.vertices;
  return {
    id: 'drawing',
    type: 'custom',
    coordinateSystem: 'geo',
    z: 5,
    silent: true,
    data: vertices.length === 0 ? [] : [{ value: [vertices[0]?.[0] ?? 0, vertices[0]?.[1] ?? 0] }],
    renderItem: (_params: RenderParams, api: RenderApi) => {
      const points = vertices.map((v) => api.coord(v));
      const edge = drawing.closed
        ? {
            type: 'polygon',
            shape: { points },
            style: { fill: 'rgba(22,119,255,0.25)', stroke: '#1677ff', lineWidth: 2 },
          }
        : {
            type: 'polyline',
            shape: { points },
            style: { fill: 'none', stroke: '#1677ff', lineWidth: 2, lineDash: [6, 4] },
          };
      return {
        type: 'group',
        children: [
          edge,
          ...points.map(([x, y], i) => ({
            type: 'circle',
            shape: { cx: x, cy: y, r: i === points.length - 1 && !drawing.closed ? 6 : 4 },
            style: { fill: i === 0 ? '#1677ff' : '#ffffff', stroke: '#1677ff', lineWidth: 2 },
            z2: 30,
          })),
        ],
      };
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The map's base: the registered outline under the grids, fitted to `view` (the grids, or the outline
 * when there are none); roam by wheel and drag. The series are set separately, so that a new vertex
 * or a new selection keeps the reader's zoom.
 */
export function baseOption(mapName: string, view: [[number, number], [number, number]] | null) {
  return {
    animation: false,
    tooltip: { trigger: 'item', confine: true },
    geo: {
      map: mapName,
      roam: true,
      ...(view === null ? {} : { boundingCoords: view }),
      top: 16,
      bottom: 16,
      left: 16,
      right: 16,
      scaleLimit: { min: 0.3, max: 60 },
      itemStyle: { areaColor: '#f3f6fa', borderColor: '#9db0c6', borderWidth: 1 },
      label: { show: false },
      emphasis: { disabled: true },
      select: { disabled: true },
      tooltip: { show: false },
    },
    series: [],
  };
}
