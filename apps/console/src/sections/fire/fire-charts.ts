import { FIRE_ALARM_TYPES } from '@lantian/domain';
import { pointsCoordinateSystem, pointsMapOption } from '../../shared/charts/points-map';
import type { FireRank, FireSite, FireTrend, FireTypeCount } from './fire.api';

/** The fire section's chart options (pure, tested). */

const TREND_TYPES = ['fire', 'smoke', 'temperature', 'fault', 'offline'] as const;

/** Stacked bars of the period's alarms by type. */
export function trendOption(trend: FireTrend): Record<string, unknown> {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: trend.list.map((r) => r.time) },
    yAxis: { type: 'value', minInterval: 1 },
    series: TREND_TYPES.map((type) => ({
      name: FIRE_ALARM_TYPES[type].name,
      type: 'bar',
      stack: 'alarms',
      itemStyle: { color: FIRE_ALARM_TYPES[type].color },
      data: trend.list.map((r) => r[type]),
    })),
  };
}

/** A ring of the alarm types (types without alarms left out, so the ring says what happened). */
export function typePieOption(types: FireTypeCount): Record<string, unknown> {
  return {
    animation: false,
    tooltip: { trigger: 'item', formatter: '{b}：{c} 次（{d}%）' },
    legend: {
      bottom: 0,
      formatter: (name: string) => `${name} ${types.list.find((t) => t.name === name)?.count ?? 0}`,
    },
    series: [
      {
        type: 'pie',
        radius: ['42%', '68%'],
        center: ['50%', '44%'],
        label: { position: 'inside', formatter: '{c}', color: '#fff', fontWeight: 600 },
        data: types.list
          .filter((t) => t.count > 0)
          .map((t) => ({ name: t.name, value: t.count, itemStyle: { color: t.color } })),
      },
    ],
  };
}

/** Horizontal bars: the ten sites (or districts) with the most alarms, most at the top. */
export function rankOption(rank: FireRank): Record<string, unknown> {
  const top = rank.list.slice(0, 10).reverse();
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 120, right: 24, top: 8, bottom: 24 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: top.map((r) => r.name), axisLabel: { width: 110, overflow: 'truncate' } },
    series: [
      { name: '告警', type: 'bar', data: top.map((r) => r.count), itemStyle: { color: '#fa8c16' } },
      { name: '火警', type: 'bar', data: top.map((r) => r.fire), itemStyle: { color: '#f5222d' } },
    ],
  };
}

export const SITE_STATE_COLORS = { alarm: '#f5222d', fault: '#faad14', offline: '#bfbfbf', normal: '#52c41a' } as const;

/** The sites on the area's outline (or bare axes), alarming ones rippling on top. */
export function siteMapOption(sites: readonly FireSite[], mapName: string | undefined): Record<string, unknown> {
  const coordinateSystem = pointsCoordinateSystem(mapName);
  const point = (s: FireSite) => ({
    name: s.name,
    siteCode: s.siteCode,
    value: [s.lon, s.lat],
    itemStyle: { color: SITE_STATE_COLORS[s.state], borderColor: '#fff', borderWidth: 1.5 },
  });
  const tooltip = {
    trigger: 'item',
    confine: true,
    formatter: (p: { data?: { siteCode?: string } }) => {
      const s = sites.find((x) => x.siteCode === p.data?.siteCode);
      if (s === undefined) return '';
      const esc = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      return [
        `<strong>${esc(s.name)}</strong>`,
        `状态：${s.stateName}${s.activeAlarms > 0 ? `（未解除告警 ${s.activeAlarms}）` : ''}`,
        `探测器：${s.devices.length} 台`,
        `视频：${s.cameras.length} 路`,
      ].join('<br/>');
    },
  };
  const series = [
    {
      id: 'sites',
      type: 'scatter',
      coordinateSystem,
      symbolSize: 14,
      data: sites.filter((s) => s.state !== 'alarm').map(point),
      z: 3,
    },
    {
      id: 'alarms',
      type: 'effectScatter',
      coordinateSystem,
      symbolSize: 16,
      rippleEffect: { scale: 3, brushType: 'stroke' },
      data: sites.filter((s) => s.state === 'alarm').map(point),
      z: 4,
    },
  ];
  return pointsMapOption({ mapName, tooltip, series });
}

/** The site code of a clicked point's data, if it is one. */
export function siteCodeOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('siteCode' in data)) return undefined;
  return typeof data.siteCode === 'string' ? data.siteCode : undefined;
}

/** The detector temperature around an alarm, with the fixed-temperature limit as a line. */
export function temperatureOption(points: ReadonlyArray<{ time: string; value: number | null }>, alarmAt: string) {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 24, top: 24, bottom: 28 },
    xAxis: { type: 'category', data: points.map((p) => p.time.slice(11, 16)) },
    yAxis: { type: 'value', name: '°C', scale: true },
    series: [
      {
        name: '探测温度',
        type: 'line',
        data: points.map((p) => p.value),
        itemStyle: { color: '#fa541c' },
        markLine: {
          symbol: 'none',
          data: [
            {
              yAxis: 57,
              name: '定温 57 °C',
              lineStyle: { color: '#f5222d', type: 'dashed' },
              label: { formatter: '定温 57 °C' },
            },
            { xAxis: alarmAt.slice(11, 16), lineStyle: { color: '#8c8c8c' }, label: { formatter: '告警' } },
          ],
        },
      },
    ],
  };
}

export const STATUS_COLORS = { active: 'red', acknowledged: 'blue', cleared: 'green' } as const;
