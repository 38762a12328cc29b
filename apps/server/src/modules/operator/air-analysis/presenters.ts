import type { AnalysisPeriodValues } from '@lantian/contracts';
import {
  type AttainmentKey,
  attainmentOf,
  type DayValues,
  dayExceedances,
  formatChinaDate,
  POLLUTANTS,
  periodStatistics,
} from '@lantian/domain';
import { type CityDay, presentAir } from '../../data/air';
import { dayStart } from './scope';

/** A stored city day as the statistics of HJ 663-2013 read it. */
export function dayValuesOf(row: CityDay): DayValues {
  return { aqi: row.aqi, pm2_5: row.pm2_5, pm10: row.pm10, so2: row.so2, no2: row.no2, co: row.co, o3_8h: row.o3_8h };
}

/** 'YYYY-MM-DD' of a day bucket. */
export const dateOf = (day: number): string => formatChinaDate(dayStart(day));

/** A period's days evaluated as HJ 663-2013 does, as the answers show it. */
export function periodValues(
  label: string,
  fromDay: number,
  toDay: number,
  days: readonly DayValues[],
): AnalysisPeriodValues {
  const stats = periodStatistics(days);
  return {
    label,
    startDate: dateOf(fromDay),
    endDate: dateOf(toDay),
    pm2_5: stats.pm2_5,
    pm10: stats.pm10,
    so2: stats.so2,
    no2: stats.no2,
    co: stats.co_p95,
    o3_8h: stats.o3_8h_p90,
    compositeIndex: stats.compositeIndex,
    aqiMean: stats.aqiMean,
    days: stats.days,
    goodDays: stats.goodDays,
    goodRate: stats.days === 0 ? null : Math.round((stats.goodDays / stats.days) * 10_000) / 10_000,
  };
}

/** A pollutant's Chinese name with its label: 细颗粒物（PM2.5）. */
export const pollutantName = (key: AttainmentKey): string => `${POLLUTANTS[key].name}（${POLLUTANTS[key].label}）`;

/** The attainment verdict of a period's days, with names for the answers. */
export function attainmentOfDays(days: readonly DayValues[]) {
  const result = attainmentOf(periodStatistics(days));
  return {
    items: result.items.map((i) => ({ ...i, name: pollutantName(i.key) })),
    attained: result.attained,
    exceeding: result.exceeding.map(pollutantName),
  };
}

/** A stored city day as a row of the day lists. */
export function presentCityDay(row: CityDay) {
  return {
    ...presentAir(row),
    date: formatChinaDate(row.day),
    o3_1h_max: row.o3_1h_max,
    exceeding: dayExceedances(dayValuesOf(row)),
    isDemo: row.source === 'demo',
  };
}

/** Change ratio (0.1 = +10 %), null when either side is missing or the base is zero. */
export function changeRatio(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return Math.round(((now - before) / before) * 10_000) / 10_000;
}
