import type { HotspotRow, LidarDevice, Plot, RoadVisibility, ScanMeta } from './lidar.api';

/**
 * The lidar map's logic: the ECharts option of the offline outline with the scan's overlay image
 * placed on its rectangle (a custom series, so it follows zoom and pan), the lidars, the hot spots by
 * review state, the polluter plots; the road visibility map's segments by warning level; the scan
 * navigation's time arithmetic.
 */

export const HOTSPOT_LOOKS = {
  pending: { name: '待审核', color: '#fa541c' },
  confirmed: { name: '已确认', color: '#cf1322' },
  dismissed: { name: '已排除', color: '#8c8c8c' },
} as const;

export const LEVEL_COLORS: Record<number, string> = { 1: '#f5222d', 2: '#fa8c16', 3: '#fadb14' };
export const CLEAR_ROAD = '#52c41a';

export function hotspotColor(status: string): string {
  return status in HOTSPOT_LOOKS ? HOTSPOT_LOOKS[status as keyof typeof HOTSPOT_LOOKS].color : '#fa541c';
}

/** `YYYY-MM-DD HH:mm:ss` (China time) moved by `seconds`. */
export function shiftTime(text: string, seconds: number): string {
  const t = Date.parse(`${text.replace(' ', 'T')}+08:00`) + seconds * 1000;
  const d = new Date(t + 8 * 3600 * 1000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

interface MapInput {
  mapName: string | undefined;
  devices: readonly LidarDevice[];
  scan: ScanMeta | null;
  hotspots: readonly HotspotRow[];
  plots: readonly Plot[];
  selected: string | null;
}

/** What a clicked item is: a hot spot (by id) or a device. */
export function clickTarget(data: unknown): { kind: 'hotspot' | 'device'; id: string } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  if ('hotspotId' in data && typeof data.hotspotId === 'string') return { kind: 'hotspot', id: data.hotspotId };
  if ('deviceId' in data && typeof data.deviceId === 'string') return { kind: 'device', id: data.deviceId };
  return undefined;
}

export function lidarMapOption(input: MapInput): Record<string, unknown> {
  const coordinateSystem = input.mapName === undefined ? 'cartesian2d' : 'geo';
  const series: Array<Record<string, unknown>> = [];
  const scan = input.scan;
  if (scan !== null) {
    const r = scan.rectangle;
    series.push({
      id: 'overlay',
      type: 'custom',
      coordinateSystem,
      silent: true,
      z: 2,
      data: [[r.west, r.north, r.east, r.south]],
      renderItem: (_params: unknown, api: { coord: (p: [number, number]) => [number, number] }) => {
        const [x0, y0] = api.coord([r.west, r.north]);
        const [x1, y1] = api.coord([r.east, r.south]);
        return { type: 'image', style: { image: scan.overlayUrl, x: x0, y: y0, width: x1 - x0, height: y1 - y0 } };
      },
    });
  }
  series.push({
    id: 'plots',
    type: 'scatter',
    coordinateSystem,
    symbol: 'pin',
    symbolSize: 22,
    z: 3,
    itemStyle: { color: '#722ed1' },
    data: input.plots.map((p) => ({ name: p.name, value: [p.lon, p.lat], plotId: p.id })),
    tooltip: { formatter: (p: { name: string }) => `污染源：${p.name}` },
  });
  series.push({
    id: 'devices',
    type: 'scatter',
    coordinateSystem,
    symbol: 'triangle',
    symbolSize: (_v: unknown, p: { data: { deviceId: string } }) => (p.data.deviceId === input.selected ? 20 : 14),
    z: 4,
    data: input.devices.map((d) => ({
      name: d.name,
      value: [d.lon, d.lat],
      deviceId: d.deviceId,
      itemStyle: {
        color: d.deviceId === input.selected ? '#1677ff' : '#595959',
        borderColor: '#fff',
        borderWidth: 1.5,
      },
    })),
    tooltip: { formatter: (p: { name: string }) => p.name },
  });
  series.push({
    id: 'hotspots',
    type: 'effectScatter',
    coordinateSystem,
    symbolSize: 12,
    rippleEffect: { scale: 2.5, brushType: 'stroke' },
    z: 5,
    data: input.hotspots.map((h) => ({
      name: h.hotId,
      value: [h.lon, h.lat],
      hotspotId: h.id,
      itemStyle: { color: hotspotColor(h.status) },
    })),
    tooltip: {
      formatter: (p: { data: { hotspotId: string } }) => {
        const h = input.hotspots.find((x) => x.id === p.data.hotspotId);
        return h === undefined
          ? ''
          : `热点 ${h.hotId}<br/>${h.statusName}，出现 ${h.scans} 次<br/>首次 ${h.recordTime}`;
      },
    },
  });
  const base = { animation: false, tooltip: { trigger: 'item', confine: true }, series };
  if (input.mapName === undefined) {
    return {
      ...base,
      xAxis: { type: 'value', scale: true, show: false },
      yAxis: { type: 'value', scale: true, show: false },
    };
  }
  const center =
    scan?.rectangle.center ??
    (input.devices[0] === undefined ? undefined : [input.devices[0].lon, input.devices[0].lat]);
  return {
    ...base,
    geo: {
      map: input.mapName,
      roam: true,
      ...(center === undefined ? {} : { center, zoom: 6 }),
      scaleLimit: { min: 0.8, max: 60 },
      itemStyle: { areaColor: '#eef3f9', borderColor: '#9db0c6' },
      label: { show: true, color: '#8896a8', fontSize: 10 },
      emphasis: { disabled: true },
      select: { disabled: true },
      tooltip: { show: false },
    },
  };
}

/** A road's segments as ECharts lines, coloured by the warning their visibility calls for. */
export function roadLines(
  roads: readonly RoadVisibility[],
): Array<{ coords: [number, number][]; lineStyle: { color: string }; name: string }> {
  return roads.flatMap((road) =>
    road.segments.map((s) => ({
      name: `${road.name}：${s.visibility === null ? '无数据' : `${s.visibility} 米（${s.grade}）`}`,
      coords: [s.from, s.to],
      lineStyle: {
        color:
          s.level === null ? (s.visibility === null ? '#bfbfbf' : CLEAR_ROAD) : (LEVEL_COLORS[s.level] ?? CLEAR_ROAD),
      },
    })),
  );
}
