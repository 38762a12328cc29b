import { alarmLevelLook } from '../../shared/alarm/levels';
import { pointsCoordinateSystem, pointsMapOption } from '../../shared/charts/points-map';
import { ONLINE_COLORS } from './device-states';
import type { MapDevice } from './devices.api';

/**
 * The device map's logic: each device's state on the map (an unresolved alarm above all, coloured by
 * its level; then online green, offline grey, never heard from light), the legend's counts, and the
 * ECharts option: the points on the operator's offline outline (or on bare axes without one).
 */

export type MapState = 'alarm' | 'online' | 'offline' | 'never' | 'retired';

export const STATE_LOOKS: Readonly<
  Record<Exclude<MapState, 'alarm'>, { name: string; color: string; border: string }>
> = {
  online: { name: '在线', color: ONLINE_COLORS.online, border: '#ffffff' },
  offline: { name: '离线', color: ONLINE_COLORS.offline, border: '#ffffff' },
  never: { name: '未上线', color: ONLINE_COLORS.never, border: '#8c8c8c' },
  retired: { name: '已退役', color: '#ffffff', border: '#bfbfbf' },
};

export const STATE_ORDER: readonly MapState[] = ['alarm', 'online', 'offline', 'never', 'retired'];
export const STATE_NAMES: Readonly<Record<MapState, string>> = {
  alarm: '告警',
  online: STATE_LOOKS.online.name,
  offline: STATE_LOOKS.offline.name,
  never: STATE_LOOKS.never.name,
  retired: STATE_LOOKS.retired.name,
};

export function mapState(device: Pick<MapDevice, 'status' | 'online' | 'alarmLevel'>): MapState {
  if (device.status === 'retired') return 'retired';
  if (device.alarmLevel !== null) return 'alarm';
  return device.online;
}

/** A point's fill and ring. */
export function pointLook(device: Pick<MapDevice, 'status' | 'online' | 'alarmLevel'>): {
  color: string;
  border: string;
} {
  const state = mapState(device);
  if (state === 'alarm') return { color: alarmLevelLook(device.alarmLevel).color, border: '#ffffff' };
  return STATE_LOOKS[state];
}

export function stateCounts(devices: readonly MapDevice[]): Record<MapState, number> {
  const counts: Record<MapState, number> = { alarm: 0, online: 0, offline: 0, never: 0, retired: 0 };
  for (const d of devices) counts[mapState(d)] += 1;
  return counts;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function tooltipHtml(d: MapDevice): string {
  const state = mapState(d);
  const lines = [
    `<strong>${escapeHtml(d.name)}</strong>`,
    `MN：${escapeHtml(d.mn)}`,
    `类型：${escapeHtml(d.typeName)}`,
    `状态：${state === 'alarm' ? `${alarmLevelLook(d.alarmLevel).name}告警（${STATE_NAMES[d.online]}）` : STATE_NAMES[state]}`,
    `最后通信：${d.lastSeen ?? '从未'}`,
  ];
  return lines.join('<br/>');
}

interface PointDatum {
  name: string;
  deviceId: string;
  value: [number, number];
  itemStyle: { color: string; borderColor: string; borderWidth: number };
}

function point(d: MapDevice): PointDatum {
  const look = pointLook(d);
  return {
    name: d.name,
    deviceId: d.deviceId,
    value: [d.lon, d.lat],
    itemStyle: { color: look.color, borderColor: look.border, borderWidth: 1.5 },
  };
}

/** The device id of a clicked point's data, if it is one. */
export function deviceIdOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('deviceId' in data)) return undefined;
  return typeof data.deviceId === 'string' ? data.deviceId : undefined;
}

/**
 * The map's option. `mapName`: the registered outline, or undefined to place the points on bare
 * axes by longitude and latitude. Alarms are drawn last, as rippling points, most serious on top.
 */
export function deviceMapOption(devices: readonly MapDevice[], mapName: string | undefined): Record<string, unknown> {
  const byId = new Map(devices.map((d) => [d.deviceId, d]));
  const alarms = devices
    .filter((d) => mapState(d) === 'alarm')
    .sort((a, b) => (b.alarmLevel ?? 9) - (a.alarmLevel ?? 9))
    .map(point);
  const others = devices.filter((d) => mapState(d) !== 'alarm').map(point);
  const coordinateSystem = pointsCoordinateSystem(mapName);
  const tooltip = {
    trigger: 'item',
    confine: true,
    formatter: (params: { data?: unknown }) => {
      const id = deviceIdOf(params.data);
      const d = id === undefined ? undefined : byId.get(id);
      return d === undefined ? '' : tooltipHtml(d);
    },
  };
  const series = [
    { id: 'devices', type: 'scatter', coordinateSystem, symbolSize: 12, data: others, z: 3, emphasis: { scale: 1.4 } },
    {
      id: 'alarms',
      type: 'effectScatter',
      coordinateSystem,
      symbolSize: 14,
      rippleEffect: { scale: 3, brushType: 'stroke' },
      data: alarms,
      z: 4,
    },
  ];
  return pointsMapOption({ mapName, tooltip, series });
}
