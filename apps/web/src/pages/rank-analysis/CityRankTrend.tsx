import type { RankAnalysisData } from '@lantian/contracts';
import { useMemo } from 'react';
import { EChart } from '../../shared/charts/EChart';
import { Stat } from '../analysis/BarList';

function changeNote(change: number | null, unit: string): string | undefined {
  if (change === null) return undefined;
  if (change === 0) return `与上一${unit}持平`;
  return change > 0 ? `比上一${unit}上升 ${change} 位` : `比上一${unit}下降 ${-change} 位`;
}

const UNIT: Record<RankAnalysisData['timeType'], string> = { hour: '小时', day: '日', month: '月', year: '年' };

/** A city's national and provincial rank over the last periods (getRankAnalysis with periods). */
export function CityRankTrend({ data }: { data: RankAnalysisData }) {
  const history = data.history ?? [];
  const option = useMemo(() => {
    const label = (t: string) =>
      data.timeType === 'hour'
        ? t.slice(11, 16)
        : data.timeType === 'day'
          ? t.slice(5, 10)
          : data.timeType === 'month'
            ? t.slice(0, 7)
            : t.slice(0, 4);
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 44, right: 44, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: history.map((h) => label(h.time)) },
      yAxis: [
        { type: 'value', name: '全国名次', inverse: true, minInterval: 1, nameTextStyle: { align: 'left' } },
        { type: 'value', name: '省内名次', inverse: true, minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          name: '全国名次',
          type: 'line',
          data: history.map((h) => h.rank),
          itemStyle: { color: '#1677ff' },
          connectNulls: false,
        },
        {
          name: '省内名次',
          type: 'line',
          yAxisIndex: 1,
          data: history.map((h) => h.provinceRank),
          itemStyle: { color: '#13a8a8' },
          lineStyle: { type: 'dashed' },
        },
      ],
    };
  }, [history, data.timeType]);
  const unit = UNIT[data.timeType];
  const current = data.current;
  return (
    <>
      <div className="lt-an-stats">
        <Stat
          label="全国名次"
          value={current?.rank == null ? '—' : `${current.rank} / ${current.total}`}
          note={changeNote(data.change.rank, unit)}
          tone={data.change.rank === null || data.change.rank === 0 ? undefined : data.change.rank > 0 ? 'good' : 'bad'}
        />
        <Stat
          label="省内名次"
          value={current?.provinceRank == null ? '—' : `${current.provinceRank} / ${current.provinceTotal}`}
          note={changeNote(data.change.provinceRank, unit)}
          tone={
            data.change.provinceRank === null || data.change.provinceRank === 0
              ? undefined
              : data.change.provinceRank > 0
                ? 'good'
                : 'bad'
          }
        />
        <Stat
          label={data.sortBy === 'aqi' ? 'AQI' : '综合指数'}
          value={current?.value == null ? '—' : String(current.value)}
          note={current === null ? undefined : current.levelName}
        />
        <Stat
          label="统计时段"
          value={current === null ? '—' : current.time.slice(0, data.timeType === 'hour' ? 16 : 10)}
        />
      </div>
      {history.length > 0 && (
        <EChart
          option={option}
          style={{ height: 280 }}
          ariaLabel={`${data.cityName}最近 ${history.length} 个${unit}的名次走势`}
        />
      )}
      <p className="lt-an-note">名次越小空气越好；上升（变好）标绿，下降标红。没有数据的时段不画点。</p>
    </>
  );
}
