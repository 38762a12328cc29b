import { useMemo } from 'react';
import { EChart } from '../../shared/charts/EChart';
import type { RecordInfo } from './lidar.api';

/** A record's route replayed on the plane of its coordinates, each point coloured by its near-ground PM2.5. */
export function RouteMap({ route }: { route: RecordInfo['route'] }) {
  const option = useMemo(
    () => ({
      animation: true,
      tooltip: {
        trigger: 'item',
        formatter: (p: { data: [number, number, number | null, string] }) =>
          `${p.data[3]}<br/>PM2.5 ${p.data[2] ?? '—'} μg/m³`,
      },
      xAxis: { type: 'value', scale: true, name: '经度' },
      yAxis: { type: 'value', scale: true, name: '纬度' },
      grid: { left: 60, right: 90, top: 30, bottom: 40 },
      visualMap: undefined,
      series: [
        { type: 'line', data: route.map((p) => [p.lon, p.lat]), showSymbol: false, lineStyle: { color: '#bfbfbf' } },
        {
          type: 'scatter',
          symbolSize: 8,
          data: route.map((p) => [p.lon, p.lat, p.pm25, p.time]),
          itemStyle: {
            color: (p: { data: [number, number, number | null] }) => {
              const v = p.data[2] ?? 0;
              return v > 115 ? '#cf1322' : v > 75 ? '#fa8c16' : v > 35 ? '#fadb14' : '#52c41a';
            },
          },
        },
      ],
    }),
    [route],
  );
  return (
    <EChart
      option={option}
      style={{ height: 360 }}
      ariaLabel={`走航轨迹，共 ${route.length} 个点，按近地面 PM2.5 着色`}
    />
  );
}
