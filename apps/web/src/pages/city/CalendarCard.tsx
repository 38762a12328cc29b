import type { CalendarDay } from '@lantian/contracts';
import { chinaParts, daysInMonth, formatAqi } from '@lantian/domain';
import { useState } from 'react';
import { levelColor, levelInk, levelName } from '../../shared/aqi';
import { Block, QueryBody, useNearViewport } from './Block';
import { type CityCalendar, useCityCalendar } from './city.api';
import { BlockDemoTag } from './DemoLabels';

interface YearMonth {
  year: number;
  month: number;
}

const WEEK_HEAD = ['一', '二', '三', '四', '五', '六', '日'];

function shift(ym: YearMonth, by: number): YearMonth {
  const index = ym.year * 12 + (ym.month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A calendar of daily AQI levels (getCityCalendar): one month on a phone, two side by side on a wide
 * screen, with the count of days per level. Days without data stay blank, never green.
 */
export function CalendarCard({ city }: { city: string }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const now = chinaParts(Date.now() / 1000);
  const thisMonth: YearMonth = { year: now.year, month: now.month };
  const [anchor, setAnchor] = useState<YearMonth>(thisMonth);
  const previous = shift(anchor, -1);
  const atLatest = anchor.year === thisMonth.year && anchor.month === thisMonth.month;
  const today = `${now.year}-${pad2(now.month)}-${pad2(now.day)}`;
  return (
    <Block
      id="city-calendar"
      title="空气质量日历"
      blockRef={ref}
      extra={
        <div className="lt-cap-cal-nav">
          <button
            type="button"
            className="lt-button lt-button-small"
            onClick={() => setAnchor(shift(anchor, -1))}
            aria-label="上个月"
          >
            ‹
          </button>
          <button
            type="button"
            className="lt-button lt-button-small"
            onClick={() => setAnchor(shift(anchor, 1))}
            disabled={atLatest}
            aria-label="下个月"
          >
            ›
          </button>
        </div>
      }
    >
      <div className="lt-cap-cal-months">
        <CalendarMonth city={city} ym={previous} today={today} near={near} className="lt-cap-cal-secondary" />
        <CalendarMonth city={city} ym={anchor} today={today} near={near} />
      </div>
      <div className="lt-cap-cal-legend" aria-hidden="true">
        {[1, 2, 3, 4, 5, 6].map((l) => (
          <span key={l}>
            <i style={{ background: levelColor(l) }} />
            {levelName(l)}
          </span>
        ))}
        <span>
          <i className="lt-cap-cal-none" />
          无数据
        </span>
      </div>
    </Block>
  );
}

function CalendarMonth({
  city,
  ym,
  today,
  near,
  className,
}: {
  city: string;
  ym: YearMonth;
  today: string;
  near: boolean;
  className?: string;
}) {
  const q = useCityCalendar(city, ym.year, ym.month, near);
  return (
    <div className={`lt-cap-cal-month${className === undefined ? '' : ` ${className}`}`}>
      <h3 className="lt-cap-cal-title">
        {ym.year}年{ym.month}月<BlockDemoTag demo={q.data?.days.some((d) => d.isDemo) === true} />
      </h3>
      <QueryBody state={q} label="日历" rows={5}>
        {() => (q.data === undefined ? null : <MonthGrid data={q.data} ym={ym} today={today} />)}
      </QueryBody>
    </div>
  );
}

function MonthGrid({ data, ym, today }: { data: CityCalendar; ym: YearMonth; today: string }) {
  const byDate = new Map<string, CalendarDay>(data.days.map((d) => [d.date, d]));
  const first = new Date(Date.UTC(ym.year, ym.month - 1, 1)).getUTCDay();
  const lead = (first + 6) % 7; // Monday-first weeks
  const count = daysInMonth(ym.year, ym.month);
  const cells: (string | null)[] = [...Array.from({ length: lead }, () => null)];
  for (let d = 1; d <= count; d += 1) cells.push(`${ym.year}-${pad2(ym.month)}-${pad2(d)}`);
  const counted = data.levelDays.filter((l) => l.level > 0 && l.days > 0);
  const total = counted.reduce((s, l) => s + l.days, 0);
  const good = counted.filter((l) => l.level <= 2).reduce((s, l) => s + l.days, 0);
  return (
    <>
      <ol className="lt-cap-cal-grid" aria-label={`${ym.year}年${ym.month}月每日空气质量`}>
        {WEEK_HEAD.map((w) => (
          <li key={w} className="lt-cap-cal-head" aria-hidden="true">
            {w}
          </li>
        ))}
        {cells.map((date, i) => {
          // biome-ignore lint/suspicious/noArrayIndexKey: the blanks before day 1 have nothing else to tell them apart
          if (date === null) return <li key={`lead-${i}`} className="lt-cap-cal-blank" aria-hidden="true" />;
          // Today's row exists before the day is complete, with no AQI yet: drawn like a day without data.
          const found = byDate.get(date);
          const day = found !== undefined && found.level > 0 ? found : undefined;
          const dayNumber = Number(date.slice(8));
          const future = date > today;
          const label =
            day === undefined
              ? `${ym.month}月${dayNumber}日${future ? '' : date === today ? ' 今日数据统计中' : ' 无数据'}`
              : `${ym.month}月${dayNumber}日 AQI ${formatAqi(day.aqi)} ${day.levelName}`;
          return (
            <li
              key={date}
              aria-label={label}
              title={label}
              className={`lt-cap-cal-day${date === today ? ' lt-cap-cal-today' : ''}${future ? ' lt-cap-cal-future' : ''}`}
              style={day === undefined ? undefined : { background: levelColor(day.level), color: levelInk(day.level) }}
              data-level={day?.level ?? 0}
            >
              <b>{dayNumber}</b>
              {day !== undefined ? (
                <span className="lt-cap-cal-aqi">{formatAqi(day.aqi)}</span>
              ) : (
                date === today && <span className="lt-cap-cal-aqi">今日</span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="lt-cap-cal-summary">
        {total === 0 ? (
          '本月暂无日数据'
        ) : (
          <>
            <span>
              优良 <strong>{good}</strong> / {total} 天
            </span>
            {counted.map((l) => (
              <span key={l.level} className="lt-cap-cal-count">
                <i style={{ background: levelColor(l.level) }} />
                {l.levelName} {l.days}
              </span>
            ))}
          </>
        )}
      </p>
    </>
  );
}
