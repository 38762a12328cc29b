import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { levelColor } from '../../shared/aqi';
import { EChart } from '../../shared/charts/EChart';
import type { TrendPoint } from './trend-series';

/**
 * The trend bars, coloured by level, with the exceed line. Loaded on its own (ECharts is the
 * heaviest code of the page), only once the trend block is near the screen.
 */
export default function TrendChart({
  points,
  name,
  unit,
  line,
  format,
  ariaLabel,
}: {
  points: readonly TrendPoint[];
  name: string;
  unit: string;
  line: number;
  format: (v: number) => string;
  ariaLabel: string;
}) {
  const option = useMemo<EChartsCoreOption>(() => {
    const max = Math.max(line, ...points.map((p) => p.value ?? 0));
    return {
      animationDuration: 300,
      grid: { left: 8, right: 12, top: 24, bottom: 4, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        confine: true,
        formatter: (params: unknown) => {
          const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined;
          const p = first?.dataIndex === undefined ? undefined : points[first.dataIndex];
          if (p === undefined) return '';
          const value = p.value === null ? '缺测' : `${format(p.value)}${unit === '' ? '' : ` ${unit}`}`;
          return `${p.full}<br/><span style="display:inline-block;width:8px;height:8px;border-radius:2px;margin-right:6px;background:${levelColor(p.level)}"></span>${name} ${value}`;
        },
      },
      xAxis: {
        type: 'category',
        data: points.map((p) => p.label),
        axisTick: { show: false },
        axisLine: { lineStyle: { color: '#d0d5dd' } },
        axisLabel: { color: '#667085', fontSize: 11, hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        max: Math.ceil((max * 1.1) / 10) * 10 || 10,
        splitNumber: 4,
        axisLabel: { color: '#98a2b3', fontSize: 11 },
        splitLine: { lineStyle: { color: '#f0f2f5' } },
      },
      series: [
        {
          type: 'bar',
          name,
          barMaxWidth: 18,
          data: points.map((p) => ({
            value: p.value,
            itemStyle: { color: levelColor(p.level), borderRadius: [3, 3, 0, 0] },
          })),
          markLine: {
            silent: true,
            symbol: 'none',
            lineStyle: { color: '#f04438', type: 'dashed', width: 1 },
            label: { formatter: `超标线 ${format(line)}`, color: '#f04438', fontSize: 11, position: 'insideEndTop' },
            data: [{ yAxis: line }],
          },
        },
      ],
    };
  }, [points, name, unit, line, format]);
  return <EChart option={option} ariaLabel={ariaLabel} style={{ flex: 1, height: 'auto', minHeight: 240 }} />;
}
