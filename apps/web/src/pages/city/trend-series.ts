import type { CityDaysData, CityHoursData } from '@lantian/contracts';
import { type IndexKey, levelBreaks } from '@lantian/domain';
import { chinaLabel, parseChinaTime, valueLevel } from '../../shared/aqi';

/** One slot of a trend: every hour (or day) of the range, with null where nothing was measured. */
export interface TrendPoint {
  /** Axis label: 15:00 or 11-22. */
  label: string;
  /** Tooltip label: 11-22 15:00 or 11月22日 周日. */
  full: string;
  value: number | null;
  level: number;
}

export type TrendPeriod = 'hour' | 'day';

export const HOUR_KEYS = ['aqi', 'pm2_5', 'pm10', 'o3', 'no2', 'so2', 'co'] as const;
export const DAY_KEYS = ['aqi', 'pm2_5', 'pm10', 'o3_8h', 'no2', 'so2', 'co'] as const;

/** Every hour from startTime to endTime (hour ends), filled from the items that exist. */
export function hourSeries(data: CityHoursData, key: IndexKey): TrendPoint[] {
  const start = parseChinaTime(data.startTime);
  const end = parseChinaTime(data.endTime);
  if (start === null || end === null) return [];
  const byTime = new Map(data.items.map((i) => [parseChinaTime(i.time), i]));
  const out: TrendPoint[] = [];
  for (let t = start; t <= end; t += 3600) {
    const item = byTime.get(t);
    const value = item === undefined ? null : item[key];
    out.push({
      label: chinaLabel(t, 'hour'),
      full: chinaLabel(t, 'short'),
      value,
      level: valueLevel(key, value, 'HOUR'),
    });
  }
  return out;
}

/** Every day from startDate to endDate, filled from the items that exist; daily levels (§9 accumulated). */
export function daySeries(data: CityDaysData, key: IndexKey): TrendPoint[] {
  const start = parseChinaTime(`${data.startDate} 00:00:00`);
  const end = parseChinaTime(`${data.endDate} 00:00:00`);
  if (start === null || end === null) return [];
  const byDate = new Map(data.items.map((i) => [i.date, i]));
  const out: TrendPoint[] = [];
  for (let t = start; t <= end; t += 86_400) {
    const date = chinaLabel(t, 'datetime').slice(0, 10);
    const item = byDate.get(date);
    const value = item === undefined ? null : item[key];
    out.push({
      label: chinaLabel(t, 'day'),
      full: `${chinaLabel(t, 'monthDay')} ${chinaLabel(t, 'weekday')}`,
      value,
      level: valueLevel(key, value, 'DAY'),
    });
  }
  return out;
}

/** The value at which a key's sub-index passes 100 — above it the value exceeds the standard. */
export function exceedLine(key: IndexKey, period: TrendPeriod): number {
  return levelBreaks(key, period === 'hour' ? 'HOUR' : 'DAY')[2];
}

export interface TrendStats {
  max: TrendPoint | null;
  min: TrendPoint | null;
  mean: number | null;
  count: number;
  /** Slots above the exceed line. */
  exceeded: number;
}

export function trendStats(points: readonly TrendPoint[], line: number): TrendStats {
  let max: TrendPoint | null = null;
  let min: TrendPoint | null = null;
  let sum = 0;
  let count = 0;
  let exceeded = 0;
  for (const p of points) {
    if (p.value === null) continue;
    if (max === null || p.value > (max.value ?? -Infinity)) max = p;
    if (min === null || p.value < (min.value ?? Infinity)) min = p;
    sum += p.value;
    count += 1;
    if (p.value > line) exceeded += 1;
  }
  return { max, min, mean: count === 0 ? null : sum / count, count, exceeded };
}
