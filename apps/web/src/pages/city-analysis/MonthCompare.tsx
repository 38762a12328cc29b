import type { CityMonthItem } from '@lantian/contracts';
import { useMemo, useState } from 'react';
import { EChart } from '../../shared/charts/EChart';
import { changePercent, formatChange } from '../analysis/stats';
import { Block, EmptyNote, QueryBody } from '../city/Block';
import { useCityMonths } from './city-analysis.api';

/** What a month is compared by: the HJ 663-2013 statistics of getCityMonthData. */
export const MONTH_METRICS = [
  { value: 'pm2_5', label: 'PM2.5', unit: 'μg/m³' },
  { value: 'pm10', label: 'PM10', unit: 'μg/m³' },
  { value: 'o3_8h', label: 'O₃-8h', unit: 'μg/m³' },
  { value: 'no2', label: 'NO₂', unit: 'μg/m³' },
  { value: 'so2', label: 'SO₂', unit: 'μg/m³' },
  { value: 'co', label: 'CO', unit: 'mg/m³' },
  { value: 'aqiMean', label: 'AQI', unit: '' },
  { value: 'compositeIndex', label: '综合指数', unit: '' },
] as const;
export type MonthMetric = (typeof MONTH_METRICS)[number]['value'];

/** Twelve values of a year from its months (null where a month has no data). */
export function monthSeries(items: readonly CityMonthItem[], metric: MonthMetric): (number | null)[] {
  const out: (number | null)[] = Array.from({ length: 12 }, () => null);
  for (const item of items) {
    const m = Number(item.month.slice(5, 7));
    if (m >= 1 && m <= 12) out[m - 1] = item[metric];
  }
  return out;
}

/** 逐月对比与同比: each month of the year beside the same month a year before, per pollutant. */
export function MonthCompare({ city, year }: { city: string; year: number }) {
  const [metric, setMetric] = useState<MonthMetric>('pm2_5');
  const now = useCityMonths(city, year);
  const before = useCityMonths(city, year - 1);
  const info = MONTH_METRICS.find((m) => m.value === metric) ?? MONTH_METRICS[0];
  const series = useMemo(() => {
    const a = monthSeries(now.data?.items ?? [], metric);
    const b = monthSeries(before.data?.items ?? [], metric);
    return { a, b, change: a.map((v, i) => changePercent(v, b[i])) };
  }, [now.data, before.data, metric]);
  const months = Array.from({ length: 12 }, (_, i) => `${i + 1}月`);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 44, right: 12, top: 28, bottom: 52 },
      xAxis: { type: 'category', data: months },
      yAxis: { type: 'value', name: info.unit, nameTextStyle: { align: 'left' } },
      series: [
        { name: `${year}年`, type: 'bar', data: series.a, itemStyle: { color: '#1677ff' }, barMaxWidth: 16 },
        { name: `${year - 1}年`, type: 'bar', data: series.b, itemStyle: { color: '#b8c4d6' }, barMaxWidth: 16 },
      ],
    }),
    [series, year, info.unit, months],
  );
  return (
    <Block
      id="ca-months"
      title="逐月对比与同比"
      className="lt-an-wide"
      extra={
        <select
          className="lt-an-input"
          aria-label="指标"
          value={metric}
          onChange={(e) => setMetric(e.target.value as MonthMetric)}
        >
          {MONTH_METRICS.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      }
    >
      <QueryBody state={now} label="月度数据" rows={6}>
        {() =>
          (now.data?.items.length ?? 0) === 0 ? (
            <EmptyNote>{year} 年暂无月度数据</EmptyNote>
          ) : (
            <>
              <EChart option={option} ariaLabel={`${year} 年与 ${year - 1} 年逐月 ${info.label} 对比`} />
              <div className="lt-an-scroll">
                <table className="lt-an-table" aria-label="同比变化">
                  <thead>
                    <tr>
                      <th>同比</th>
                      {months.map((m) => (
                        <th key={m}>{m}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    <tr>
                      <td>{info.label}</td>
                      {series.change.map((c, i) => (
                        <td
                          key={months[i]}
                          style={{ color: c === null ? undefined : c > 0 ? '#c4322b' : c < 0 ? '#138a36' : undefined }}
                        >
                          {formatChange(c)}
                        </td>
                      ))}
                    </tr>
                  </tbody>
                </table>
              </div>
              <p className="lt-an-note">
                月均浓度；CO 为日均值第 95 百分位数，O₃-8h 为日最大 8 小时平均第 90 百分位数（HJ
                663-2013）。同比上升标红、下降标绿；去年同月无数据时为 —。
              </p>
            </>
          )
        }
      </QueryBody>
    </Block>
  );
}
