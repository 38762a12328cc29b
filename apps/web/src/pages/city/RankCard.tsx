import type { RankAnalysisData, RankItem } from '@lantian/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AqiBadge, chinaLabel, parseChinaTime, StaleTag } from '../../shared/aqi';
import { Segmented } from '../../shared/Segmented';
import { Block, EmptyNote, QueryBody, useNearViewport } from './Block';
import { type RankPeriod, useCityRank, useRankAnalysis } from './city.api';
import { BlockDemoTag } from './DemoLabels';

const PERIOD_NAME: Record<RankPeriod, string> = { hour: '上一小时', day: '前一日' };

/**
 * Where the city stands among all cities (rank 1 is the cleanest), now or yesterday, with the
 * change since the period before, and the ranking it stands in: its province's cities, or — for a
 * municipality, alone in its province — its neighbours in the national list.
 */
export function RankCard({ city }: { city: string }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const [period, setPeriod] = useState<RankPeriod>('hour');
  const analysis = useRankAnalysis(city, period, near);
  const a = analysis.data;
  const inProvince = a !== undefined && (a.current?.provinceTotal ?? 0) > 1;
  const rankType = a === undefined ? '' : inProvince ? `province:${a.provinceCode}` : 'all';
  const ranked = a?.current != null && a.current.rank !== null;
  const list = useCityRank(rankType, period, near && ranked);
  return (
    <Block
      id="city-rank"
      title="城市排名"
      blockRef={ref}
      extra={
        <Segmented
          value={period}
          onChange={setPeriod}
          options={[
            { label: '实时', value: 'hour' },
            { label: '昨日', value: 'day' },
          ]}
          aria-label="排名时段"
        />
      }
    >
      <QueryBody state={analysis} label="排名" rows={3}>
        {() =>
          a === undefined || !ranked ? (
            <EmptyNote>
              {a === undefined
                ? '暂无排名数据'
                : a.cityCode.endsWith('00')
                  ? `${a.cityName}在该时段没有有效数据，未参与排名`
                  : '城市排名只包括地级及以上城市，区县不参与排名'}
            </EmptyNote>
          ) : (
            <>
              <Standing data={a} period={period} />
              <h3 className="lt-cap-subhead">{inProvince ? `${a.provinceName}城市排名` : '全国城市排名'}</h3>
              <QueryBody state={list} label="排名列表" rows={5}>
                {() => <RankList items={list.data?.items ?? []} cityCode={a.cityCode} around={inProvince ? null : 2} />}
              </QueryBody>
            </>
          )
        }
      </QueryBody>
    </Block>
  );
}

function Standing({ data, period }: { data: RankAnalysisData; period: RankPeriod }) {
  const c = data.current;
  if (c === null) return null;
  const t = parseChinaTime(c.time);
  const change = data.change.rank;
  const position = c.rank === null || c.total <= 1 ? null : (c.rank - 1) / (c.total - 1);
  return (
    <div className="lt-cap-standing" data-testid="city-rank">
      <div className="lt-cap-standing-main">
        <div>
          <span className="lt-cap-muted">全国</span>
          <strong className="lt-cap-rank-number">{c.rank ?? '—'}</strong>
          <span className="lt-cap-muted">/ {c.total} 城</span>
        </div>
        {c.provinceTotal > 1 && (
          <div>
            <span className="lt-cap-muted">{data.provinceName}</span>
            <strong className="lt-cap-rank-number lt-cap-rank-number-small">{c.provinceRank ?? '—'}</strong>
            <span className="lt-cap-muted">/ {c.provinceTotal}</span>
          </div>
        )}
        <div className="lt-cap-standing-tags">
          <BlockDemoTag demo={c.isDemo} />
          {data.stale && <StaleTag />}
        </div>
      </div>
      {position !== null && (
        <div className="lt-cap-rank-track" aria-hidden="true">
          <i style={{ left: `${position * 100}%`, background: c.color }} />
        </div>
      )}
      <div className="lt-cap-rank-ends" aria-hidden="true">
        <span>最好</span>
        <span>最差</span>
      </div>
      <p className="lt-cap-muted lt-cap-standing-note">
        {period === 'hour'
          ? `${chinaLabel(t, 'short')} 时 AQI ${c.value ?? '—'}`
          : `${chinaLabel(t, 'monthDay')} 日均 AQI ${c.value ?? '—'}`}
        {change !== null && (
          <>
            {' · 较'}
            {PERIOD_NAME[period]}
            {change === 0 ? (
              '持平'
            ) : (
              <span className={change > 0 ? 'lt-cap-up' : 'lt-cap-down'}>
                {change > 0 ? `上升 ${change} 位` : `下降 ${-change} 位`}
              </span>
            )}
          </>
        )}
      </p>
    </div>
  );
}

/** The whole (province) list, or the top three and `around` places either side of the city. */
function RankList({ items, cityCode, around }: { items: RankItem[]; cityCode: string; around: number | null }) {
  const { search } = useLocation();
  const box = useRef<HTMLOListElement>(null);
  // A long province list scrolls inside its box; the city's own row starts in view (the page stays put).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-centre whenever a new list is drawn
  useEffect(() => {
    const list = box.current;
    const self = list?.querySelector<HTMLElement>('.lt-cap-rank-self');
    if (list == null || self == null || list.scrollHeight <= list.clientHeight) return;
    list.scrollTop = self.offsetTop - list.clientHeight / 2 + self.clientHeight / 2;
  }, [items]);
  if (items.length === 0) return <EmptyNote>暂无排名数据</EmptyNote>;
  let rows: (RankItem | 'gap')[] = items;
  if (around !== null) {
    const at = items.findIndex((i) => i.cityCode === cityCode);
    const keep = new Set<number>([0, 1, 2]);
    if (at >= 0) for (let i = at - around; i <= at + around; i += 1) if (i >= 0 && i < items.length) keep.add(i);
    rows = [];
    let last = -1;
    for (const i of [...keep].sort((x, y) => x - y)) {
      if (i > last + 1) rows.push('gap');
      const item = items[i];
      if (item !== undefined) rows.push(item);
      last = i;
    }
    if (last < items.length - 1) rows.push('gap');
  }
  return (
    <ol className="lt-cap-rank-list" ref={box}>
      {rows.map((r, i) =>
        r === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps are positional
          <li key={`gap-${i}`} className="lt-cap-rank-gap" aria-hidden="true">
            ⋯
          </li>
        ) : (
          <li key={r.cityCode} className={r.cityCode === cityCode ? 'lt-cap-rank-self' : undefined}>
            <span className="lt-cap-rank-pos">{r.rank ?? '—'}</span>
            {r.cityCode === cityCode ? (
              <span className="lt-cap-rank-name">{r.cityName}</span>
            ) : (
              <Link className="lt-cap-rank-name" to={`/city/${r.pyName}${search}`}>
                {r.cityName}
              </Link>
            )}
            <AqiBadge aqi={r.aqi} level={r.level} stale={r.stale} />
          </li>
        ),
      )}
    </ol>
  );
}
