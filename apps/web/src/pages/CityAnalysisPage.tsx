import { ErrorCode } from '@lantian/contracts/error-codes';
import { chinaParts } from '@lantian/domain';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSectionMeta } from '../app/document-meta';
import { cityAnalysisPath, citySegment } from '../app/routing';
import { useCurrentCity } from '../modules/city';
import { AntdScope } from '../shared/antd/AntdScope';
import { ApiError } from '../shared/api/client';
import { INDEX_LABEL, levelColor, levelName } from '../shared/aqi';
import { BarList, Stat } from './analysis/BarList';
import { CitySelect } from './analysis/CitySelect';
import { changePercent, formatChange, primaryPollutantDays } from './analysis/stats';
import { Block, BlockSkeleton, EmptyNote, QueryBody } from './city/Block';
import { Attainment } from './city-analysis/Attainment';
import { CompareCities } from './city-analysis/CompareCities';
import { type CityYearsData, useCityYears, useYearCalendar } from './city-analysis/city-analysis.api';
import { MeteoRelation } from './city-analysis/MeteoRelation';
import { MonthCompare } from './city-analysis/MonthCompare';
import { OzoneDay } from './city-analysis/OzoneDay';
import { YearCalendar } from './city-analysis/YearCalendar';
import './analysis/analysis.css';
import './city/city.css';
import './city-analysis/city-analysis.css';

const POLLUTANT_ORDER = ['pm2_5', 'pm10', 'o3_8h', 'o3', 'no2', 'so2', 'co'];

/**
 * 城市分析 (/analysis/city/{pinyin}?year=YYYY): a city's year — overview, calendar of daily levels,
 * days by level and by primary pollutant, GB 3095-2012 attainment, months against the year before,
 * the O3 8-hour evaluation, AQI against the weather, and up to six cities side by side. Every block
 * is one public call (or a few) and fails on its own.
 */
export default function CityAnalysisPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const current = useCurrentCity();
  const city = pathname.startsWith('/analysis/city/') ? citySegment(pathname) : undefined;
  const fallback = current?.pyName ?? 'beijing';
  useEffect(() => {
    // No city in the address: the visitor's current city (or Beijing), as the pages do.
    if (city === undefined || city === 'city') void navigate(cityAnalysisPath(fallback, search), { replace: true });
  }, [city, fallback, search, navigate]);
  if (city === undefined || city === 'city') return <BlockSkeleton rows={8} />;
  return (
    <AntdScope>
      <CityAnalysis city={city} />
    </AntdScope>
  );
}

function CityAnalysis({ city }: { city: string }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const years = useCityYears(city);
  const now = chinaParts(Date.now() / 1000);
  const available = (years.data?.items ?? []).map((y) => y.year);
  const latest = available.length > 0 ? Math.max(...available) : now.year;
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= now.year ? asked : latest;
  const name = years.data?.cityName;
  useSectionMeta(
    name === undefined ? undefined : `${name}${year}年空气质量分析`,
    `${name}${year}年空气质量日历、达标评价、逐月同比、臭氧评价与气象分析`,
  );

  if (
    years.error instanceof ApiError &&
    (years.error.code === ErrorCode.CITY_NOT_FOUND || years.error.status === 404)
  ) {
    return (
      <div className="lt-an-page">
        <EmptyNote>
          未找到城市“{city}”。<Link to="/analysis/city/beijing">查看北京的分析</Link>
        </EmptyNote>
      </div>
    );
  }
  const yearOptions = [...new Set([now.year, ...available])].sort((a, b) => b - a);
  const pickYear = (y: number) => {
    const next = new URLSearchParams(params);
    next.set('year', String(y));
    setParams(next);
  };
  return (
    <div className="lt-an-page">
      <header className="lt-an-head">
        <div>
          <h1>{name ?? '…'} 空气质量分析</h1>
          <p>日历、达标、同比、臭氧与气象，数据来自全国城市空气质量实时发布</p>
        </div>
        <div className="lt-an-filters">
          <CitySelect
            ariaLabel="分析城市"
            value={years.data?.pyName ?? city}
            onChange={(py) => void navigate(cityAnalysisPath(py, window.location.search))}
          />
          <select
            className="lt-an-input"
            aria-label="年份"
            value={year}
            onChange={(e) => pickYear(Number(e.target.value))}
          >
            {yearOptions.map((y) => (
              <option key={y} value={y}>
                {y} 年
              </option>
            ))}
          </select>
        </div>
      </header>
      <div className="lt-an-grid">
        <YearOverview state={years} year={year} />
        <CalendarBlocks city={city} year={year} />
        <OzoneDay key={`${city}-${year}-o3`} city={city} defaultDate={lastDayOf(year, now)} />
        <Attainment
          key={`${city}-${year}-std`}
          city={city}
          year={year}
          lastMonth={year === now.year ? now.month : 12}
        />
        <MonthCompare city={city} year={year} />
        <MeteoRelation key={`${city}-${year}-meteo`} city={city} endDate={lastDayOf(year, now)} />
        <CompareCities key={`${city}-${year}-cmp`} city={years.data?.pyName ?? city} endDate={lastDayOf(year, now)} />
      </div>
    </div>
  );
}

/** The last day of `year` to analyse: yesterday in the current year (today is not over), else 31 Dec. */
export function lastDayOf(year: number, now: { year: number; month: number; day: number }): string {
  if (year !== now.year) return `${year}-12-31`;
  const yesterday = new Date(Date.UTC(now.year, now.month - 1, now.day) - 86_400_000);
  return yesterday.toISOString().slice(0, 10);
}

function YearOverview({ state, year }: { state: ReturnType<typeof useCityYears>; year: number }) {
  return (
    <Block id="ca-overview" title={`${year} 年概览`} className="lt-an-wide">
      <QueryBody state={state} label="年度数据" rows={3}>
        {() => <OverviewBody data={state.data as CityYearsData} year={year} />}
      </QueryBody>
    </Block>
  );
}

function OverviewBody({ data, year }: { data: CityYearsData; year: number }) {
  const item = data.items.find((y) => y.year === year);
  const before = data.items.find((y) => y.year === year - 1);
  if (item === undefined) return <EmptyNote>{year} 年暂无数据</EmptyNote>;
  const pm = changePercent(item.pm2_5, before?.pm2_5);
  const ci = changePercent(item.compositeIndex, before?.compositeIndex);
  const tone = (c: number | null) => (c === null ? undefined : c > 0 ? 'bad' : 'good');
  return (
    <>
      <div className="lt-an-stats">
        <Stat
          label="综合指数"
          value={item.compositeIndex === null ? '—' : item.compositeIndex.toFixed(2)}
          note={ci === null ? '去年无数据' : `同比 ${formatChange(ci)}`}
          tone={tone(ci)}
        />
        <Stat
          label="优良天数比例"
          value={item.goodRate === null ? '—' : `${(item.goodRate * 100).toFixed(1)}%`}
          note={`${item.goodDays} / ${item.days} 天`}
        />
        <Stat
          label={`${INDEX_LABEL.pm2_5} 年均`}
          value={item.pm2_5 === null ? '—' : `${item.pm2_5}`}
          note={pm === null ? 'μg/m³' : `μg/m³ · 同比 ${formatChange(pm)}`}
          tone={tone(pm)}
        />
        <Stat label="平均 AQI" value={item.aqiMean === null ? '—' : String(Math.round(item.aqiMean))} />
      </div>
      {item.isDemo && <p className="lt-an-note">【演示】本城市的数据为演示数据，非真实监测。</p>}
    </>
  );
}

function CalendarBlocks({ city, year }: { city: string; year: number }) {
  const calendar = useYearCalendar(city, year);
  const days = calendar.data?.days ?? [];
  return (
    <>
      <Block id="ca-calendar" title={`${year} 年空气质量日历`} className="lt-an-wide">
        <QueryBody state={calendar} label="日历" rows={8}>
          {() =>
            days.length === 0 ? <EmptyNote>{year} 年暂无日数据</EmptyNote> : <YearCalendar year={year} days={days} />
          }
        </QueryBody>
      </Block>
      <Block id="ca-levels" title="级别与首要污染物">
        <QueryBody state={calendar} label="级别统计" rows={6}>
          {() => {
            const levelDays = (calendar.data?.levelDays ?? []).filter((l) => l.level > 0);
            const primary = primaryPollutantDays(days, POLLUTANT_ORDER);
            return days.length === 0 ? (
              <EmptyNote>暂无数据</EmptyNote>
            ) : (
              <div className="lt-an-split">
                <div>
                  <p className="lt-an-subtitle">各级别天数</p>
                  <BarList
                    ariaLabel="各级别天数"
                    items={levelDays.map((l) => ({
                      key: String(l.level),
                      label: l.levelName || levelName(l.level),
                      value: l.days,
                      color: levelColor(l.level),
                      suffix: ' 天',
                    }))}
                  />
                </div>
                <div>
                  <p className="lt-an-subtitle">首要污染物天数（AQI &gt; 50 的日子）</p>
                  {primary.length === 0 ? (
                    <EmptyNote>全年没有首要污染物（每天 AQI ≤ 50）</EmptyNote>
                  ) : (
                    <BarList
                      ariaLabel="首要污染物天数"
                      items={primary.map((p) => ({
                        key: p.key,
                        label: INDEX_LABEL[p.key as keyof typeof INDEX_LABEL] ?? p.key,
                        value: p.days,
                        color: '#5b8ff9',
                        suffix: ' 天',
                      }))}
                    />
                  )}
                </div>
              </div>
            );
          }}
        </QueryBody>
      </Block>
    </>
  );
}
