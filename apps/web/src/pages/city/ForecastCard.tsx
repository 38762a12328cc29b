import type { CityAirForecastDay } from '@lantian/contracts';
import { chinaLabel, INDEX_LABEL, levelColor, levelInk, levelText, parseChinaTime } from '../../shared/aqi';
import { WeatherIcon } from '../../shared/weather';
import { Block, EmptyNote, QueryBody, useNearViewport } from './Block';
import { useCity3Day, useCityForeText, useCityNextHours } from './city.api';
import { BlockDemoTag } from './DemoLabels';

const DAY_NAMES = ['今天', '明天', '后天'];

/**
 * The outlook: three days of air-quality forecast (AQI range, levels, primary pollutant), the
 * forecast text with its issue time, and the next 24 hours of weather with the day's air forecast
 * under each hour — the API has no hourly AQI forecast, and the page does not pretend otherwise.
 */
export function ForecastCard({ city }: { city: string }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const days = useCity3Day(city, near);
  const text = useCityForeText(city, near);
  const hours = useCityNextHours(city, near);
  const demo = days.data?.items.some((d) => d.isDemo) === true || text.data?.forecast?.isDemo === true;
  return (
    <Block id="city-forecast" title="空气质量预报" blockRef={ref} extra={<BlockDemoTag demo={demo} />}>
      <QueryBody state={days} label="三天预报" rows={3}>
        {() => {
          const items = days.data?.items ?? [];
          if (items.length === 0) return <EmptyNote>暂无空气质量预报</EmptyNote>;
          const today = items[0]?.date;
          return (
            <ol className="lt-cap-days" aria-label="未来三天空气质量预报">
              {items.map((d) => (
                <ForecastDay key={d.date} day={d} name={dayName(d.date, today)} />
              ))}
            </ol>
          );
        }}
      </QueryBody>

      <QueryBody state={text} label="预报文字" rows={1}>
        {() => {
          const f = text.data?.forecast;
          if (f === null || f === undefined || f.text === null) return null;
          return (
            <p className="lt-cap-foretext">
              {f.text}{' '}
              <span className="lt-cap-muted lt-cap-issued">{chinaLabel(parseChinaTime(f.issuedAt), 'short')} 发布</span>
            </p>
          );
        }}
      </QueryBody>

      <h3 className="lt-cap-subhead">未来 24 小时</h3>
      <QueryBody state={hours} label="逐小时预报" rows={2}>
        {() => {
          const items = hours.data?.items ?? [];
          if (items.length === 0) return <EmptyNote>暂无逐小时天气预报</EmptyNote>;
          return (
            <>
              <ol className="lt-cap-hours" aria-label="未来 24 小时天气与当日空气质量预报">
                {items.map((h) => {
                  const t = parseChinaTime(h.time);
                  const air = h.dayAirForecast;
                  const airLevel = air?.levelMax.level ?? 0;
                  return (
                    <li key={h.time} className="lt-cap-hour">
                      <span className="lt-cap-hour-time">{chinaLabel(t, 'hour')}</span>
                      <WeatherIcon code={h.weather.icon} text={h.weather.text} size={26} />
                      <span className="lt-cap-hour-temp">
                        {h.weather.temperature === null ? '—' : `${Math.round(h.weather.temperature)}°`}
                      </span>
                      <span className="lt-cap-hour-wind">
                        {h.weather.windDirectionName ?? ''}
                        {h.weather.windForce === null ? '' : ` ${h.weather.windForce}级`}
                      </span>
                      <span
                        className="lt-cap-hour-air"
                        style={{ background: levelColor(airLevel) }}
                        title={
                          air === null ? '无空气质量预报' : `当日预报 AQI ${air.aqiMin}–${air.aqiMax} ${air.levelText}`
                        }
                      />
                    </li>
                  );
                })}
              </ol>
              <p className="lt-cap-note">{hours.data?.note}</p>
            </>
          );
        }}
      </QueryBody>
    </Block>
  );
}

function dayName(date: string, today: string | undefined): string {
  if (today === undefined) return '';
  const diff = Math.round(
    ((parseChinaTime(`${date} 00:00:00`) ?? 0) - (parseChinaTime(`${today} 00:00:00`) ?? 0)) / 86_400,
  );
  return DAY_NAMES[diff] ?? '';
}

function ForecastDay({ day, name }: { day: CityAirForecastDay; name: string }) {
  const t = parseChinaTime(`${day.date} 00:00:00`);
  const low = day.levelMin.level;
  const high = day.levelMax.level;
  const band =
    low === high ? levelColor(high) : `linear-gradient(90deg, ${levelColor(low)} 0%, ${levelColor(high)} 100%)`;
  return (
    <li className="lt-cap-day" data-testid="forecast-day">
      <div className="lt-cap-day-when">
        <strong>{name}</strong>
        <span className="lt-cap-muted">
          {chinaLabel(t, 'day')} {chinaLabel(t, 'weekday')}
        </span>
      </div>
      <div className="lt-cap-day-range">
        {day.aqiMin === null ? '—' : `${day.aqiMin}–${day.aqiMax ?? '—'}`}
        <small>AQI</small>
      </div>
      <span className="lt-cap-day-level" style={{ background: band, color: levelInk(high) }}>
        {day.levelText}
      </span>
      <div className="lt-cap-day-primary" style={{ color: levelText(high) }}>
        {day.primaryPollutant.length === 0 ? '—' : day.primaryPollutant.map((k) => INDEX_LABEL[k]).join('、')}
      </div>
    </li>
  );
}
