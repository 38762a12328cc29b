import type { EventMarker, HotCell } from './incidents.api';

/**
 * The hot map's logic: the web-map zoom level of the visible view (the server sizes its cells by it),
 * the view's box, the view fitted to the events, and the ECharts series — the heat of the cells, or
 * at close range the events themselves as markers.
 */

export interface Bbox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

export const MIN_ZOOM = 3;
export const MAX_ZOOM = 18;
/** From this zoom on the map shows the events one by one (a few streets across). */
export const MARKER_ZOOM = 14;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * The web-map (256-pixel tile) zoom whose scale matches a view `widthPx` pixels wide spanning the box's
 * longitudes: at zoom z the world's 360° are 256 × 2^z pixels. Rounded, within 3–18.
 */
export function zoomForView(bbox: Bbox, widthPx: number): number {
  const span = bbox.maxLon - bbox.minLon;
  if (!(span > 0) || !(widthPx > 0)) return MIN_ZOOM;
  return clamp(Math.round(Math.log2((360 * widthPx) / (256 * span))), MIN_ZOOM, MAX_ZOOM);
}

/** The longitude span a view `widthPx` wide shows at a zoom (the inverse of {@link zoomForView}). */
export function spanForZoom(zoom: number, widthPx: number): number {
  return (360 * widthPx) / (256 * 2 ** zoom);
}

/**
 * The box between two corners converted from pixels (top-left and bottom-right of the chart), put in
 * order and cut to valid longitudes and latitudes; null when a corner could not be converted.
 */
export function viewBbox(topLeft: unknown, bottomRight: unknown): Bbox | null {
  const ok = (p: unknown): p is [number, number] => Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1]);
  if (!ok(topLeft) || !ok(bottomRight)) return null;
  const r = (v: number) => Math.round(v * 1e5) / 1e5;
  const bbox = {
    minLon: r(clamp(Math.min(topLeft[0], bottomRight[0]), -180, 180)),
    maxLon: r(clamp(Math.max(topLeft[0], bottomRight[0]), -180, 180)),
    minLat: r(clamp(Math.min(topLeft[1], bottomRight[1]), -90, 90)),
    maxLat: r(clamp(Math.max(topLeft[1], bottomRight[1]), -90, 90)),
  };
  return bbox.minLon < bbox.maxLon && bbox.minLat < bbox.maxLat ? bbox : null;
}

/**
 * [[west, north], [east, south]] around the cells, a cell's size (`cellDegrees`) more on each side (a
 * cell's point is its events' mean, its events lie anywhere in it) and a quarter more; null without any
 * (the outline is shown whole).
 */
export function fitCells(
  cells: readonly Pick<HotCell, 'lon' | 'lat'>[],
  cellDegrees: number,
): [[number, number], [number, number]] | null {
  if (cells.length === 0) return null;
  const lons = cells.map((c) => c.lon);
  const lats = cells.map((c) => c.lat);
  const west = Math.min(...lons) - cellDegrees;
  const east = Math.max(...lons) + cellDegrees;
  const south = Math.min(...lats) - cellDegrees;
  const north = Math.max(...lats) + cellDegrees;
  const dx = (east - west) * 0.25;
  const dy = (north - south) * 0.25;
  return [
    [west - dx, north + dy],
    [east + dx, south - dy],
  ];
}

export const HEAT_COLORS = ['#fff5b1', '#ffd166', '#ff8c42', '#e63946', '#8b0000'];

/** The heat layer: each cell at its events' mean position weighted by its count, with the scale it needs. */
export function heatSeries(cells: readonly HotCell[]) {
  const max = Math.max(1, ...cells.map((c) => c.count));
  return {
    visualMap: {
      min: 0,
      max,
      calculable: true,
      realtime: false,
      orient: 'vertical',
      left: 16,
      bottom: 16,
      text: ['多', '少'],
      inRange: { color: HEAT_COLORS },
      seriesIndex: 0,
    },
    series: {
      id: 'heat',
      type: 'heatmap',
      coordinateSystem: 'geo',
      pointSize: 18,
      blurSize: 16,
      // A single event still shows: the weakest cell is not blurred away to nothing.
      minOpacity: 0.25,
      data: cells.map((c) => [c.lon, c.lat, c.count]),
    },
  };
}

export const MARKER_COLORS = { open: '#fa8c16', overdue: '#cf1322', done: '#52c41a', rejected: '#8c8c8c' } as const;

/** A marker's colour: overdue red, closed or handled green, rejected grey, the rest orange. */
export function markerColor(e: Pick<EventMarker, 'eventState' | 'overdue'>): string {
  if (e.eventState === 'rejected') return MARKER_COLORS.rejected;
  if (e.eventState === 'closed' || e.eventState === 'handled' || e.eventState === 'reviewed') return MARKER_COLORS.done;
  return e.overdue ? MARKER_COLORS.overdue : MARKER_COLORS.open;
}

/** The events one by one, each datum carrying its event id for the popup. */
export function markerSeries(list: readonly EventMarker[]) {
  return {
    id: 'events',
    type: 'scatter',
    coordinateSystem: 'geo',
    symbol: 'pin',
    symbolSize: 26,
    z: 5,
    data: list.map((e) => ({
      name: e.title,
      eventId: e.eventId,
      value: [e.longitude, e.latitude],
      itemStyle: { color: markerColor(e) },
    })),
  };
}

/** The event id of a clicked marker's data, if it is one. */
export function eventIdOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('eventId' in data)) return undefined;
  return typeof data.eventId === 'string' ? data.eventId : undefined;
}

/** The map's base: the outline, fitted to `view`; the layers are set on top so the reader's zoom stays. */
export function hotBaseOption(mapName: string, view: [[number, number], [number, number]] | null) {
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
      scaleLimit: { min: 0.5, max: 20_000 },
      itemStyle: { areaColor: '#f3f6fa', borderColor: '#9db0c6', borderWidth: 1 },
      label: { show: false },
      emphasis: { disabled: true },
      select: { disabled: true },
      tooltip: { show: false },
    },
    series: [],
  };
}

/** The top catalogues as horizontal bars, the largest on top. */
export function topBarOption(rows: readonly { code: string; name: string; count: number }[]) {
  const shown = [...rows].reverse();
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: shown.map((r) => r.name), axisLabel: { width: 96, overflow: 'truncate' } },
    series: [
      {
        type: 'bar',
        data: shown.map((r) => r.count),
        itemStyle: { color: '#1677ff' },
        label: { show: true, position: 'right' },
        barMaxWidth: 18,
      },
    ],
  };
}
