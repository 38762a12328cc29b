import type { RankItem } from '@lantian/contracts';
import { type AqiLevel, aqiLevel, asAqiLevel, formatChinaDateTime, LEVELS, type PollutantKey } from '@lantian/domain';

// The competition ranking itself is a domain rule: the report centre ranks cities with it too.
export { type Ranked, rankAscending } from '@lantian/domain';

import { type CityDay, type CityHour, type CityMonth, type CityYear, primaryKeys } from '../../data/air';
import type { DataSource } from '../../data/stations';
import type { CityIdentity } from './cities';
import { largestSingleIndex } from './standards';

/** One city's values for one period, whatever table they came from. */
export interface RankRow {
  cityCode: string;
  /** Epoch seconds: the hour's end, or the day's, month's or year's start. */
  time: number;
  aqi: number | null;
  pm2_5: number | null;
  pm10: number | null;
  so2: number | null;
  no2: number | null;
  o3: number | null;
  o3_8h: number | null;
  co: number | null;
  level: AqiLevel;
  primaryPollutant: PollutantKey[];
  compositeIndex: number | null;
  days: number | null;
  goodDays: number | null;
  source: DataSource;
}

export type SortBy = 'aqi' | 'compositeIndex';

export function fromCityHour(h: CityHour): RankRow {
  return {
    cityCode: h.city_code,
    time: h.time,
    aqi: h.aqi,
    pm2_5: h.pm2_5,
    pm10: h.pm10,
    so2: h.so2,
    no2: h.no2,
    o3: h.o3,
    o3_8h: h.o3_8h,
    co: h.co,
    level: asAqiLevel(h.level),
    primaryPollutant: primaryKeys(h.primary_pollutant),
    compositeIndex: null,
    days: null,
    goodDays: null,
    source: h.source,
  };
}

export function fromCityDay(d: CityDay): RankRow {
  return {
    cityCode: d.city_code,
    time: d.day,
    aqi: d.aqi,
    pm2_5: d.pm2_5,
    pm10: d.pm10,
    so2: d.so2,
    no2: d.no2,
    o3: d.o3_1h_max,
    o3_8h: d.o3_8h,
    co: d.co,
    level: asAqiLevel(d.level),
    primaryPollutant: primaryKeys(d.primary_pollutant),
    compositeIndex: null,
    days: null,
    goodDays: null,
    source: d.source,
  };
}

/**
 * A month or year: the HJ 663-2013 statistics, the mean daily AQI and its level (the tables keep no
 * period level), and as "primary" the pollutant with the largest single index (单项指数).
 */
export function fromCityPeriod(p: CityMonth | CityYear, start: number): RankRow {
  const aqi = p.aqi_mean === null ? null : Math.round(p.aqi_mean);
  return {
    cityCode: p.city_code,
    time: start,
    aqi,
    pm2_5: p.pm2_5,
    pm10: p.pm10,
    so2: p.so2,
    no2: p.no2,
    o3: null,
    o3_8h: p.o3_8h_p90,
    co: p.co_p95,
    level: aqiLevel(aqi),
    primaryPollutant: largestSingleIndex({
      so2: p.so2,
      no2: p.no2,
      pm10: p.pm10,
      pm2_5: p.pm2_5,
      co: p.co_p95,
      o3_8h: p.o3_8h_p90,
    }),
    compositeIndex: p.composite_index,
    days: p.days,
    goodDays: p.good_days,
    source: p.source,
  };
}

export function sortKeyOf(timeType: 'hour' | 'day' | 'month' | 'year'): SortBy {
  return timeType === 'hour' || timeType === 'day' ? 'aqi' : 'compositeIndex';
}

export function rankValue(row: RankRow, sortBy: SortBy): number | null {
  return sortBy === 'aqi' ? row.aqi : row.compositeIndex;
}

/** A ranking entry; `row` undefined is a city with no values for the period. */
export function toRankItem(
  identity: CityIdentity,
  row: RankRow | undefined,
  rank: number | null,
  freshness: { stale: boolean; lastTime: number | null },
): RankItem {
  const info = LEVELS[row?.level ?? 0];
  return {
    rank,
    ...identity,
    aqi: row?.aqi ?? null,
    pm2_5: row?.pm2_5 ?? null,
    pm10: row?.pm10 ?? null,
    so2: row?.so2 ?? null,
    no2: row?.no2 ?? null,
    o3: row?.o3 ?? null,
    o3_8h: row?.o3_8h ?? null,
    co: row?.co ?? null,
    level: info.level,
    levelName: info.name,
    color: info.color,
    primaryPollutant: row?.primaryPollutant ?? [],
    compositeIndex: row?.compositeIndex ?? null,
    days: row?.days ?? null,
    goodDays: row?.goodDays ?? null,
    time: row === undefined ? null : formatChinaDateTime(row.time),
    source: row?.source ?? null,
    isDemo: row?.source === 'demo',
    stale: freshness.stale,
    lastTime: freshness.lastTime === null ? null : formatChinaDateTime(freshness.lastTime),
  };
}
