import type { WeatherForecastDayData } from '@lantian/contracts';
import { WeatherIcon, windText } from '../../shared/weather';
import { dayName, monthDay, num } from './format';
import { EmptyBlock } from './QueryState';

/** Days shown (spec §9: forecast days default to 3–5). */
export const DAILY_DAYS = 5;

/** The next days: weather by day and night, the temperature span on a common scale, the wind. */
export function DailyForecast({ days }: { days: WeatherForecastDayData[] }) {
  const shown = days.slice(0, DAILY_DAYS);
  if (shown.length === 0) return <EmptyBlock>暂无逐日预报</EmptyBlock>;
  const temps = shown.flatMap((d) => [d.tempMin, d.tempMax]).filter((t): t is number => t !== null);
  const lo = Math.min(...temps);
  const hi = Math.max(...temps);
  const span = hi - lo || 1;
  return (
    <ol className="lt-wx-days" aria-label="逐日预报">
      {shown.map((d) => {
        const hasRange = d.tempMin !== null && d.tempMax !== null;
        const left = hasRange ? (((d.tempMin ?? lo) - lo) / span) * 100 : 0;
        const width = hasRange ? (((d.tempMax ?? hi) - (d.tempMin ?? lo)) / span) * 100 : 0;
        return (
          <li key={d.date} className="lt-wx-day" data-testid="daily-row">
            <div className="lt-wx-day-date">
              <strong>{dayName(d.date)}</strong>
              <span className="lt-wx-muted">{monthDay(d.date)}</span>
            </div>
            <div className="lt-wx-day-weather">
              <WeatherIcon code={d.iconDay} text={d.textDay} size={28} />
              <div>
                <div>
                  {d.textDay ?? '—'}
                  {d.textNight !== null && d.textNight !== d.textDay ? (
                    <span className="lt-wx-muted">转{d.textNight}</span>
                  ) : null}
                </div>
                <div className="lt-wx-muted lt-wx-small">{windText(d)}</div>
              </div>
            </div>
            <div className="lt-wx-day-temps">
              <span className="lt-wx-tmin">
                <span className="lt-wx-sr">最低气温 </span>
                {num(d.tempMin)}°
              </span>
              <span className="lt-wx-range" aria-hidden="true">
                <span style={{ left: `${left}%`, width: `${Math.max(width, 4)}%` }} />
              </span>
              <span className="lt-wx-tmax">
                <span className="lt-wx-sr">最高气温 </span>
                {num(d.tempMax)}°
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
