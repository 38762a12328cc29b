import type { WeatherForecastDayData, WeatherNow } from '@lantian/contracts';
import type { ReactNode } from 'react';
import { WeatherIcon, WindArrow, windDirectionText, windForceText, windOf } from '../../shared/weather';
import { monthDayHour, num } from './format';
import { EmptyBlock } from './QueryState';

function Metric({ id, label, children, hint }: { id: string; label: string; children: ReactNode; hint?: string }) {
  return (
    <div className="lt-wx-metric" data-testid={`now-${id}`}>
      <dt>{label}</dt>
      <dd>
        {children}
        {hint === undefined ? null : <small>{hint}</small>}
      </dd>
    </div>
  );
}

/** The latest observation: weather, temperature, humidity, pressure, wind, rain, radiation, its time. */
export function CurrentConditions({
  now,
  today,
}: {
  now: WeatherNow | null;
  today: WeatherForecastDayData | undefined;
}) {
  if (now === null) return <EmptyBlock>暂无实况观测数据</EmptyBlock>;
  const wind = windOf(now);
  return (
    <div className="lt-wx-now">
      <div className="lt-wx-now-main">
        <WeatherIcon code={now.icon} text={now.text} size={64} />
        <div>
          <div className="lt-wx-now-temp" data-testid="now-temperature">
            {num(now.temperature)}
            <span className="lt-wx-unit">°C</span>
          </div>
          <div className="lt-wx-now-text">
            <span data-testid="now-text">{now.text ?? '—'}</span>
            {today === undefined ? null : (
              <span className="lt-wx-muted">
                今天 {num(today.tempMin)} ~ {num(today.tempMax)} °C
              </span>
            )}
          </div>
        </div>
      </div>
      <p className="lt-wx-time">
        实况 <time dateTime={now.time.replace(' ', 'T')}>{monthDayHour(now.time)}</time>
        {now.stale ? <span className="lt-stale-tag lt-wx-stale">数据已超过 3 小时未更新</span> : null}
      </p>
      <dl className="lt-wx-metrics">
        <Metric id="humidity" label="相对湿度">
          {num(now.humidity, 0)} <span className="lt-wx-unit">%</span>
        </Metric>
        <Metric id="pressure" label="气压">
          {num(now.pressure)} <span className="lt-wx-unit">hPa</span>
        </Metric>
        <Metric id="wind" label="风向风力" hint={`${num(now.windSpeed)} m/s`}>
          <WindArrow degrees={wind.force === 0 ? null : now.windDirection} />
          <span data-testid="now-wind-direction">{windDirectionText(wind)}</span>{' '}
          <span data-testid="now-wind-force">{windForceText(wind)}</span>
        </Metric>
        <Metric id="rain" label="小时降水">
          {num(now.precipitation)} <span className="lt-wx-unit">mm</span>
        </Metric>
        <Metric id="radiation" label="辐射">
          {num(now.radiation, 0)} <span className="lt-wx-unit">W/m²</span>
        </Metric>
      </dl>
    </div>
  );
}
