import type { HistoryGranularity, HistoryPollutant } from '@lantian/contracts';
import {
  chinaDay,
  chinaDayStart,
  chinaMonth,
  chinaMonthStart,
  dailyAqi,
  dailyMaxEightHourMean,
  dailyMean,
  dayOfHourEnding,
  formatChinaDate,
  formatChinaDateTime,
  hoursOfDay,
  periodStatistics,
  roundConcentration,
  SECONDS_PER_HOUR,
} from '@lantian/domain';
import type { CityDay, CityHourSeriesRow, CityMonth, StationHourValues } from '../../data/air';

/**
 * The pure part of the history query: the periods of a range, what each pollutant means at each
 * granularity, and station days and months computed from station hours by the rules city days and
 * months follow (24-hour means with ≥ 20 hours, O3 daily maximum 8-hour mean, HJ 663-2013 months).
 */

/** A range as periods: hour ends, China day numbers or month buckets, first and last included. */
export interface PeriodRange {
  granularity: HistoryGranularity;
  /** Hour end (epoch s), China day number, or month bucket (year × 12 + month − 1). */
  first: number;
  last: number;
}

export function periodCount(range: PeriodRange): number {
  const step = range.granularity === 'hour' ? SECONDS_PER_HOUR : 1;
  return Math.max(0, Math.floor((range.last - range.first) / step) + 1);
}

/** The index of a period in the range, or -1. */
export function periodIndex(range: PeriodRange, period: number): number {
  const step = range.granularity === 'hour' ? SECONDS_PER_HOUR : 1;
  const i = (period - range.first) / step;
  return Number.isInteger(i) && i >= 0 && period <= range.last ? i : -1;
}

export function periodAt(range: PeriodRange, index: number): number {
  return range.first + index * (range.granularity === 'hour' ? SECONDS_PER_HOUR : 1);
}

/** YYYYMM of a month bucket (the key of city_monthly). */
export function yyyymm(monthBucket: number): number {
  const year = Math.floor(monthBucket / 12);
  return year * 100 + (monthBucket - year * 12) + 1;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:00' (an hour by its end; 24:00 is written 00:00 of the next day), 'YYYY-MM-DD', 'YYYY-MM'. */
export function periodLabel(granularity: HistoryGranularity, period: number): string {
  if (granularity === 'hour') return formatChinaDateTime(period).slice(0, 16);
  if (granularity === 'day') return formatChinaDate(chinaDayStart(period));
  const year = Math.floor(period / 12);
  return `${year}-${pad(period - year * 12 + 1)}`;
}

/** The epoch-second bounds of a range, for the start/end the answer states. */
export function rangeBounds(range: PeriodRange): { from: number; to: number } {
  if (range.granularity === 'hour') return { from: range.first, to: range.last };
  if (range.granularity === 'day') return { from: chinaDayStart(range.first), to: chinaDayStart(range.last) };
  return { from: chinaMonthStart(range.first), to: chinaMonthStart(range.last) };
}

/** Periods of [from, to] (epoch seconds) at a granularity: hours ending in it, days and months touching it. */
export function periodRange(granularity: HistoryGranularity, from: number, to: number): PeriodRange {
  if (granularity === 'hour') {
    return {
      granularity,
      first: Math.ceil(from / SECONDS_PER_HOUR) * SECONDS_PER_HOUR,
      last: Math.floor(to / SECONDS_PER_HOUR) * SECONDS_PER_HOUR,
    };
  }
  if (granularity === 'day') return { granularity, first: chinaDay(from), last: chinaDay(to) };
  return { granularity, first: chinaMonth(from), last: chinaMonth(to) };
}

export const POLLUTANT_NAMES: Record<HistoryPollutant, string> = {
  aqi: 'AQI',
  pm2_5: 'PM2.5',
  pm10: 'PM10',
  o3: 'O3',
  o3_8h: 'O3_8h',
  no2: 'NO2',
  so2: 'SO2',
  co: 'CO',
};

export const unitOf = (p: HistoryPollutant) => (p === 'aqi' ? '' : p === 'co' ? 'mg/m³' : 'μg/m³');

/** What a column holds at a granularity, as the table and the files title it. */
export function columnTitle(granularity: HistoryGranularity, p: HistoryPollutant): string {
  const unit = unitOf(p);
  const withUnit = (name: string) => (unit === '' ? name : `${name} (${unit})`);
  if (granularity === 'hour') {
    if (p === 'o3') return withUnit('O3 1小时');
    if (p === 'o3_8h') return withUnit('O3 8小时滑动平均');
    return withUnit(POLLUTANT_NAMES[p]);
  }
  if (granularity === 'day') {
    if (p === 'aqi') return '日AQI';
    if (p === 'o3') return withUnit('O3 日最大1小时');
    if (p === 'o3_8h') return withUnit('O3 日最大8小时平均');
    return withUnit(`${POLLUTANT_NAMES[p]} 日均值`);
  }
  if (p === 'aqi') return '月平均AQI';
  if (p === 'o3') return withUnit('O3 1小时（月统计无此项）');
  if (p === 'o3_8h') return withUnit('O3 日最大8小时第90百分位');
  if (p === 'co') return withUnit('CO 日均值第95百分位');
  return withUnit(`${POLLUTANT_NAMES[p]} 月均值`);
}

/** The notes an answer carries so that nobody reads a month's CO as a mean. */
export function notesOf(granularity: HistoryGranularity, hasStations: boolean): string[] {
  const notes = ['时间为北京时间；小时值以小时结束时刻标注（16:00 为 15:00–16:00 的均值）；缺测为空。'];
  if (granularity === 'month') {
    notes.push(
      '月统计按 HJ 663-2013：CO 为日均值第 95 百分位，O3 为日最大 8 小时平均第 90 百分位，AQI 为日 AQI 的月平均；月统计无 O3 1 小时项。',
    );
  }
  if (hasStations && granularity !== 'hour') {
    notes.push(
      '站点的日值、月值由其小时值按城市日值的规则计算（日均值需 ≥20 个有效小时，O3 日最大 8 小时平均需 ≥14 个有效时段）。',
    );
  }
  return notes;
}

/** A stored (or computed) row of one target: its period and the values of the pollutants asked. */
export interface PeriodValues {
  period: number;
  values: (number | null)[];
}

type Values = Partial<Record<HistoryPollutant, number | null>>;
const pick = (values: Values, pollutants: readonly HistoryPollutant[]) => pollutants.map((p) => values[p] ?? null);

export function cityHourValues(row: CityHourSeriesRow, pollutants: readonly HistoryPollutant[]): PeriodValues {
  return { period: Number(row.time), values: pick(row, pollutants) };
}

export function cityDayValues(row: CityDay, pollutants: readonly HistoryPollutant[]): PeriodValues {
  return { period: chinaDay(Number(row.day)), values: pick({ ...row, o3: row.o3_1h_max }, pollutants) };
}

export function cityMonthValues(row: CityMonth, pollutants: readonly HistoryPollutant[]): PeriodValues {
  const year = Math.floor(row.month / 100);
  const values: Values = {
    aqi: row.aqi_mean,
    pm2_5: row.pm2_5,
    pm10: row.pm10,
    o3: null,
    o3_8h: row.o3_8h_p90,
    no2: row.no2,
    so2: row.so2,
    co: row.co_p95,
  };
  return { period: year * 12 + (row.month % 100) - 1, values: pick(values, pollutants) };
}

export function stationHourValues(row: StationHourValues, pollutants: readonly HistoryPollutant[]): PeriodValues {
  return { period: Number(row.time), values: pick(row, pollutants) };
}

type DayKey = 'pm2_5' | 'pm10' | 'so2' | 'no2' | 'co';
type HourInput = Pick<StationHourValues, 'time' | 'pm2_5' | 'pm10' | 'so2' | 'no2' | 'co' | 'o3'>;

/** A station's values of one China day from its hours (null where a statistic lacks valid hours). */
export function stationDayValues(day: number, hours: readonly HourInput[]): Required<Values> {
  const slots = (key: DayKey | 'o3') =>
    hoursOfDay(
      hours.map((h) => ({ time: Number(h.time), value: h[key] })),
      day,
    );
  const mean = (key: DayKey) => {
    const m = dailyMean(slots(key));
    return m === null ? null : roundConcentration(key, m);
  };
  const o3Slots = slots('o3');
  const o3Max8h = dailyMaxEightHourMean(o3Slots);
  const o3Hours = o3Slots.filter((v): v is number => v !== null);
  const values = {
    pm2_5: mean('pm2_5'),
    pm10: mean('pm10'),
    so2: mean('so2'),
    no2: mean('no2'),
    co: mean('co'),
    o3_8h: o3Max8h === null ? null : roundConcentration('o3', o3Max8h),
    o3: o3Hours.length === 0 ? null : Math.max(...o3Hours),
  };
  return { ...values, aqi: dailyAqi(values).aqi };
}

/** Hours grouped by the China day they belong to (an hour ending 24:00 closes its day). */
export function hoursByDay<T extends { time: number }>(hours: readonly T[]): Map<number, T[]> {
  const days = new Map<number, T[]>();
  for (const h of hours) {
    const day = dayOfHourEnding(Number(h.time));
    const list = days.get(day);
    if (list === undefined) days.set(day, [h]);
    else list.push(h);
  }
  return days;
}

/** A station's months from its days, by HJ 663-2013 as the city months are computed. */
export function stationMonthValues(days: ReadonlyMap<number, Required<Values>>): Map<number, Required<Values>> {
  const byMonth = new Map<number, Required<Values>[]>();
  for (const [day, values] of days) {
    const month = chinaMonth(chinaDayStart(day));
    const list = byMonth.get(month);
    if (list === undefined) byMonth.set(month, [values]);
    else list.push(values);
  }
  const months = new Map<number, Required<Values>>();
  for (const [month, list] of byMonth) {
    const stats = periodStatistics(list);
    months.set(month, {
      aqi: stats.aqiMean,
      pm2_5: stats.pm2_5,
      pm10: stats.pm10,
      o3: null,
      o3_8h: stats.o3_8h_p90,
      no2: stats.no2,
      so2: stats.so2,
      co: stats.co_p95,
    });
  }
  return months;
}
