import { useMemo, useState } from 'react';
import { EChart } from '../../shared/charts/EChart';
import { Segmented } from '../../shared/Segmented';
import { Stat } from '../analysis/BarList';
import { correlationWords, pearson } from '../analysis/stats';
import { Block, EmptyNote, QueryBody } from '../city/Block';
import { type MeteoAnaData, useMeteoAna } from './city-analysis.api';

const SPANS = [
  { value: '3', label: '3 天' },
  { value: '7', label: '7 天' },
  { value: '30', label: '30 天' },
] as const;
type Span = (typeof SPANS)[number]['value'];

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of the day `days` before `date` (calendar arithmetic in UTC: no zone can shift it). */
export function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

/** The weather factors AQI is read against, with how each reads as a dispersion condition. */
const FACTORS = [
  { key: 'windSpeed', label: '风速', unit: 'm/s' },
  { key: 'humidity', label: '相对湿度', unit: '%' },
  { key: 'temperature', label: '气温', unit: '°C' },
  { key: 'pressure', label: '气压', unit: 'hPa' },
] as const;

export function correlations(hours: MeteoAnaData['hours']) {
  return FACTORS.map((f) => ({
    ...f,
    r: pearson(hours.map((h) => [h.air?.aqi ?? null, h.weather?.[f.key] ?? null] as const)),
  }));
}

/** AQI 与气象: the city's hourly AQI beside wind, humidity, temperature and pressure, with correlations. */
export function MeteoRelation({ city, endDate }: { city: string; endDate: string }) {
  const [span, setSpan] = useState<Span>('7');
  const start = daysBefore(endDate, Number(span) - 1);
  const query = useMeteoAna(city, `${start} 00:00:00`, `${endDate} 23:00:00`);
  const hours = query.data?.hours ?? [];
  const stats = useMemo(() => correlations(hours), [hours]);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 44, top: 32, bottom: 48 },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 16, bottom: 6 }],
      xAxis: { type: 'category', data: hours.map((h) => h.time.slice(5, 16)) },
      yAxis: [
        { type: 'value', name: 'AQI', nameTextStyle: { align: 'left' } },
        { type: 'value', name: '% · m/s', splitLine: { show: false } },
      ],
      series: [
        {
          name: 'AQI',
          type: 'line',
          showSymbol: false,
          data: hours.map((h) => h.air?.aqi ?? null),
          itemStyle: { color: '#e5484d' },
          areaStyle: { opacity: 0.08 },
        },
        {
          name: '相对湿度',
          type: 'line',
          yAxisIndex: 1,
          showSymbol: false,
          data: hours.map((h) => h.weather?.humidity ?? null),
          itemStyle: { color: '#1677ff' },
        },
        {
          name: '风速',
          type: 'line',
          yAxisIndex: 1,
          showSymbol: false,
          data: hours.map((h) => h.weather?.windSpeed ?? null),
          itemStyle: { color: '#13a8a8' },
        },
      ],
    }),
    [hours],
  );
  return (
    <Block
      id="ca-meteo"
      title="AQI 与气象条件"
      className="lt-an-wide"
      extra={<Segmented aria-label="时段" value={span} options={SPANS} onChange={setSpan} />}
    >
      <QueryBody state={query} label="气象与空气数据" rows={6}>
        {() =>
          hours.length === 0 ? (
            <EmptyNote>该时段暂无气象或空气数据</EmptyNote>
          ) : (
            <>
              <section className="lt-an-stats" aria-label="相关系数">
                {stats.map((s) => (
                  <Stat
                    key={s.key}
                    label={`AQI 与${s.label}`}
                    value={s.r === null ? '—' : `r = ${s.r.toFixed(2)}`}
                    note={correlationWords(s.r)}
                  />
                ))}
              </section>
              <EChart option={option} style={{ height: 300 }} ariaLabel="逐小时 AQI 与相对湿度、风速" />
              <p className="lt-an-note">
                r 为逐小时 AQI
                与该气象要素的皮尔逊相关系数（两者都有值的小时）。风速小、湿度高、气压场均压时扩散条件差，常与 AQI
                正相关或负相关；暂无边界层高度观测，以地面风速与湿度作其近似指标。
              </p>
            </>
          )
        }
      </QueryBody>
    </Block>
  );
}
