import type { History, MapPoint, Running } from './smoke.api';

/** The looks of a kitchen's state: the same colour on the map, in the list and in the legend. */
export const STATE_LOOKS = {
  overLimit: { name: '超标', color: '#cf1322' },
  purifierOff: { name: '净化器未开', color: '#d46b08' },
  running: { name: '运行', color: '#389e0d' },
  stopped: { name: '停止', color: '#1677ff' },
  offline: { name: '离线/未安装', color: '#8c8c8c' },
} as const;
export type StateKey = keyof typeof STATE_LOOKS;

/** A kitchen's state, the worst first: over the limit, purifier off, running, stopped, offline. */
export function stateOf(p: Pick<MapPoint, 'online' | 'overLimit' | 'purifierOff' | 'fanState'>): StateKey {
  if (p.overLimit) return 'overLimit';
  if (p.purifierOff) return 'purifierOff';
  if (p.online !== 'online') return 'offline';
  return p.fanState === 'on' ? 'running' : 'stopped';
}

const RUN_COLORS = { on: '#52c41a', off: '#d9d9d9', unknown: '#fafafa' } as const;

/** The concentration line against the limit, and the fan and purifier currents on a second axis. */
export function historyOption(history: History) {
  const times = history.points.map((p) => p.time.slice(5, 16));
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { data: ['油烟浓度', '风机电流', '净化器电流'], top: 0 },
    grid: { left: 56, right: 56, top: 36, bottom: 56 },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    xAxis: { type: 'category', data: times },
    yAxis: [
      { type: 'value', name: 'mg/m³', min: 0, max: (v: { max: number }) => Math.max(v.max, history.limit * 1.25) },
      { type: 'value', name: 'A', min: 0, splitLine: { show: false } },
    ],
    series: [
      {
        name: '油烟浓度',
        type: 'line',
        showSymbol: false,
        data: history.points.map((p) => p.oilFume),
        itemStyle: { color: '#1677ff' },
        markLine: {
          symbol: 'none',
          lineStyle: { color: '#cf1322', type: 'dashed' },
          label: { formatter: `限值 ${history.limit} mg/m³`, position: 'insideEndTop' },
          data: [{ yAxis: history.limit }],
        },
      },
      {
        name: '风机电流',
        type: 'line',
        yAxisIndex: 1,
        step: 'end',
        showSymbol: false,
        lineStyle: { width: 1 },
        itemStyle: { color: '#52c41a' },
        data: history.points.map((p) => p.fanCurrent),
      },
      {
        name: '净化器电流',
        type: 'line',
        yAxisIndex: 1,
        step: 'end',
        showSymbol: false,
        lineStyle: { width: 1 },
        itemStyle: { color: '#d46b08' },
        data: history.points.map((p) => p.purifierCurrent),
      },
    ],
  };
}

const epoch = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`).getTime();

interface RenderApi {
  value(dim: number): number;
  coord(point: [number, number]): [number, number];
  size(point: [number, number]): [number, number];
  style(extra?: Record<string, unknown>): Record<string, unknown>;
}

/** Rows 风机 and 净化器, one bar per segment of 10-minute intervals: green running, grey stopped, blank unknown. */
export function runningOption(running: Running) {
  const rows = ['净化器', '风机'];
  const data = [...running.purifier.map((s) => ({ row: 0, s })), ...running.fan.map((s) => ({ row: 1, s }))].map(
    ({ row, s }) => ({
      value: [row, epoch(s.startTime), epoch(s.endTime)],
      name: `${rows[row]} ${s.stateName} ${s.startTime.slice(11, 16)}–${s.endTime.slice(11, 16)}`,
      itemStyle: { color: RUN_COLORS[s.state] },
    }),
  );
  return {
    animation: false,
    tooltip: { formatter: (p: { name: string }) => p.name },
    grid: { left: 64, right: 24, top: 8, bottom: 32 },
    xAxis: {
      type: 'time',
      min: epoch(running.startTime),
      max: epoch(running.endTime),
      axisLabel: { formatter: '{HH}:{mm}' },
    },
    yAxis: { type: 'category', data: rows },
    series: [
      {
        type: 'custom',
        encode: { x: [1, 2], y: 0 },
        renderItem: (_params: unknown, api: RenderApi) => {
          const row = api.value(0);
          const start = api.coord([api.value(1), row]);
          const end = api.coord([api.value(2), row]);
          const height = api.size([0, 1])[1] * 0.55;
          return {
            type: 'rect',
            shape: { x: start[0], y: start[1] - height / 2, width: Math.max(end[0] - start[0], 1), height },
            style: api.style({ stroke: '#bfbfbf', lineWidth: 0.5 }),
          };
        },
        data,
      },
    ],
  };
}

/**
 * The view that holds every kitchen with a margin (kitchens sit in a city's centre; the whole area's
 * outline would show them as one dot); none without points.
 */
export function boundsOf(points: readonly Pick<MapPoint, 'lon' | 'lat'>[]) {
  if (points.length === 0) return {};
  const lons = points.map((p) => p.lon);
  const lats = points.map((p) => p.lat);
  const pad = Math.max(
    0.05,
    (Math.max(...lons) - Math.min(...lons)) * 0.15,
    (Math.max(...lats) - Math.min(...lats)) * 0.15,
  );
  return {
    boundingCoords: [
      [Math.min(...lons) - pad, Math.max(...lats) + pad],
      [Math.max(...lons) + pad, Math.min(...lats) - pad],
    ],
  };
}

/** The kitchens over the area's outline, coloured by their state. */
export function mapOption(mapName: string | null, points: readonly MapPoint[]) {
  const keys = Object.keys(STATE_LOOKS) as StateKey[];
  return {
    animation: false,
    tooltip: { trigger: 'item', formatter: (p: { name: string; data?: { text?: string } }) => p.data?.text ?? p.name },
    legend: { data: keys.map((k) => STATE_LOOKS[k].name), bottom: 0 },
    ...(mapName === null
      ? { xAxis: { type: 'value', scale: true, show: false }, yAxis: { type: 'value', scale: true, show: false } }
      : {
          geo: {
            map: mapName,
            roam: true,
            itemStyle: { areaColor: '#eef2f7', borderColor: '#a6b1c2' },
            label: { show: true, color: '#8c8c8c', fontSize: 11 },
            ...boundsOf(points),
          },
        }),
    series: keys.map((k) => ({
      name: STATE_LOOKS[k].name,
      type: 'scatter',
      ...(mapName === null ? {} : { coordinateSystem: 'geo' }),
      symbolSize: 12,
      itemStyle: { color: STATE_LOOKS[k].color },
      data: points
        .filter((p) => stateOf(p) === k)
        .map((p) => ({
          name: p.name,
          value: [p.lon, p.lat],
          stationCode: p.stationCode,
          text: `${p.name}<br/>${STATE_LOOKS[k].name}${p.oilFume === null ? '' : `，油烟 ${p.oilFume} mg/m³`}`,
        })),
    })),
  };
}
