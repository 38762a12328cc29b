import {
  chinaDay,
  chinaDayStart,
  chinaParts,
  civilFromDays,
  daysFromCivil,
  daysInMonth,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
} from '../time';

/**
 * When scheduled reports run and which period each one covers (China time, GUIDE §5). A schedule
 * runs once per day, week or month at a whole hour; each run reports on the last complete period
 * before it (yesterday, last Monday–Sunday, last calendar month), so a report never covers days whose
 * data are still coming in. An episode schedule runs daily and reports a heavy-pollution episode once
 * it has ended.
 */

export type ReportFrequency = 'day' | 'week' | 'month' | 'episode';
export type PeriodKind = 'day' | 'week' | 'month' | 'episode';

export interface ScheduleTiming {
  /** Hour of the day the run happens, 0–23 China time. */
  hour: number;
  /** Weekly runs: 1 (Monday) … 7 (Sunday). */
  weekday?: number | undefined;
  /** Monthly runs: 1–28 (every month has it). */
  dayOfMonth?: number | undefined;
}

/** A report's period: whole China days, `from` and `to` as day numbers (chinaDay), both included. */
export interface ReportPeriod {
  kind: PeriodKind;
  fromDay: number;
  toDay: number;
}

/** Monday = 1 … Sunday = 7 of a China day number (day 0, 1970-01-01, was a Thursday). */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** The first run strictly after `after` (epoch seconds). */
export function nextRunAt(frequency: ReportFrequency, timing: ScheduleTiming, after: number): number {
  const hour = Math.min(23, Math.max(0, Math.trunc(timing.hour)));
  const at = (day: number) => chinaDayStart(day) + hour * SECONDS_PER_HOUR;
  let day = chinaDay(after);
  // At most a month and a bit of days to look at, whatever the timing.
  for (let i = 0; i < 40; i++, day++) {
    const when = at(day);
    if (when <= after) continue;
    if (frequency === 'week' && isoWeekday(day) !== (timing.weekday ?? 1)) continue;
    if (frequency === 'month' && civilFromDays(day).day !== (timing.dayOfMonth ?? 1)) continue;
    return when;
  }
  throw new Error(`no run found for ${frequency} within 40 days`);
}

/** The last complete period of its kind before a run at `runAt`. */
export function periodBefore(kind: 'day' | 'week' | 'month', runAt: number): ReportPeriod {
  const today = chinaDay(runAt);
  if (kind === 'day') return { kind, fromDay: today - 1, toDay: today - 1 };
  if (kind === 'week') {
    const thisMonday = today - (isoWeekday(today) - 1);
    return { kind, fromDay: thisMonday - 7, toDay: thisMonday - 1 };
  }
  const { year, month } = chinaParts(runAt);
  const prevYear = month === 1 ? year - 1 : year;
  const prevMonth = month === 1 ? 12 : month - 1;
  return monthPeriod(prevYear, prevMonth);
}

export function monthPeriod(year: number, month: number): ReportPeriod {
  const fromDay = daysFromCivil(year, month, 1);
  return { kind: 'month', fromDay, toDay: fromDay + daysInMonth(year, month) - 1 };
}

/** The period as people name it: '2024年5月', '2024-05-06 至 2024-05-12', '2024年5月10日'. */
export function periodLabel(period: ReportPeriod): string {
  const from = civilFromDays(period.fromDay);
  const to = civilFromDays(period.toDay);
  if (period.kind === 'month') return `${from.year}年${from.month}月`;
  if (period.fromDay === period.toDay) return `${from.year}年${from.month}月${from.day}日`;
  const same = from.year === to.year;
  return `${from.year}年${from.month}月${from.day}日至${same ? '' : `${to.year}年`}${to.month}月${to.day}日`;
}

/** The name of a period's kind in a report's title. */
export const PERIOD_TITLES: Record<PeriodKind, string> = {
  day: '日报',
  week: '周报',
  month: '月报',
  episode: '重污染过程报告',
};

/** Epoch seconds of the first and last instant of a period (for queries over times). */
export function periodBounds(period: ReportPeriod): { from: number; to: number } {
  return { from: chinaDayStart(period.fromDay), to: chinaDayStart(period.toDay) + SECONDS_PER_DAY - 1 };
}

/** A day's AQI level (0 unknown, 1 优 … 6 严重污染). */
export interface DayLevel {
  day: number;
  level: number;
}

/** A heavy-pollution day: 重度污染 or worse (AQI > 200, level ≥ 5). */
export const HEAVY_LEVEL = 5;

/**
 * A heavy-pollution episode that ended on the day before `today`: the days up to the day before
 * yesterday were heavy for at least `minDays` days in a row, and yesterday was not. Days without a
 * value break an episode (nothing is assumed about them).
 */
export function episodeEndedBefore(days: readonly DayLevel[], today: number, minDays = 2): ReportPeriod | undefined {
  const levels = new Map(days.map((d) => [d.day, d.level]));
  const yesterday = today - 1;
  const heavy = (day: number) => (levels.get(day) ?? 0) >= HEAVY_LEVEL;
  if (!levels.has(yesterday) || heavy(yesterday)) return undefined;
  let first = yesterday;
  while (heavy(first - 1)) first--;
  const length = yesterday - first;
  if (length < Math.max(1, minDays)) return undefined;
  return { kind: 'episode', fromDay: first, toDay: yesterday - 1 };
}
