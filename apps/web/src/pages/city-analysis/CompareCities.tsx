import type { CityDaysData } from '@lantian/contracts';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { INDEX_LABEL } from '../../shared/aqi';
import { EChart } from '../../shared/charts/EChart';
import { Segmented } from '../../shared/Segmented';
import { apiQuery } from '../analysis/analysis.api';
import { CitiesSelect } from '../analysis/CitySelect';
import { maxOf, meanOf } from '../analysis/stats';
import { Block, EmptyNote } from '../city/Block';
import { daysBefore } from './MeteoRelation';

/** At most six cities on one chart (the limit: more lines stop being readable). */
export const MAX_COMPARED = 6;

const METRICS = ['aqi', 'pm2_5', 'pm10', 'o3_8h', 'no2', 'so2', 'co'] as const;
type Metric = (typeof METRICS)[number];

const SPANS = [
  { value: '30', label: '30 天' },
  { value: '90', label: '90 天' },
  { value: '365', label: '一年' },
] as const;
type Span = (typeof SPANS)[number]['value'];

const PALETTE = ['#1677ff', '#e5484d', '#13a8a8', '#f59e0b', '#7c3aed', '#52c41a'];

/** 多城市对比: up to six cities' daily values of one pollutant over a period, on one chart. */
export function CompareCities({ city, endDate }: { city: string; endDate: string }) {
  const [cities, setCities] = useState<string[]>([city]);
  const [metric, setMetric] = useState<Metric>('aqi');
  const [span, setSpan] = useState<Span>('30');
  const start = daysBefore(endDate, Number(span) - 1);
  const results = useQueries({
    queries: cities.map((c) =>
      apiQuery<CityDaysData>('/api/getCityDayData', {
        city: c,
        startTime: `${start} 00:00:00`,
        endTime: `${endDate} 00:00:00`,
      }),
    ),
  });
  const loaded = results.map((r) => r.data).filter((d): d is CityDaysData => d !== undefined);
  const dates = useMemo(() => {
    const all = new Set<string>();
    for (const d of loaded) for (const item of d.items) all.add(item.date);
    return [...all].sort();
  }, [loaded]);
  const option = useMemo(
    () => ({
      color: PALETTE,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 12, top: 32, bottom: 48 },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 16, bottom: 6 }],
      xAxis: { type: 'category', data: dates.map((d) => d.slice(5)) },
      yAxis: { type: 'value', name: metric === 'co' ? 'mg/m³' : metric === 'aqi' ? '' : 'μg/m³' },
      series: loaded.map((d) => {
        const byDate = new Map(d.items.map((i) => [i.date, i[metric]]));
        return {
          name: d.cityName,
          type: 'line',
          showSymbol: false,
          connectNulls: false,
          data: dates.map((date) => byDate.get(date) ?? null),
        };
      }),
    }),
    [loaded, dates, metric],
  );
  const pending = results.some((r) => r.isPending);
  const failed = results.filter((r) => r.isError).length;
  return (
    <Block
      id="ca-compare"
      title="多城市对比"
      className="lt-an-wide"
      extra={
        <>
          <select
            className="lt-an-input"
            aria-label="对比指标"
            value={metric}
            onChange={(e) => setMetric(e.target.value as Metric)}
          >
            {METRICS.map((m) => (
              <option key={m} value={m}>
                {INDEX_LABEL[m]}
              </option>
            ))}
          </select>
          <Segmented aria-label="对比时段" value={span} options={SPANS} onChange={setSpan} />
        </>
      }
    >
      <div style={{ marginBottom: 10 }}>
        <CitiesSelect value={cities} onChange={setCities} max={MAX_COMPARED} ariaLabel="对比城市" />
      </div>
      {cities.length === 0 ? (
        <EmptyNote>请选择要对比的城市（最多 {MAX_COMPARED} 个）</EmptyNote>
      ) : loaded.length === 0 && pending ? (
        <EmptyNote>加载中…</EmptyNote>
      ) : (
        <>
          <EChart option={option} style={{ height: 320 }} ariaLabel={`各城市逐日 ${INDEX_LABEL[metric]} 对比`} />
          <div className="lt-an-scroll">
            <table className="lt-an-table" aria-label="对比汇总">
              <thead>
                <tr>
                  <th>城市</th>
                  <th>均值</th>
                  <th>最大</th>
                  <th>优良天数</th>
                  <th>有数据天数</th>
                </tr>
              </thead>
              <tbody>
                {loaded.map((d) => {
                  const values = d.items.map((i) => i[metric]);
                  const mean = meanOf(values);
                  const max = maxOf(values);
                  const digits = metric === 'co' ? 2 : 0;
                  return (
                    <tr key={d.cityCode} data-city={d.pyName}>
                      <td>{d.cityName}</td>
                      <td>{mean === null ? '—' : mean.toFixed(digits)}</td>
                      <td>{max === null ? '—' : max.toFixed(digits)}</td>
                      <td>{d.items.filter((i) => i.level === 1 || i.level === 2).length}</td>
                      <td>{d.items.length}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {failed > 0 && <p className="lt-an-note">有 {failed} 个城市的数据未能加载。</p>}
        </>
      )}
    </Block>
  );
}
