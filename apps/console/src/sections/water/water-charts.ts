import { WATER_CLASSES, type WaterClass } from '@lantian/domain';
import { pointsCoordinateSystem, pointsMapOption } from '../../shared/charts/points-map';
import type { WaterHistory, WaterStation } from './water.api';

/** The water section's chart options (pure, tested). */

export const CLASS_LEGEND = ([1, 2, 3, 4, 5, 6] as const).map((c) => ({ waterClass: c, ...WATER_CLASSES[c] }));
export const NO_DATA_COLOR = '#bfbfbf';

/** The stations on the area's outline (or bare axes), coloured by class, labelled with it. */
export function stationMapOption(
  stations: readonly WaterStation[],
  mapName: string | undefined,
): Record<string, unknown> {
  const coordinateSystem = pointsCoordinateSystem(mapName);
  const esc = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const series = [
    {
      id: 'stations',
      type: 'scatter',
      coordinateSystem,
      symbolSize: 18,
      label: {
        show: true,
        position: 'right',
        formatter: (p: { data: { className: string } }) => p.data.className,
        fontSize: 11,
      },
      data: stations.map((s) => ({
        name: s.name,
        deviceId: s.deviceId,
        className: s.className,
        value: [s.lon, s.lat],
        itemStyle: { color: s.color, borderColor: '#fff', borderWidth: 1.5 },
      })),
      z: 3,
    },
  ];
  const tooltip = {
    trigger: 'item',
    confine: true,
    formatter: (p: { data?: { deviceId?: string } }) => {
      const s = stations.find((x) => x.deviceId === p.data?.deviceId);
      if (s === undefined) return '';
      return [
        `<strong>${esc(s.name)}</strong>`,
        `水质：${s.className}（${s.quality}）`,
        s.deciding.length > 0 ? `定类因子：${s.deciding.map((d) => esc(d.name)).join('、')}` : '',
        `时间：${s.time ?? '无数据'}`,
      ]
        .filter((l) => l !== '')
        .join('<br/>');
    },
  };
  return pointsMapOption({ mapName, tooltip, series, right: 80 });
}

/** The device id of a clicked point's data, if it is one. */
export function stationIdOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('deviceId' in data)) return undefined;
  return typeof data.deviceId === 'string' ? data.deviceId : undefined;
}

/** One factor's hours, each point in its class colour, the class Ⅲ limit as a dashed line. */
export function factorChartOption(factor: WaterHistory['factors'][number]): Record<string, unknown> {
  const limitName = factor.factor === 'w01009' ? 'Ⅲ类下限' : 'Ⅲ类限值';
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 24, top: 32, bottom: 28 },
    xAxis: { type: 'category', data: factor.points.map((p) => p.time.slice(5, 16)) },
    yAxis: { type: 'value', name: factor.unit, scale: true },
    series: [
      {
        name: factor.name,
        type: 'line',
        symbolSize: 6,
        lineStyle: { color: '#8c8c8c' },
        data: factor.points.map((p) => ({
          value: p.value,
          itemStyle: { color: p.waterClass === null ? '#1677ff' : WATER_CLASSES[p.waterClass as WaterClass].color },
        })),
        ...(factor.limitIII === null
          ? {}
          : {
              markLine: {
                symbol: 'none',
                data: [
                  {
                    yAxis: factor.limitIII,
                    label: { formatter: `${limitName} ${factor.limitIII}`, position: 'insideStartTop' },
                  },
                ],
                lineStyle: { color: WATER_CLASSES[3].color, type: 'dashed' },
              },
            }),
      },
    ],
  };
}
