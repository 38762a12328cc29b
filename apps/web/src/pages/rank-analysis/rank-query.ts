import type { RankTimeType } from '@lantian/contracts';

/**
 * The ranking analysis' state as it lives in the address (?timeType=day&time=2024-05-01&scope=all),
 * so a view can be bookmarked and shared. Pure: parsing never throws, junk falls back to defaults.
 */
export interface RankView {
  timeType: RankTimeType;
  /** What the time input holds: '' (latest), 'YYYY-MM-DDTHH:00', 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY'. */
  time: string;
  /** 'all', 'province:<code>' or 'custom' (the cities below). */
  scope: string;
  /** Pinyin names of a custom group, at most 50 (getCustomAreaRank's limit). */
  cities: string[];
}

export const MAX_GROUP = 50;

const TIME_TYPES: readonly RankTimeType[] = ['hour', 'day', 'month', 'year'];

const TIME_PATTERN: Record<RankTimeType, RegExp> = {
  hour: /^\d{4}-\d{2}-\d{2}T\d{2}:00$/,
  day: /^\d{4}-\d{2}-\d{2}$/,
  month: /^\d{4}-\d{2}$/,
  year: /^\d{4}$/,
};

export function parseRankView(params: URLSearchParams): RankView {
  const rawType = params.get('timeType');
  const timeType = TIME_TYPES.find((t) => t === rawType) ?? 'day';
  const rawTime = params.get('time') ?? '';
  const time = TIME_PATTERN[timeType].test(rawTime) ? rawTime : '';
  const rawScope = params.get('scope') ?? 'all';
  const scope = rawScope === 'custom' || /^province:\d{6}$/.test(rawScope) ? rawScope : 'all';
  const cities = (params.get('cities') ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => /^[a-z0-9]{1,40}$/.test(c))
    .slice(0, MAX_GROUP);
  return { timeType, time, scope, cities: [...new Set(cities)] };
}

export function formatRankView(view: RankView): URLSearchParams {
  const out = new URLSearchParams();
  out.set('timeType', view.timeType);
  if (view.time !== '') out.set('time', view.time);
  if (view.scope !== 'all') out.set('scope', view.scope);
  if (view.scope === 'custom' && view.cities.length > 0) out.set('cities', view.cities.join(','));
  return out;
}

/** The API's time parameter for the input's value; undefined (the latest) when empty. */
export function apiTime(timeType: RankTimeType, time: string): string | undefined {
  if (time === '') return undefined;
  switch (timeType) {
    case 'hour':
      return `${time.replace('T', ' ')}:00`;
    case 'day':
      return `${time} 00:00:00`;
    case 'month':
      return `${time}-01 00:00:00`;
    case 'year':
      return `${time}-01-01 00:00:00`;
  }
}

/** The input's value for a time the API answered ('2024-05-10 12:00:00'), to show what "latest" was. */
export function inputTime(timeType: RankTimeType, answered: string | null): string {
  if (answered === null) return '';
  switch (timeType) {
    case 'hour':
      return `${answered.slice(0, 10)}T${answered.slice(11, 13)}:00`;
    case 'day':
      return answered.slice(0, 10);
    case 'month':
      return answered.slice(0, 7);
    case 'year':
      return answered.slice(0, 4);
  }
}

/** How many periods the rank trend shows: a day of hours, a month of days, a year of months, six years. */
export const TREND_PERIODS: Record<RankTimeType, number> = { hour: 24, day: 30, month: 12, year: 6 };

/** The national timeline beside a ranking: hours for the hourly ranking, days otherwise. */
export function timelineTypeOf(timeType: RankTimeType): 'hour' | 'day' {
  return timeType === 'hour' ? 'hour' : 'day';
}
