import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useCityParam } from '../app/useCityParam';
import { firstScreenShown } from '../shared/first-screen';
import { useFirstScreenSettled } from '../shared/useFirstScreenSettled';
import { CurrentConditions } from './weather/CurrentConditions';
import { DailyForecast } from './weather/DailyForecast';
import { HourlyForecast } from './weather/HourlyForecast';
import { WeatherMonitorSlot } from './weather/monitor';
import { ErrorBlock, LoadingBlock } from './weather/QueryState';
import { useCityWeather } from './weather/weather.api';
import './weather/weather.css';
import '../shared/aqi/aqi.css';

// The layers (antd's radio and segmented controls, the national map) are a chunk of their own with
// their antd scope: the page's first screen is plain React and CSS and does not wait for antd.
const WeatherLayers = lazy(() => import('./weather/WeatherLayersBlock'));
const UpperAir = lazy(() => import('./weather/upper-air/UpperAirBlock'));

function Card({ title, id, children, extra }: { title: string; id: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <section className={`lt-wx-card lt-wx-${id}`} aria-labelledby={`lt-wx-${id}-title`}>
      <header className="lt-wx-card-head">
        <h2 id={`lt-wx-${id}-title`}>{title}</h2>
        {extra}
      </header>
      {children}
    </section>
  );
}

function LayersLoading() {
  return (
    <div className="lt-wx-card lt-wx-layers" aria-busy="true">
      <LoadingBlock rows={6} label="气象图层加载中" />
    </div>
  );
}

function CityWeather({ city }: { city: string }) {
  const query = useCityWeather(city);
  const weather = query.data;
  const shown = weather !== undefined || query.isError;
  useEffect(() => {
    if (shown) firstScreenShown();
  }, [shown]);
  // The layers (antd and a national map) wait until the conditions and forecasts are painted.
  const settled = useFirstScreenSettled();

  if (weather === undefined) {
    return (
      <div className="lt-wx">
        <h1 className="lt-wx-title">城市气象数据</h1>
        <div className="lt-wx-card">
          {query.isError ? (
            <ErrorBlock error={query.error} onRetry={() => query.refetch()} title="天气数据加载失败" />
          ) : (
            <LoadingBlock rows={6} label="天气数据加载中" />
          )}
        </div>
      </div>
    );
  }

  const isDemo =
    weather.now?.isDemo === true || weather.daily.some((d) => d.isDemo) || weather.hourly.some((h) => h.isDemo);
  const noData = weather.now === null && weather.daily.length === 0 && weather.hourly.length === 0;
  return (
    <div className="lt-wx">
      <div className="lt-wx-heading">
        <h1 className="lt-wx-title">
          {weather.cityName}
          <span>城市气象数据</span>
        </h1>
        {isDemo ? (
          <span className="lt-demo-tag lt-wx-demo" title="由系统生成的演示数据，并非真实观测与预报">
            演示数据
          </span>
        ) : null}
        {query.isError ? <span className="lt-stale-tag lt-wx-stale">刷新失败，显示的是上次获取的数据</span> : null}
      </div>
      {noData ? (
        <p className="lt-wx-note">{weather.cityName}暂无独立的气象观测与预报，可在上方搜索所属城市查看。</p>
      ) : null}
      <div className="lt-wx-grid">
        <Card title="当前天气" id="now">
          <CurrentConditions now={weather.now} today={weather.daily[0]} />
        </Card>
        <Card title="未来几天" id="daily">
          <DailyForecast days={weather.daily} />
        </Card>
        <Card title="逐小时预报" id="hourly">
          <HourlyForecast hours={weather.hourly} />
        </Card>
        {settled ? (
          <Suspense fallback={<LayersLoading />}>
            <WeatherLayers cityCode={weather.cityCode} />
          </Suspense>
        ) : (
          <LayersLoading />
        )}
        <WeatherMonitorSlot />
        {settled ? (
          <Suspense fallback={null}>
            <UpperAir cityCode={weather.cityCode} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

/** The city weather page (spec §2 /weather/{city}): current conditions, forecasts, weather layers. */
function WeatherPageContent() {
  const city = useCityParam();
  if (city === undefined || city === '') {
    return (
      <div className="lt-wx">
        <h1 className="lt-wx-title">城市气象数据</h1>
        <div className="lt-wx-card">
          <LoadingBlock rows={6} label="正在确定城市" />
        </div>
      </div>
    );
  }
  return <CityWeather key={city} city={city} />;
}

/** The city weather page; only its layers block uses antd, and brings its own scope. */
export default function WeatherPage() {
  return <WeatherPageContent />;
}
