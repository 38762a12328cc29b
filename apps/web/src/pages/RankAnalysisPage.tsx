import type { RankTimeType } from '@lantian/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSectionMeta } from '../app/document-meta';
import { useCityDirectory, useCurrentCity } from '../modules/city';
import { AntdScope } from '../shared/antd/AntdScope';
import { Segmented } from '../shared/Segmented';
import { CitiesSelect, CitySelect } from './analysis/CitySelect';
import { Block, EmptyNote, QueryBody } from './city/Block';
import { CityRankTrend } from './rank-analysis/CityRankTrend';
import { NationalTimeline } from './rank-analysis/NationalTimeline';
import { BestWorst, RankTable } from './rank-analysis/RankBoard';
import { useProvinces, useRanking, useRankTrend, useTimeline } from './rank-analysis/rank-analysis.api';
import {
  apiTime,
  formatRankView,
  inputTime,
  MAX_GROUP,
  parseRankView,
  type RankView,
  TREND_PERIODS,
  timelineTypeOf,
} from './rank-analysis/rank-query';
import './analysis/analysis.css';
import './city/city.css';
import './rank-analysis/rank-analysis.css';

const TIME_TYPES: { value: RankTimeType; label: string }[] = [
  { value: 'hour', label: '实时' },
  { value: 'day', label: '日' },
  { value: 'month', label: '月' },
  { value: 'year', label: '年' },
];

const PERIOD_WORD: Record<RankTimeType, string> = { hour: '小时', day: '日', month: '月', year: '年' };

/**
 * 排名分析 (/analysis/rank?timeType=day&time=…&scope=…): national, provincial and custom-group city
 * rankings by hour, day, month and year; the best and worst cities; the nation's levels over time;
 * one city's rank over the last periods. The view lives in the address, so it can be shared.
 */
export default function RankAnalysisPage() {
  return (
    <AntdScope>
      <RankAnalysis />
    </AntdScope>
  );
}

function TimeInput({ view, onChange, latest }: { view: RankView; onChange(time: string): void; latest: string }) {
  const value = view.time === '' ? latest : view.time;
  const common = { className: 'lt-an-input', 'aria-label': '时间', value } as const;
  switch (view.timeType) {
    case 'hour':
      return (
        <input
          type="datetime-local"
          step={3600}
          {...common}
          onChange={(e) => onChange(`${e.target.value.slice(0, 13)}:00`)}
        />
      );
    case 'day':
      return <input type="date" {...common} onChange={(e) => onChange(e.target.value)} />;
    case 'month':
      return <input type="month" {...common} onChange={(e) => onChange(e.target.value)} />;
    case 'year': {
      const now = new Date().getFullYear();
      return (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          {Array.from({ length: 12 }, (_, i) => String(now - i)).map((y) => (
            <option key={y} value={y}>
              {y} 年
            </option>
          ))}
        </select>
      );
    }
  }
}

function RankAnalysis() {
  const [params, setParams] = useSearchParams();
  const view = parseRankView(params);
  const update = (next: Partial<RankView>) => setParams(formatRankView({ ...view, ...next }));
  const { find } = useCityDirectory();
  const current = useCurrentCity();
  const provinces = useProvinces();
  const areaCodes = useMemo(
    () => view.cities.map((c) => find(c)?.areaCode).filter((c): c is string => c !== undefined),
    [view.cities, find],
  );
  const time = apiTime(view.timeType, view.time);
  const ranking = useRanking(view.timeType, time, view.scope, areaCodes);
  const answeredTime = ranking.data?.time ?? null;
  const timeline = useTimeline(
    timelineTypeOf(view.timeType),
    view.timeType === 'day' || view.timeType === 'hour' ? (answeredTime ?? undefined) : undefined,
  );
  const trendCity = params.get('city') ?? current?.pyName ?? 'beijing';
  const trend = useRankTrend(trendCity, view.timeType, time, TREND_PERIODS[view.timeType]);
  const scopeName =
    view.scope === 'all'
      ? '全国'
      : view.scope === 'custom'
        ? '自定义城市组'
        : (provinces.data?.find((p) => `province:${p.areaCode}` === view.scope)?.areaName ?? '省内');
  useSectionMeta(`${scopeName}城市空气质量${PERIOD_WORD[view.timeType]}排名分析`);

  return (
    <div className="lt-an-page">
      <header className="lt-an-head">
        <div>
          <h1>城市空气质量排名</h1>
          <p>
            {scopeName} · 按{view.timeType === 'hour' || view.timeType === 'day' ? ' AQI' : '综合指数'}从好到差
            {answeredTime === null
              ? ''
              : ` · ${answeredTime.slice(0, view.timeType === 'hour' ? 16 : view.timeType === 'day' ? 10 : view.timeType === 'month' ? 7 : 4)}`}
          </p>
        </div>
        <div className="lt-an-filters">
          <Segmented
            aria-label="排名时段"
            value={view.timeType}
            options={TIME_TYPES}
            onChange={(timeType) => update({ timeType, time: '' })}
          />
          <TimeInput
            view={view}
            latest={inputTime(view.timeType, answeredTime)}
            onChange={(t) => update({ time: t })}
          />
          <select
            className="lt-an-input"
            aria-label="排名范围"
            value={view.scope}
            onChange={(e) => update({ scope: e.target.value })}
          >
            <option value="all">全国</option>
            <option value="custom">自定义城市组</option>
            {(provinces.data ?? []).map((p) => (
              <option key={p.areaCode} value={`province:${p.areaCode}`}>
                {p.areaName}
              </option>
            ))}
          </select>
        </div>
      </header>
      {view.scope === 'custom' && (
        <div className="lt-ra-group">
          <CitiesSelect
            ariaLabel="自定义城市组"
            value={view.cities}
            max={MAX_GROUP}
            onChange={(cities) => update({ cities })}
          />
        </div>
      )}
      <div className="lt-an-grid">
        <Block id="ra-top" title="最好与最差" className="lt-an-wide">
          {view.scope === 'custom' && areaCodes.length === 0 ? (
            <EmptyNote>请在上方选择要比较的城市（最多 {MAX_GROUP} 个）</EmptyNote>
          ) : (
            <QueryBody state={ranking} label="排名" rows={8}>
              {() =>
                ranking.data === undefined || ranking.data.total === 0 ? (
                  <EmptyNote>该时段暂无排名数据</EmptyNote>
                ) : (
                  <BestWorst data={ranking.data} />
                )
              }
            </QueryBody>
          )}
        </Block>
        <Block
          id="ra-trend"
          title="城市名次走势"
          extra={
            <CitySelect
              ariaLabel="名次走势城市"
              value={trend.data?.pyName ?? trendCity}
              onChange={(city) => {
                const next = new URLSearchParams(params);
                next.set('city', city);
                setParams(next);
              }}
            />
          }
        >
          <QueryBody state={trend} label="名次走势" rows={6}>
            {() => (trend.data === undefined ? <EmptyNote>暂无数据</EmptyNote> : <CityRankTrend data={trend.data} />)}
          </QueryBody>
        </Block>
        <Block id="ra-timeline" title={`全国${timelineTypeOf(view.timeType) === 'hour' ? '逐小时' : '逐日'}级别分布`}>
          <QueryBody state={timeline} label="时间轴" rows={6}>
            {() =>
              timeline.data === undefined || timeline.data.items.every((p) => p.cityCount === 0) ? (
                <EmptyNote>暂无数据</EmptyNote>
              ) : (
                <NationalTimeline data={timeline.data} />
              )
            }
          </QueryBody>
        </Block>
        <Block id="ra-table" title="完整排名" className="lt-an-wide">
          <QueryBody state={ranking} label="排名" rows={10}>
            {() =>
              ranking.data === undefined || ranking.data.items.length === 0 ? (
                <EmptyNote>该时段暂无排名数据</EmptyNote>
              ) : (
                <RankTable data={ranking.data} />
              )
            }
          </QueryBody>
        </Block>
      </div>
      <p className="lt-an-note">
        小时、日按 AQI 排名，月、年按环境空气质量综合指数排名（HJ 663-2013）；数值相同名次相同。暂无官方 168、339
        城市名单的数据，全国排名包括所有有数据的地级及以上城市。
      </p>
    </div>
  );
}
