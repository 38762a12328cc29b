import { formatSeconds } from '../../shared/time';
import type { Breakdown, Handling } from './incidents.api';

/**
 * The statistics tab's logic: the period and catalogue in the address, the breakdown charts (events
 * of each catalogue, grid, organisation or period by where they stand) and the handling figures.
 */

export const BREAKDOWN_PARTS = [
  { key: 'open', name: '待处置', color: '#fa8c16' },
  { key: 'handled', name: '已处置', color: '#1677ff' },
  { key: 'closed', name: '已结案', color: '#52c41a' },
  { key: 'rejected', name: '已驳回', color: '#bfbfbf' },
] as const;

/** The filters every call of the section takes, read from the address (absent ones are not sent). */
export function filterParams(params: URLSearchParams): Record<string, string | undefined> {
  const get = (name: string) => params.get(name) ?? undefined;
  return { startTime: get('startTime'), endTime: get('endTime'), eventClassification: get('catalog') };
}

/** Stacked bars of the four standings per row, with the overdue count as a line. */
export function breakdownOption(rows: Breakdown, horizontal = false) {
  const names = rows.map((r) => r.name);
  const category = {
    type: 'category',
    data: names,
    axisLabel: { interval: 0, width: 90, overflow: 'truncate', rotate: horizontal ? 0 : names.length > 8 ? 30 : 0 },
  };
  const value = { type: 'value', minInterval: 1 };
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: [
      ...BREAKDOWN_PARTS.map((p) => ({
        name: p.name,
        type: 'bar',
        stack: 'state',
        barMaxWidth: 28,
        itemStyle: { color: p.color },
        data: rows.map((r) => r[p.key]),
      })),
      {
        name: '逾期',
        type: horizontal ? 'scatter' : 'line',
        itemStyle: { color: '#cf1322' },
        // No mark where nothing is overdue (a dot at zero would read as a value).
        data: rows.map((r) => (r.overdue > 0 ? r.overdue : null)),
      },
    ],
  };
}

/** Events over time: the total and the overdue, one point per period. */
export function periodOption(rows: Breakdown) {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: rows.map((r) => r.name) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: '事件数',
        type: 'line',
        smooth: true,
        areaStyle: { opacity: 0.15 },
        data: rows.map((r) => r.total),
        itemStyle: { color: '#1677ff' },
      },
      { name: '已结案', type: 'line', smooth: true, data: rows.map((r) => r.closed), itemStyle: { color: '#52c41a' } },
      { name: '逾期', type: 'line', smooth: true, data: rows.map((r) => r.overdue), itemStyle: { color: '#cf1322' } },
    ],
  };
}

export const percent = (rate: number | null): string => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);
const duration = (seconds: number | null): string => (seconds === null ? '—' : formatSeconds(seconds));

/** The handling figures as label, value and how many events each is over. */
export function handlingFigures(
  h: Handling,
): { key: string; label: string; average: string; median: string; count: number }[] {
  const rows = [
    { key: 'response', label: '响应（上报 → 受理）', d: h.response },
    { key: 'dispatch', label: '派遣（上报 → 派遣）', d: h.dispatch },
    { key: 'handling', label: '处置（派遣 → 处置完成）', d: h.handling },
    { key: 'total', label: '办结（上报 → 结案）', d: h.total },
  ];
  return rows.map((r) => ({
    key: r.key,
    label: r.label,
    average: duration(r.d.averageSeconds),
    median: duration(r.d.medianSeconds),
    count: r.d.count,
  }));
}

/** Totals of a breakdown (the table's summary row). */
export function totals(rows: Breakdown): Omit<Breakdown[number], 'key' | 'name'> {
  const sum = { total: 0, open: 0, handled: 0, closed: 0, rejected: 0, overdue: 0 };
  for (const r of rows) {
    sum.total += r.total;
    sum.open += r.open;
    sum.handled += r.handled;
    sum.closed += r.closed;
    sum.rejected += r.rejected;
    sum.overdue += r.overdue;
  }
  return sum;
}
