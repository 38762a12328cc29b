import type { SiteSeriesHour } from '@lantian/contracts';
import { SECONDS_PER_HOUR } from '@lantian/domain';
import type { EChartsCoreOption } from 'echarts/core';
import {
  chinaLabel,
  formatIndex,
  INDEX_LABEL,
  indexUnit,
  levelColor,
  levelName,
  parseChinaTime,
} from '../../shared/aqi';
import { type Metric, metricLevel, metricValue } from './metrics';

/**
 * The 24-hour trend of one station as level-coloured bars, one per hour of the range; an hour with no
 * data stays an empty slot rather than being closed up (a gap is information).
 */

/** Upper bound of 良 (level 2) per metric, 1-hour tables of spec §9: the line above which air is polluted. */
const LEVEL2_TOP: Readonly<Record<Metric, number>> = {
  aqi: 100,
  pm2_5: 75,
  pm10: 150,
  o3: 200,
  no2: 200,
  so2: 500,
  co: 10,
};

export interface TrendSlot {
  t: number;
  hour: SiteSeriesHour | undefined;
}

export function hourSlots(startTime: string, endTime: string, items: readonly SiteSeriesHour[]): TrendSlot[] {
  const from = parseChinaTime(startTime);
  const to = parseChinaTime(endTime);
  if (from === null || to === null || to < from) return [];
  const byTime = new Map(items.map((h) => [parseChinaTime(h.time), h]));
  const slots: TrendSlot[] = [];
  for (let t = from; t <= to; t += SECONDS_PER_HOUR) slots.push({ t, hour: byTime.get(t) });
  return slots;
}

export function trendOption(slots: readonly TrendSlot[], metric: Metric): EChartsCoreOption {
  const unit = indexUnit(metric);
  const values = slots.map((s) => metricValue(s.hour, metric));
  const max = Math.max(0, ...values.map((v) => v ?? 0));
  const limit = LEVEL2_TOP[metric];
  return {
    animation: false,
    grid: { left: 8, right: 12, top: 28, bottom: 4, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const first = Array.isArray(params) ? params[0] : params;
        const index =
          typeof first === 'object' && first !== null && 'dataIndex' in first && typeof first.dataIndex === 'number'
            ? first.dataIndex
            : -1;
        const slot = slots[index];
        if (slot === undefined) return '';
        const v = metricValue(slot.hour, metric);
        const when = chinaLabel(slot.t, 'short');
        if (v === null) return `${when}<br/>${INDEX_LABEL[metric]} 缺测`;
        return `${when}<br/>${INDEX_LABEL[metric]} <b>${formatIndex(metric, v)}</b>${unit === '' ? '' : ` ${unit}`} · ${levelName(metricLevel(slot.hour, metric))}`;
      },
    },
    xAxis: {
      type: 'category',
      data: slots.map((s) => chinaLabel(s.t, 'hour')),
      axisTick: { alignWithLabel: true },
      axisLabel: { color: '#646a73', fontSize: 10, hideOverlap: true },
      axisLine: { lineStyle: { color: '#c9d1dc' } },
    },
    yAxis: {
      type: 'value',
      name: unit === '' ? 'AQI' : unit,
      nameTextStyle: { color: '#646a73', fontSize: 10, align: 'left' },
      axisLabel: { color: '#646a73', fontSize: 10 },
      splitLine: { lineStyle: { color: '#edf0f4' } },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 16,
        data: slots.map((s, i) => ({
          value: values[i] ?? null,
          itemStyle: { color: levelColor(metricLevel(s.hour, metric)), borderRadius: [3, 3, 0, 0] },
        })),
        // Drawn only when the values come near it, so that a clean day keeps readable bars.
        ...(max >= limit * 0.6
          ? {
              markLine: {
                silent: true,
                symbol: 'none',
                lineStyle: { color: '#ff7e00', type: 'dashed' },
                label: { formatter: '良/轻度分界', color: '#b35900', fontSize: 10, position: 'insideEndTop' },
                data: [{ yAxis: limit }],
              },
            }
          : {}),
      },
    ],
  };
}
