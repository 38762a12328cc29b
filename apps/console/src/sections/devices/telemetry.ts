import type { TelemetryResolution } from '@lantian/contracts';
import type { Dayjs } from 'dayjs';
import type { DeviceSeries } from './devices.api';

/**
 * A device's telemetry as the detail page shows it: HJ 212 data flags in words, values to a sensible
 * precision, the default time range per resolution, and the ECharts option of the series chart
 * (one line per factor, one value axis per unit, the factor's upper limit as a dashed line).
 */

/** HJ 212-2017 data flags, and the hour/day validity the server adds. */
export const FLAG_NAMES: Readonly<Record<string, string>> = {
  N: '正常',
  F: '停运',
  M: '维护',
  S: '手工输入',
  D: '故障',
  C: '校准',
  T: '超测定上限',
  B: '通讯异常',
  valid: '有效',
  invalid: '有效数据不足',
};

/** A flag's tag colour: normal green, faults red, ops orange, anything else grey. */
export function flagColor(flag: string | null): string {
  if (flag === null || flag === 'N' || flag === 'valid') return 'success';
  if (flag === 'D' || flag === 'B' || flag === 'T') return 'error';
  if (flag === 'F' || flag === 'M' || flag === 'C' || flag === 'S') return 'warning';
  return 'default';
}

export const flagName = (flag: string | null): string => (flag === null ? '正常' : (FLAG_NAMES[flag] ?? flag));

/** Whether a point's value should not be read as a normal measurement. */
export const isAbnormal = (flag: string | null): boolean => flag !== null && flag !== 'N' && flag !== 'valid';

/** A value to a precision that suits its size: 132, 35.4, 0.862; '—' for none. */
export function formatValue(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  if (Number.isInteger(value)) return String(value);
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 1 : abs >= 1 ? 2 : 3;
  return String(Number(value.toFixed(digits)));
}

/** How far back each resolution looks by default. */
export const DEFAULT_SPAN: Readonly<Record<TelemetryResolution, { amount: number; unit: 'hour' | 'day' }>> = {
  minute: { amount: 6, unit: 'hour' },
  hour: { amount: 7, unit: 'day' },
  day: { amount: 30, unit: 'day' },
};

/** The default range of a resolution, ending now (minutes), at the end of this hour (hours) or of today (days). */
export function defaultRange(resolution: TelemetryResolution, now: Dayjs): [Dayjs, Dayjs] {
  const { amount, unit } = DEFAULT_SPAN[resolution];
  const end =
    resolution === 'minute' ? now.startOf('minute') : resolution === 'hour' ? now.endOf('hour') : now.endOf('day');
  const start = resolution === 'minute' ? end.subtract(amount, unit) : end.subtract(amount, unit).startOf('day');
  return [start, end];
}

/** Factors shown at first when there are many (the others are one click away in the legend). */
export const FIRST_SHOWN = 4;

const LIMIT_COLOR = '#E02020';
const ABNORMAL_COLOR = '#bfbfbf';

export interface SeriesChartOptions {
  /** Per factor code: its upper limit, drawn as a dashed line. */
  upper?: Readonly<Record<string, number | null>>;
}

/** The ECharts option of a device's series: a line per factor on a time axis, a value axis per unit. */
export function seriesChartOption(series: DeviceSeries, options: SeriesChartOptions = {}): Record<string, unknown> {
  const units = [...new Set(series.factors.map((f) => f.unit))];
  const sideCount = (side: number) => Math.ceil((units.length - side) / 2);
  const yAxis = units.map((unit, i) => ({
    type: 'value',
    name: unit,
    position: i % 2 === 0 ? 'left' : 'right',
    offset: Math.floor(i / 2) * 56,
    scale: true,
    alignTicks: i > 0,
    axisLine: { show: i > 0 },
    splitLine: { show: i === 0 },
    nameTextStyle: { color: '#8c8c8c' },
  }));
  const many = series.factors.length > FIRST_SHOWN;
  return {
    animation: false,
    legend: {
      type: 'scroll',
      top: 0,
      ...(many ? { selected: Object.fromEntries(series.factors.map((f, i) => [legendName(f), i < FIRST_SHOWN])) } : {}),
    },
    tooltip: { trigger: 'axis', confine: true },
    grid: {
      top: 48,
      bottom: 64,
      left: 16 + Math.max(0, sideCount(0) - 1) * 56,
      right: 16 + Math.max(0, sideCount(1) - 1) * 56,
      containLabel: true,
    },
    xAxis: { type: 'time' },
    yAxis: yAxis.length === 0 ? [{ type: 'value' }] : yAxis,
    dataZoom: [
      { type: 'inside', filterMode: 'none' },
      { type: 'slider', height: 20, bottom: 16, filterMode: 'none' },
    ],
    series: series.factors.map((f) => {
      const upper = options.upper?.[f.code];
      return {
        type: 'line',
        name: legendName(f),
        yAxisIndex: Math.max(0, units.indexOf(f.unit)),
        showSymbol: f.points.length <= 60,
        symbolSize: 4,
        connectNulls: false,
        tooltip: { valueFormatter: (v: unknown) => (typeof v === 'number' ? `${formatValue(v)} ${f.unit}` : '—') },
        data: f.points.map(([time, value, flag]) =>
          isAbnormal(flag)
            ? { value: [time, value], symbol: 'circle', symbolSize: 6, itemStyle: { color: ABNORMAL_COLOR } }
            : [time, value],
        ),
        ...(upper === null || upper === undefined
          ? {}
          : {
              markLine: {
                silent: true,
                symbol: 'none',
                lineStyle: { type: 'dashed', color: LIMIT_COLOR },
                label: { formatter: `${f.name} 上限 ${upper}`, color: LIMIT_COLOR, position: 'insideEndTop' },
                data: [{ yAxis: upper }],
              },
            }),
      };
    }),
  };
}

function legendName(f: { name: string; unit: string }): string {
  return f.unit === '' ? f.name : `${f.name}（${f.unit}）`;
}

/** Whether a series has any value to draw. */
export const hasPoints = (series: DeviceSeries | undefined): boolean =>
  series?.factors.some((f) => f.points.some(([, v]) => v !== null)) ?? false;

/** Whether a value lies beyond its factor's limits: above the upper, below the lower, or neither. */
export function limitBreach(
  value: number | null,
  limit: { upper: number | null; lower: number | null } | undefined,
): 'upper' | 'lower' | undefined {
  if (value === null || limit === undefined) return undefined;
  if (limit.upper !== null && value > limit.upper) return 'upper';
  if (limit.lower !== null && value < limit.lower) return 'lower';
  return undefined;
}
