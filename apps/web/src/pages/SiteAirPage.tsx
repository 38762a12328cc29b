import { ErrorCode } from '@lantian/contracts/error-codes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../shared/api/client';
import { AqiBadge, DemoTag, levelColor } from '../shared/aqi';
import { firstScreenShown } from '../shared/first-screen';
import { NARROW_QUERY, useMediaQuery } from '../shared/useMediaQuery';
import { InlineError, MetricSwitch, Shimmer } from './site/BlockParts';
import { CitySummary } from './site/CitySummary';
import type { Metric } from './site/metrics';
import { SiteDetail } from './site/SiteDetail';
import { SiteList } from './site/SiteList';
import { SiteMap } from './site/SiteMap';
import { outlineQuery } from './site/site.api';
import { DEFAULT_SORT, nextSort, type SortState } from './site/sort';
import { useSitePage } from './site/useSitePage';
import './site/site.css';

/**
 * 站点空气质量 (/site/{city, district or station}): the city's monitoring stations on an offline map
 * and in a sortable list; choosing one (on the map, in the list, or by its address) opens its detail
 * and its last 24 hours, and puts `/site/{stationCode}` in the address, keeping the query string.
 */
function SiteAirPageContent() {
  const page = useSitePage();
  const navigate = useNavigate();
  const { search } = useLocation();
  const narrow = useMediaQuery(NARROW_QUERY);
  const [metric, setMetric] = useState<Metric>('aqi');
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const detailRef = useRef<HTMLDivElement>(null);
  const { data, county } = page;
  // The work that waits for the first screen (the city list, the search panels) starts once the
  // stations (or the reason there are none) are painted.
  const shown =
    page.stationError !== undefined ||
    page.error !== undefined ||
    !(page.waiting || page.loading || data === undefined);
  useEffect(() => {
    if (shown) firstScreenShown();
  }, [shown]);

  const outline = useQuery({
    ...outlineQuery(data?.cityCode ?? ''),
    enabled: data !== undefined && data.sites.length > 0,
  });

  const select = (siteCode: string, from: 'map' | 'list') => {
    if (siteCode !== page.selected) navigate(`/site/${encodeURIComponent(siteCode)}${search}`);
    // On phones the detail sits above the list: bring it into view when a row far below was tapped.
    if (from === 'list' && narrow) {
      requestAnimationFrame(() => detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    }
  };
  const close = () => navigate(`/site/${page.requested?.pyName ?? data?.pyName ?? ''}${search}`);

  if (page.stationError !== undefined) {
    const unknown = page.stationError instanceof ApiError && page.stationError.status === 404;
    return (
      <div className="lt-site-page">
        {unknown ? (
          <div className="lt-site-card-block lt-site-missing" role="alert">
            <h1>未找到站点 {page.selected}</h1>
            <p>请检查站点编码，或在上方搜索框中选择城市查看它的监测站点。</p>
          </div>
        ) : (
          <InlineError what="站点信息" error={page.stationError} onRetry={page.retryStation} />
        )}
      </div>
    );
  }

  if (page.error !== undefined) {
    const unknownCity =
      page.error instanceof ApiError && (page.error.code === ErrorCode.CITY_NOT_FOUND || page.error.status === 404);
    return (
      <div className="lt-site-page">
        {unknownCity ? (
          <div className="lt-site-card-block lt-site-missing" role="alert">
            <h1>未找到该城市</h1>
            <p>请在上方搜索框中输入城市或区县名称。</p>
          </div>
        ) : (
          <div className="lt-site-card-block">
            <InlineError what="监测站点" error={page.error} onRetry={page.retry} />
          </div>
        )}
      </div>
    );
  }

  if (page.waiting || page.loading || data === undefined) {
    return (
      <div className="lt-site-page" aria-busy="true">
        <div className="lt-site-head">
          <Shimmer height={28} className="lt-site-shimmer-title" />
        </div>
        <div className="lt-site-grid">
          <Shimmer height={narrow ? 300 : 460} className="lt-site-area-map" />
          <Shimmer height={narrow ? 200 : 460} className="lt-site-area-detail" />
        </div>
      </div>
    );
  }

  const sites = data.sites;
  const isDemo = sites.some((s) => s.isDemo || s.latest?.isDemo === true) || data.city?.isDemo === true;
  const references = sites.filter((s) => s.isReference).length;
  const times = sites.flatMap((s) => (s.latest === null ? [] : [s.latest.time])).sort();
  const newest = times[times.length - 1];
  const staleCount = sites.filter((s) => s.latest === null || s.latest.stale).length;
  const selected = sites.some((s) => s.siteCode === page.selected) ? page.selected : undefined;

  return (
    <div className="lt-site-page">
      <header className="lt-site-head">
        <div className="lt-site-title">
          <h1>{data.cityName}监测站点</h1>
          {isDemo && <DemoTag />}
        </div>
        <p className="lt-site-meta">
          <span>
            共 {sites.length} 个站点{references > 0 ? `（含 ${references} 个对照点）` : ''}
          </span>
          {newest !== undefined && <span>数据时间 {newest.slice(0, 16)}</span>}
          {data.city !== null && (
            <span className="lt-site-meta-city">
              全市 <AqiBadge aqi={data.city.aqi} level={data.city.level} /> {data.city.levelName}
            </span>
          )}
          {staleCount > 0 && (
            <span className="lt-site-tag lt-site-tag-stale" title="最近一次数据早于当前 3 小时以上，或暂无数据">
              {staleCount} 个站点数据过时
            </span>
          )}
        </p>
        {isDemo && <p className="lt-site-demo-note">演示数据：以下数值由系统生成，用于展示功能，不是真实监测结果。</p>}
        {county !== undefined && (
          <p className="lt-site-county-note">
            {county.name}没有单独的站点列表，下面是{data.cityName}的全部站点，位于{county.name}的站点已用蓝色标出。
          </p>
        )}
      </header>

      {sites.length === 0 ? (
        <div className="lt-site-card-block lt-site-missing">
          <h2>暂无监测站点</h2>
          <p>{data.cityName}还没有登记的国控监测站点。可在上方搜索框中选择其他城市。</p>
        </div>
      ) : (
        <div className="lt-site-grid">
          <section className="lt-site-card-block lt-site-area-map" aria-labelledby="lt-site-map-title">
            <div className="lt-site-block-head">
              <h2 id="lt-site-map-title">站点分布</h2>
              <MetricSwitch value={metric} onChange={setMetric} label="地图指标" />
            </div>
            {outline.isError && (
              <InlineError what="地图轮廓" error={outline.error} onRetry={() => void outline.refetch()} />
            )}
            {outline.data === undefined && !outline.isError ? (
              <Shimmer height={narrow ? 300 : 460} />
            ) : (
              <SiteMap
                sites={sites}
                cityCode={data.cityCode}
                metric={metric}
                selected={selected}
                countyCode={county?.code}
                outline={outline.data ?? null}
                roam={!narrow}
                height={narrow ? 300 : 460}
                ariaLabel={`${data.cityName}${sites.length}个监测站点的分布地图，颜色表示${metric === 'aqi' ? 'AQI' : '所选污染物'}级别`}
                onSelect={(code) => select(code, 'map')}
              />
            )}
            <Legend />
          </section>

          <div className="lt-site-area-detail" ref={detailRef}>
            {selected === undefined ? (
              <CitySummary data={data} onSelect={(code) => select(code, 'map')} />
            ) : (
              <SiteDetail key={selected} siteCode={selected} city={data} compact={narrow} onClose={close} />
            )}
          </div>

          <section className="lt-site-card-block lt-site-area-list" aria-labelledby="lt-site-list-title">
            <div className="lt-site-block-head">
              <h2 id="lt-site-list-title">站点列表</h2>
              {selected !== undefined && (
                <button type="button" className="lt-button lt-button-small" onClick={close}>
                  返回全市概况
                </button>
              )}
            </div>
            <SiteList
              sites={sites}
              sort={sort}
              onSort={(key) => setSort((s) => nextSort(s, key))}
              onSortChange={setSort}
              selected={selected}
              countyCode={county?.code}
              countyName={county?.name}
              compact={narrow}
              onSelect={(code) => select(code, 'list')}
            />
          </section>
        </div>
      )}
      <p className="lt-site-footnote">
        AQI 按 HJ 633-2012 计算；数值为小时值，“—”表示缺测；对照点位于城市背景区域，不计入城市均值。
      </p>
    </div>
  );
}

const LEGEND = [
  { level: 1, name: '优' },
  { level: 2, name: '良' },
  { level: 3, name: '轻度' },
  { level: 4, name: '中度' },
  { level: 5, name: '重度' },
  { level: 6, name: '严重' },
] as const;

function Legend() {
  return (
    <ul className="lt-site-legend" aria-label="图例">
      {LEGEND.map((l) => (
        <li key={l.level}>
          <span className="lt-site-legend-dot" style={{ background: levelColor(l.level) }} />
          {l.name}
        </li>
      ))}
      <li>
        <span className="lt-site-legend-diamond" />
        对照点
      </li>
      <li>
        <span className="lt-site-legend-stale" />
        数据过时
      </li>
    </ul>
  );
}

/**
 * The page uses no antd component (its buttons are the shell's own), so it needs no antd scope: antd
 * (≈100 KB gzip) stays out of the page's first screen.
 */
export default function SiteAirPage() {
  return <SiteAirPageContent />;
}
