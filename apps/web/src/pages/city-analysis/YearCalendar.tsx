import type { CalendarDay } from '@lantian/contracts';
import { daysInMonth } from '@lantian/domain';
import { levelColor, levelInk, primaryLabel } from '../../shared/aqi';

const WEEK_HEAD = ['一', '二', '三', '四', '五', '六', '日'];
const pad2 = (n: number) => String(n).padStart(2, '0');

/** Monday-first weekday (0–6) of a date, computed in UTC so the visitor's zone cannot shift it. */
function weekdayMondayFirst(year: number, month: number, day: number): number {
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/**
 * A year of daily levels: twelve small month grids, each day in its level colour with its AQI on
 * hover and for screen readers. A day without data stays blank, never green.
 */
export function YearCalendar({ year, days }: { year: number; days: readonly CalendarDay[] }) {
  const byDate = new Map(days.map((d) => [d.date, d]));
  return (
    <>
      <div className="lt-ca-year-cal">
        {Array.from({ length: 12 }, (_, i) => i + 1).map((month) => {
          const lead = weekdayMondayFirst(year, month, 1);
          const count = daysInMonth(year, month);
          const prefix = `${year}-${pad2(month)}-`;
          // A month without any data folds away on a phone: twelve blank grids would bury the rest.
          const empty = !days.some((d) => d.date.startsWith(prefix));
          return (
            <figure
              key={month}
              className={empty ? 'lt-ca-month lt-ca-month-empty' : 'lt-ca-month'}
              aria-label={`${month}月`}
            >
              <figcaption>{month}月</figcaption>
              <div className="lt-ca-month-grid">
                {WEEK_HEAD.map((w) => (
                  <span key={w} className="lt-ca-week" aria-hidden>
                    {w}
                  </span>
                ))}
                {Array.from({ length: lead }, (_, k) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before the 1st
                  <span key={`b${k}`} aria-hidden />
                ))}
                {Array.from({ length: count }, (_, k) => {
                  const date = `${year}-${pad2(month)}-${pad2(k + 1)}`;
                  const d = byDate.get(date);
                  const label =
                    d === undefined
                      ? `${date} 无数据`
                      : `${date} AQI ${d.aqi ?? '—'} ${d.levelName}${d.primaryPollutant.length > 0 ? ` 首要污染物 ${primaryLabel(d.primaryPollutant)}` : ''}`;
                  return (
                    <span
                      key={date}
                      className={d === undefined ? 'lt-ca-day lt-ca-day-empty' : 'lt-ca-day'}
                      style={
                        d === undefined ? undefined : { background: levelColor(d.level), color: levelInk(d.level) }
                      }
                      title={label}
                      data-date={date}
                      data-level={d?.level ?? 0}
                    >
                      <span aria-hidden>{k + 1}</span>
                      <span className="lt-visually-hidden">{label}</span>
                    </span>
                  );
                })}
              </div>
            </figure>
          );
        })}
      </div>
      <p className="lt-an-note lt-ca-narrow-only">全无数据的月份在窄屏上不显示。</p>
    </>
  );
}
