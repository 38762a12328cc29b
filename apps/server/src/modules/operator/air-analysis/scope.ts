import { type Area, areaByCode } from '@lantian/areas';
import { ErrorCode } from '@lantian/contracts';
import { chinaDay, chinaDayStart, daysFromCivil, parseChinaDateTime, tryParseChinaDateTime } from '@lantian/domain';
import { type AreaScope, COUNTRY_AREA, inScope } from '../../../platform/db/area-scope';
import { AppError, invalidField, notFound } from '../../../platform/errors';

/**
 * The areas and periods of the analysis calls: an area parameter must name a known area (404) inside
 * the operator's (403 AREA_OUT_OF_SCOPE); periods are China days and hours with their defaults and
 * caps. The rows themselves are then read with both scopes applied in SQL.
 */

export interface ResolvedArea {
  code: string;
  name: string;
  /** The area as a scope, to AND with the operator's in the repositories. */
  scope: AreaScope;
}

const outOfScope = () => new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '该地区不在您的管辖范围内');

function nameOf(code: string): string {
  if (code === COUNTRY_AREA) return '全国';
  return areaByCode(code)?.name ?? code;
}

/** An area parameter inside the operator's area; none given is the operator's own area. */
export function areaIn(code: string | undefined, scope: AreaScope): ResolvedArea {
  const chosen = code ?? scope.areaCode;
  if (chosen !== COUNTRY_AREA && areaByCode(chosen) === undefined) {
    throw notFound('未找到该地区', ErrorCode.CITY_NOT_FOUND);
  }
  if (!inScope(chosen, scope)) throw outOfScope();
  return { code: chosen, name: nameOf(chosen), scope: { areaCode: chosen } };
}

/**
 * A city parameter: a known city (prefecture level, or one of the four municipalities, which the city
 * tables hold under their province code) inside the operator's area.
 */
export function cityIn(code: string, scope: AreaScope): ResolvedArea {
  const area: Area | undefined = areaByCode(code);
  if (area === undefined || !(area.level === 'city' || area.municipality)) {
    throw notFound('未找到该城市', ErrorCode.CITY_NOT_FOUND);
  }
  if (!inScope(code, scope)) throw outOfScope();
  return { code, name: area.name, scope: { areaCode: code } };
}

/** The name of a city code for the answers. */
export const cityName = (code: string): string => nameOf(code);

// --- Periods ---------------------------------------------------------------------------------------

/** 'YYYY-MM-DD' → the day bucket (days since 1970-01-01 in China). */
export function dayOf(text: string): number {
  const [y, m, d] = text.split('-').map(Number);
  return daysFromCivil(y ?? 0, m ?? 1, d ?? 1);
}

/** A day range [from, to] as day buckets, with defaults, ordered and capped. */
export function dayRange(
  query: { startDate?: string | undefined; endDate?: string | undefined },
  now: number,
  defaults: { start: (endDay: number) => number },
  maxDays: number,
): { from: number; to: number } {
  const to = query.endDate === undefined ? chinaDay(now) : dayOf(query.endDate);
  const from = query.startDate === undefined ? defaults.start(to) : dayOf(query.startDate);
  if (from > to) throw invalidField('startDate', '开始日期不能晚于结束日期');
  if (to - from + 1 > maxDays) throw invalidField('startDate', `日期范围不能超过 ${maxDays} 天`);
  return { from, to };
}

/** An hour range [from, to] in epoch seconds, with defaults, ordered and capped. */
export function hourRange(
  query: { startTime?: string | undefined; endTime?: string | undefined },
  now: number,
  defaultHours: number,
  maxDays: number,
): { from: number; to: number } {
  const to = query.endTime === undefined ? now : parseChinaDateTime(query.endTime);
  const from = query.startTime === undefined ? to - defaultHours * 3600 : parseChinaDateTime(query.startTime);
  if (from > to) throw invalidField('startTime', '开始时间不能晚于结束时间');
  if (to - from > maxDays * 86_400) throw invalidField('startTime', `时间范围不能超过 ${maxDays} 天`);
  return { from, to };
}

/** An optional hour parameter (already checked by the schema) as epoch seconds. */
export function timeOf(text: string | undefined): number | undefined {
  return text === undefined ? undefined : (tryParseChinaDateTime(text) ?? undefined);
}

/** Epoch seconds of a day bucket's start: what the day columns of the air and weather tables hold. */
export const dayStart = chinaDayStart;
