import type { IndexKey } from '@lantian/domain';
import { lazy, Suspense, useMemo, useState } from 'react';
import { formatIndex, INDEX_LABEL, indexName, indexUnit, levelText, valueLevel } from '../../shared/aqi';
import { Segmented } from '../../shared/Segmented';
import { Block, BlockSkeleton, EmptyNote, QueryBody, useNearViewport } from './Block';
import { useCityDays, useCityHours } from './city.api';
import { BlockDemoTag } from './DemoLabels';
import {
  DAY_KEYS,
  daySeries,
  exceedLine,
  HOUR_KEYS,
  hourSeries,
  type TrendPeriod,
  type TrendPoint,
  trendStats,
} from './trend-series';

const TrendChart = lazy(() => import('./TrendChart'));

/**
 * The last 24 hours (hourly values) or the last 30 days (daily values) of the AQI or one
 * pollutant, as bars in level colours with the exceed line, and the figures people look for first:
 * highest, lowest, mean, and how many hours/days exceeded.
 */
export function TrendCard({ city }: { city: string }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const [period, setPeriod] = useState<TrendPeriod>('hour');
  const [key, setKey] = useState<IndexKey>('aqi');
  const hours = useCityHours(city, near && period === 'hour');
  const days = useCityDays(city, near && period === 'day');
  const keys: readonly IndexKey[] = period === 'hour' ? HOUR_KEYS : DAY_KEYS;
  const shownKey: IndexKey = keys.includes(key) ? key : key === 'o3' ? 'o3_8h' : key === 'o3_8h' ? 'o3' : 'aqi';
  const state = period === 'hour' ? hours : days;
  const demo =
    period === 'hour'
      ? hours.data?.items.some((i) => i.isDemo) === true
      : days.data?.items.some((i) => i.isDemo) === true;

  return (
    <Block
      id="city-trend"
      title="变化趋势"
      blockRef={ref}
      extra={
        <>
          <BlockDemoTag demo={demo} />
          <Segmented
            value={period}
            onChange={setPeriod}
            options={[
              { label: '24 小时', value: 'hour' },
              { label: '30 天', value: 'day' },
            ]}
            aria-label="趋势时间范围"
          />
        </>
      }
    >
      <fieldset className="lt-cap-chips" aria-label="趋势指标">
        {keys.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={k === shownKey}
            className={`lt-cap-chip${k === shownKey ? ' lt-cap-chip-on' : ''}`}
            onClick={() => setKey(k)}
          >
            {INDEX_LABEL[k]}
          </button>
        ))}
      </fieldset>
      <QueryBody state={state} label="趋势数据" rows={6}>
        {() => {
          const points =
            period === 'hour'
              ? hours.data === undefined
                ? []
                : hourSeries(hours.data, shownKey)
              : days.data === undefined
                ? []
                : daySeries(days.data, shownKey);
          const missing = period === 'hour' ? (hours.data?.missingHours ?? 0) : (days.data?.missingDays ?? 0);
          return <TrendBody points={points} period={period} indexKey={shownKey} missing={missing} />;
        }}
      </QueryBody>
    </Block>
  );
}

function TrendBody({
  points,
  period,
  indexKey,
  missing,
}: {
  points: TrendPoint[];
  period: TrendPeriod;
  indexKey: IndexKey;
  missing: number;
}) {
  const line = exceedLine(indexKey, period);
  const stats = useMemo(() => trendStats(points, line), [points, line]);
  const format = useMemo(() => (v: number) => formatIndex(indexKey, v), [indexKey]);
  if (stats.count === 0) return <EmptyNote>这段时间没有{INDEX_LABEL[indexKey]}数据</EmptyNote>;
  const unit = indexUnit(indexKey);
  const slot = period === 'hour' ? '小时' : '天';
  const periodKey = period === 'hour' ? 'HOUR' : 'DAY';
  const stat = (label: string, p: TrendPoint | null) => (
    <div className="lt-cap-stat">
      <dt>{label}</dt>
      <dd style={{ color: levelText(p?.level) }}>
        {p === null ? '—' : format(p.value ?? 0)}
        <small>{p?.full}</small>
      </dd>
    </div>
  );
  return (
    <>
      <dl className="lt-cap-stats">
        {stat('最高', stats.max)}
        {stat('最低', stats.min)}
        <div className="lt-cap-stat">
          <dt>平均</dt>
          <dd style={{ color: levelText(valueLevel(indexKey, stats.mean, periodKey)) }}>
            {stats.mean === null ? '—' : format(stats.mean)}
            <small>{unit === '' ? `${stats.count} ${slot}` : unit}</small>
          </dd>
        </div>
        <div className="lt-cap-stat">
          <dt>超标{slot}数</dt>
          <dd style={{ color: stats.exceeded > 0 ? '#d40000' : '#1a7f37' }}>
            {stats.exceeded}
            <small>/ {stats.count}</small>
          </dd>
        </div>
      </dl>
      <div className="lt-cap-chart">
        <Suspense fallback={<BlockSkeleton rows={5} />}>
          <TrendChart
            points={points}
            name={INDEX_LABEL[indexKey]}
            unit={unit}
            line={line}
            format={format}
            ariaLabel={`最近${period === 'hour' ? ' 24 小时' : ' 30 天'}${indexName(indexKey)}（${INDEX_LABEL[indexKey]}）柱状图，最高 ${stats.max === null ? '—' : format(stats.max.value ?? 0)}，最低 ${stats.min === null ? '—' : format(stats.min.value ?? 0)}`}
          />
        </Suspense>
      </div>
      {missing > 0 && (
        <p className="lt-cap-note">
          其中 {missing} {slot}缺测，图中留空。
        </p>
      )}
    </>
  );
}
