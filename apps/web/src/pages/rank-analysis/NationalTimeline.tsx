import type { TimelineData } from '@lantian/contracts';
import { useMemo } from 'react';
import { levelColor, levelName } from '../../shared/aqi';
import { EChart } from '../../shared/charts/EChart';

/** 全国空气质量时间轴: how many cities were at each level, hour by hour or day by day, and the mean AQI. */
export function NationalTimeline({ data }: { data: TimelineData }) {
  const option = useMemo(() => {
    const labels = data.items.map((p) => (data.timeType === 'hour' ? p.time.slice(11, 16) : p.time.slice(5, 10)));
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 40, right: 40, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: labels },
      yAxis: [
        { type: 'value', name: '城市数', nameTextStyle: { align: 'left' } },
        { type: 'value', name: '平均 AQI', splitLine: { show: false } },
      ],
      series: [
        ...[1, 2, 3, 4, 5, 6].map((level) => ({
          name: levelName(level),
          type: 'bar',
          stack: 'levels',
          barMaxWidth: 18,
          itemStyle: { color: levelColor(level) },
          data: data.items.map((p) => p.levelCounts[level] ?? 0),
        })),
        {
          name: '平均 AQI',
          type: 'line',
          yAxisIndex: 1,
          showSymbol: false,
          itemStyle: { color: '#1f2329' },
          data: data.items.map((p) => p.meanAqi),
        },
      ],
    };
  }, [data]);
  return (
    <EChart
      option={option}
      style={{ height: 300 }}
      ariaLabel={`${data.startTime} 至 ${data.endTime} 全国各级别城市数与平均 AQI`}
    />
  );
}
