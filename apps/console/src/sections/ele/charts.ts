import type { Compare, Enterprise, TrendDay } from './ele.api';

/** ECharts options of 分表计电 (pure: tested without a browser). */

export const PRODUCTION_COLOURS = ['#1677ff', '#13c2c2', '#722ed1', '#2f54eb'];
export const TREATMENT_COLOURS = ['#52c41a', '#fa8c16', '#eb2f96', '#a0d911'];

/** Production lines solid and blue-ish, treatment facilities green-ish; abnormal episodes shaded red. */
export function compareOption(data: Compare) {
  let p = 0;
  let t = 0;
  const series = data.series.map((s) => ({
    name: `${s.kind === 'production' ? '生产' : '治污'}·${s.name}`,
    type: 'line',
    step: 'end',
    showSymbol: false,
    connectNulls: false,
    data: s.powerKw,
    lineStyle: { width: 2 },
    color: s.kind === 'production' ? PRODUCTION_COLOURS[p++ % 4] : TREATMENT_COLOURS[t++ % 4],
  }));
  const areas = data.episodes.map((e) => [
    {
      xAxis: e.start.slice(11, 16),
      name: e.kindName,
      itemStyle: { color: e.kind === 'treatment_stopped' ? 'rgba(245,34,45,0.12)' : 'rgba(250,173,20,0.15)' },
    },
    { xAxis: e.end.slice(11, 16) === '00:00' ? data.times.at(-1) : e.end.slice(11, 16) },
  ]);
  const first = series[0];
  if (first !== undefined && areas.length > 0)
    Object.assign(first, { markArea: { silent: true, label: { color: '#cf1322', fontSize: 11 }, data: areas } });
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v} kW` : '无数据') },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 36, bottom: 56 },
    dataZoom: [{ type: 'slider', height: 18, bottom: 8 }],
    xAxis: { type: 'category', data: data.times, boundaryGap: false },
    yAxis: { type: 'value', name: '功率 kW' },
    series,
  };
}

export function trendOption(days: TrendDay[]) {
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v} kWh` : '无数据') },
    legend: { top: 0 },
    grid: { left: 56, right: 24, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', name: 'kWh' },
    series: [
      { name: '生产用电', type: 'line', data: days.map((d) => d.productionKwh), color: '#1677ff', smooth: true },
      { name: '治污用电', type: 'line', data: days.map((d) => d.treatmentKwh), color: '#52c41a', smooth: true },
    ],
  };
}

export function mapOption(enterprises: Enterprise[], mapName: string | undefined) {
  const point = (e: Enterprise) => ({
    name: e.name,
    value: [e.lon, e.lat],
    enterpriseId: e.enterpriseId,
    itemStyle: { color: e.abnormal ? '#f5222d' : e.activeAlarms > 0 ? '#fa8c16' : '#52c41a' },
  });
  const coordinateSystem = mapName === undefined ? 'cartesian2d' : 'geo';
  const series = [
    {
      type: 'effectScatter',
      coordinateSystem,
      symbolSize: 14,
      data: enterprises.filter((e) => e.abnormal).map(point),
      rippleEffect: { scale: 3, brushType: 'stroke' },
      label: { show: true, formatter: '{b}', position: 'right', fontSize: 11 },
    },
    {
      type: 'scatter',
      coordinateSystem,
      symbolSize: 12,
      data: enterprises.filter((e) => !e.abnormal).map(point),
      label: { show: true, formatter: '{b}', position: 'right', fontSize: 11, color: '#555' },
    },
  ];
  const base = {
    animation: false,
    tooltip: { trigger: 'item', formatter: (p: { name: string }) => p.name },
    series,
  };
  if (mapName === undefined)
    return {
      ...base,
      grid: { left: 24, right: 120, top: 24, bottom: 24 },
      xAxis: { type: 'value', scale: true, show: false },
      yAxis: { type: 'value', scale: true, show: false },
    };
  return {
    ...base,
    geo: {
      map: mapName,
      roam: true,
      top: 16,
      bottom: 16,
      left: 16,
      right: 16,
      itemStyle: { areaColor: '#eef3f9', borderColor: '#9db0c6' },
      label: { show: true, color: '#8896a8', fontSize: 10 },
      emphasis: { disabled: true },
      tooltip: { show: false },
    },
  };
}

export function enterpriseIdOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('enterpriseId' in data)) return undefined;
  const id = (data as { enterpriseId: unknown }).enterpriseId;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The outline to draw: the operator's area, except for a nationwide operator whose enterprises all lie
 * in one province — the country's outline would put them in one dot.
 */
export function outlineCodeOf(operatorArea: string, enterprises: Pick<Enterprise, 'areaCode'>[]): string {
  if (operatorArea !== '100000' || enterprises.length === 0) return operatorArea;
  const provinces = new Set(enterprises.map((e) => `${e.areaCode.slice(0, 2)}0000`));
  return provinces.size === 1 ? ([...provinces][0] ?? operatorArea) : operatorArea;
}
