import { ErrorCode } from '@lantian/contracts/error-codes';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { useCityParam } from '../app/useCityParam';
import { ApiError } from '../shared/api/client';
import { firstScreenShown } from '../shared/first-screen';
import { useFirstScreenSettled } from '../shared/useFirstScreenSettled';
import { Block, BlockSkeleton, EmptyNote, InlineError } from './city/Block';
import { CityHero, HeroSkeleton } from './city/CityHero';
import { useCityCurrent } from './city/city.api';
import { PageDemoContext } from './city/DemoLabels';
import { PollutantGrid } from './city/PollutantGrid';
import './city/city.css';

// The blocks below the headline are a chunk of their own: the headline does not wait for their code.
const CityAirMore = lazy(() => import('./city/CityAirMore'));

/**
 * 城市空气质量 (/city/{pinyin or area code}): the current hour first — AQI, level, primary
 * pollutant, time, health advice and the seven pollutants — then the outlook, the trends, the
 * calendar, the ranking and the stations. Each block loads and fails on its own.
 */
export default function CityAirPage() {
  const city = useCityParam();
  // The shell is still resolving the visitor's city (spec §4); it will navigate to /city/{city}.
  if (city === undefined || city === '') {
    return (
      <div className="lt-cap-page">
        <HeroSkeleton />
      </div>
    );
  }
  return <CityAirView city={city} />;
}

function CityAirView({ city }: { city: string }) {
  const current = useCityCurrent(city);
  const error = current.error;
  const hasData = current.data !== undefined;
  useEffect(() => {
    if (hasData) firstScreenShown();
  }, [hasData]);
  const settled = useFirstScreenSettled();
  if (error instanceof ApiError && (error.code === ErrorCode.CITY_NOT_FOUND || error.status === 404)) {
    return <CityNotFound city={city} />;
  }
  const demo = current.data?.current?.isDemo === true;
  return (
    <PageDemoContext value={demo}>
      <div className="lt-cap-page">
        <div className="lt-cap-grid">
          <div className="lt-cap-area-hero">
            {current.isError ? (
              <Block id="city-now" title="当前空气质量">
                <InlineError label="当前空气质量" error={error} onRetry={() => void current.refetch()} />
              </Block>
            ) : current.data === undefined ? (
              <HeroSkeleton />
            ) : (
              <CityHero data={current.data} />
            )}
          </div>
          <Block id="city-pollutants" title="污染物浓度" className="lt-cap-area-pollutants">
            {current.data === undefined ? (
              current.isError ? (
                <EmptyNote>当前空气质量未能加载，请重试。</EmptyNote>
              ) : (
                <BlockSkeleton rows={5} />
              )
            ) : current.data.current === null ? (
              <EmptyNote>暂无污染物数据</EmptyNote>
            ) : (
              <>
                <PollutantGrid current={current.data.current} />
                <p className="lt-cap-note">
                  浓度为最近 1 小时均值（臭氧 8 小时为滑动平均），单位 μg/m³，CO 为 mg/m³；色条为该浓度对应的级别。
                </p>
              </>
            )}
          </Block>
          {/* The rest mounts once the headline is painted (its code and work would delay that paint on
              a phone); laid out below it, the blocks out of sight wait for the visitor to scroll near
              them before they fetch anything. */}
          {!current.isPending && settled && (
            <Suspense fallback={null}>
              <CityAirMore city={city} />
            </Suspense>
          )}
        </div>
      </div>
    </PageDemoContext>
  );
}

function CityNotFound({ city }: { city: string }) {
  return (
    <div className="lt-cap-page">
      <section className="lt-cap-block lt-cap-notfound" aria-labelledby="city-notfound-title">
        <h1 id="city-notfound-title">未找到“{city}”</h1>
        <p>地址中的城市既不是 6 位区划代码，也不是已知城市的拼音名。请用上方的搜索框查找城市或区县。</p>
        <Link to="/city/beijing">查看北京市空气质量</Link>
      </section>
    </div>
  );
}
