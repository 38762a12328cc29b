import { PATROL_STATUSES } from '@lantian/contracts';

/**
 * 巡查记录's logic: the list's filters as the address keeps them, the words for distances and times,
 * the grid filter's tree, and the replay of a track (where the patroller was at a moment, the part
 * walked so far) with the map's ECharts option. Pure, so it is tested without a browser.
 */

export const PATROL_FILTERS = ['keyword', 'gridCode', 'patrolTools', 'status', 'startTime', 'endTime'] as const;

export const STATUS_OPTIONS = Object.entries(PATROL_STATUSES).map(([value, label]) => ({ value, label }));
export const STATUS_COLORS: Record<keyof typeof PATROL_STATUSES, string> = {
  active: 'processing',
  finished: 'default',
};

const TIME_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const GRID_CODE = /^\d{6}(\d{3}){0,8}$/;
const TOOL_CODE = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/** The list call's parameters: malformed filters from a pasted address are dropped (the server would answer 400). */
export function patrolParams(params: Readonly<Record<string, string | number>>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    const text = String(value);
    if (name === 'sortBy' || name === 'sortOrder') continue;
    if (name === 'status' && !Object.hasOwn(PATROL_STATUSES, text)) continue;
    if ((name === 'startTime' || name === 'endTime') && !TIME_TEXT.test(text)) continue;
    if (name === 'gridCode' && !GRID_CODE.test(text)) continue;
    if (name === 'patrolTools' && !TOOL_CODE.test(text)) continue;
    if (name === 'keyword' && text.length > 40) continue;
    out[name] = value;
  }
  return out;
}

/** 850 米, 12.35 公里. */
export function formatDistance(metres: number): string {
  if (!Number.isFinite(metres) || metres <= 0) return '0 米';
  if (metres < 1000) return `${Math.round(metres)} 米`;
  return `${(metres / 1000).toFixed(2)} 公里`;
}

/** A stopwatch: 05:07, 1:02:09. */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The server's China time ('YYYY-MM-DD HH:mm:ss', UTC+8) as Unix milliseconds; NaN when malformed. */
export function chinaTimeMs(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (m === null) return Number.NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h - 8, mi, s);
}

/** Unix milliseconds as China time of day: 09:05:07. */
export function chinaClock(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(11, 19);
}

// --- The grid filter ---

export interface GridTreeInput {
  code: string;
  name: string;
  level: string;
  kind: 'area' | 'grid';
  gridCode?: string | undefined;
  children: GridTreeInput[];
}

export interface GridTreeOption {
  value: string;
  title: string;
  selectable: boolean;
  children: GridTreeOption[];
}

/** The tree as TreeSelect options: a county (all its grids) or any grid can be chosen; areas above only open. */
export function gridTreeOptions(nodes: readonly GridTreeInput[]): GridTreeOption[] {
  return nodes.map((n) => ({
    value: n.kind === 'grid' ? (n.gridCode ?? n.code) : n.code,
    title: n.name,
    selectable: n.kind === 'grid' || n.level === 'county',
    children: gridTreeOptions(n.children),
  }));
}

// --- Replay ---

/** A track point as the detail call gives it: [longitude, latitude, Unix ms]. */
export type TrackTuple = readonly [number, number, number];

/** Where the patroller was at `t`: interpolated between the two points around it; `index` counts the points passed. */
export function positionAt(track: readonly TrackTuple[], t: number): { lon: number; lat: number; index: number } {
  const first = track[0];
  const last = track[track.length - 1];
  if (first === undefined || last === undefined) return { lon: Number.NaN, lat: Number.NaN, index: 0 };
  if (t <= first[2]) return { lon: first[0], lat: first[1], index: 1 };
  if (t >= last[2]) return { lon: last[0], lat: last[1], index: track.length };
  // The last point at or before t (binary search: tracks run to thousands of points, replayed at 30 fps).
  let lo = 0;
  let hi = track.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((track[mid] as TrackTuple)[2] <= t) lo = mid;
    else hi = mid - 1;
  }
  const a = track[lo] as TrackTuple;
  const b = track[lo + 1] ?? a;
  const share = b[2] === a[2] ? 0 : (t - a[2]) / (b[2] - a[2]);
  return { lon: a[0] + (b[0] - a[0]) * share, lat: a[1] + (b[1] - a[1]) * share, index: lo + 1 };
}

/** The part of the track walked by `t`, ending at the interpolated position. */
export function walkedBy(track: readonly TrackTuple[], t: number): [number, number][] {
  const here = positionAt(track, t);
  if (Number.isNaN(here.lon)) return [];
  const done = track.slice(0, here.index).map(([lon, lat]): [number, number] => [lon, lat]);
  const end = done[done.length - 1];
  if (end === undefined || end[0] !== here.lon || end[1] !== here.lat) done.push([here.lon, here.lat]);
  return done;
}

/** The map's view around the track (and the events): its box with a margin, at least ~500 m across. */
export function trackBounds(
  points: readonly (readonly [number, number])[],
): [[number, number], [number, number]] | undefined {
  if (points.length === 0) return undefined;
  let minLon = Number.POSITIVE_INFINITY;
  let maxLon = Number.NEGATIVE_INFINITY;
  let minLat = Number.POSITIVE_INFINITY;
  let maxLat = Number.NEGATIVE_INFINITY;
  for (const [lon, lat] of points) {
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  const padLon = Math.max((maxLon - minLon) * 0.15, 0.003);
  const padLat = Math.max((maxLat - minLat) * 0.15, 0.003);
  // ECharts' geo.boundingCoords: [left-top, right-bottom].
  return [
    [minLon - padLon, maxLat + padLat],
    [maxLon + padLon, minLat - padLat],
  ];
}

export interface MapEvent {
  eventId: string;
  title: string;
  stateName: string;
  longitude: number;
  latitude: number;
  reportedAt: string;
}

/** The event id of a clicked marker's data, if it is one. */
export function eventIdOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('eventId' in data)) return undefined;
  return typeof data.eventId === 'string' ? data.eventId : undefined;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const TRACK_COLORS = { track: '#91caff', walked: '#1677ff', start: '#52c41a', end: '#f5222d', event: '#fa8c16' };

/** The moving marker and the walked part at `t`: the series the replay updates (merged by id). */
export function replaySeries(track: readonly TrackTuple[], t: number, coordinateSystem: 'geo' | 'cartesian2d') {
  const here = positionAt(track, t);
  const walked = walkedBy(track, t);
  return [
    {
      id: 'walked',
      type: 'lines',
      coordinateSystem,
      polyline: true,
      silent: true,
      z: 3,
      lineStyle: { color: TRACK_COLORS.walked, width: 4, opacity: 0.95 },
      data: walked.length > 1 ? [{ coords: walked }] : [],
    },
    {
      id: 'cursor',
      type: 'scatter',
      coordinateSystem,
      symbolSize: 16,
      silent: true,
      z: 6,
      itemStyle: {
        color: TRACK_COLORS.walked,
        borderColor: '#fff',
        borderWidth: 3,
        shadowBlur: 6,
        shadowColor: 'rgba(0,0,0,0.35)',
      },
      data: Number.isNaN(here.lon) ? [] : [{ value: [here.lon, here.lat] }],
    },
  ];
}

/**
 * The replay map: the whole track pale, the walked part strong up to `t`, start and end, the events
 * reported on the way (pins: a click opens the event). `mapName`: the registered outline, or
 * undefined to draw on bare axes by longitude and latitude.
 */
export function trackMapOption(
  track: readonly TrackTuple[],
  events: readonly MapEvent[],
  mapName: string | undefined,
  t: number,
): Record<string, unknown> {
  const coordinateSystem = mapName === undefined ? 'cartesian2d' : 'geo';
  const coords = track.map(([lon, lat]): [number, number] => [lon, lat]);
  const first = coords[0];
  const last = coords[coords.length - 1];
  const byId = new Map(events.map((e) => [e.eventId, e]));
  const series = [
    {
      id: 'track',
      type: 'lines',
      coordinateSystem,
      polyline: true,
      silent: true,
      z: 2,
      lineStyle: { color: TRACK_COLORS.track, width: 4, opacity: 0.9 },
      data: coords.length > 1 ? [{ coords }] : [],
    },
    ...replaySeries(track, t, coordinateSystem),
    {
      id: 'ends',
      type: 'scatter',
      coordinateSystem,
      symbolSize: 22,
      z: 4,
      silent: true,
      label: { show: true, formatter: '{b}', color: '#fff', fontSize: 11, fontWeight: 'bold' },
      data: [
        ...(first === undefined ? [] : [{ name: '起', value: first, itemStyle: { color: TRACK_COLORS.start } }]),
        ...(last === undefined || coords.length < 2
          ? []
          : [{ name: '终', value: last, itemStyle: { color: TRACK_COLORS.end } }]),
      ],
    },
    {
      id: 'events',
      type: 'scatter',
      coordinateSystem,
      symbol: 'pin',
      symbolSize: 34,
      z: 5,
      cursor: 'pointer',
      itemStyle: { color: TRACK_COLORS.event },
      label: { show: true, formatter: '事', color: '#fff', fontSize: 11, offset: [0, -3] },
      data: events.map((e) => ({ name: e.title, eventId: e.eventId, value: [e.longitude, e.latitude] })),
    },
  ];
  const tooltip = {
    trigger: 'item',
    confine: true,
    formatter: (params: { data?: unknown }) => {
      const id = eventIdOf(params.data);
      const e = id === undefined ? undefined : byId.get(id);
      if (e === undefined) return '';
      return [
        `<strong>${escapeHtml(e.title)}</strong>`,
        `状态：${escapeHtml(e.stateName)}`,
        `上报：${escapeHtml(e.reportedAt)}`,
        '点击查看事件',
      ].join('<br/>');
    },
  };
  if (mapName === undefined) {
    return {
      animation: false,
      tooltip,
      grid: { left: 24, right: 24, top: 24, bottom: 24 },
      xAxis: { type: 'value', scale: true, show: false },
      yAxis: { type: 'value', scale: true, show: false },
      series,
    };
  }
  const bounds = trackBounds([...coords, ...events.map((e): [number, number] => [e.longitude, e.latitude])]);
  return {
    animation: false,
    tooltip,
    geo: {
      map: mapName,
      roam: true,
      ...(bounds === undefined ? {} : { boundingCoords: bounds }),
      top: 16,
      bottom: 16,
      left: 16,
      right: 16,
      scaleLimit: { min: 0.5, max: 200 },
      itemStyle: { areaColor: '#eef3f9', borderColor: '#9db0c6', borderWidth: 1 },
      label: { show: true, color: '#8896a8', fontSize: 10 },
      emphasis: { disabled: true },
      select: { disabled: true },
      tooltip: { show: false },
    },
    series,
  };
}
