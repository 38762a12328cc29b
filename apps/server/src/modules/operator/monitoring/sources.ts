import { areaByCode } from '@lantian/areas';
import { ErrorCode } from '@lantian/contracts';
import { formatChinaDateTime, tryParseChinaDateTime } from '@lantian/domain';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { AppError, invalidField, notFound } from '../../../platform/errors';
import { resolveRange, type TimeRange } from '../../../platform/http/params';
import type { CurrentSnapshot } from '../../data/air';
import type { StationsRepository } from '../../data/stations';
import type { devices } from '../devices';

/** The device core's api: the registry (scoped reads), the telemetry, the dictionary's names. */
export type DeviceCore = ReturnType<(typeof devices)['apiIn']>;

/** What the monitoring calls read: the device core, the current hour of the air data, the station register. */
export interface MonitoringSources {
  core: Pick<DeviceCore, 'registry' | 'telemetry' | 'labels'>;
  current: Pick<CurrentSnapshot, 'current'>;
  register: Pick<StationsRepository, 'all'>;
}

/** One value of the telemetry as the device core reads it. */
export interface TelemetryValue {
  factor: string;
  t: number;
  value: number | null;
}

const outOfScope = () => new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '该地区不在您的管辖范围内');

/**
 * An area parameter: a code that names an area (404 otherwise, as for a city of the public calls)
 * inside the operator's area (403 AREA_OUT_OF_SCOPE otherwise).
 */
export function checkArea(code: string, scope: AreaScope, what: '城市' | '地区' = '地区'): string {
  if (areaByCode(code) === undefined) throw notFound(`未找到该${what}`, ErrorCode.CITY_NOT_FOUND);
  if (!inScope(code, scope)) throw outOfScope();
  return code;
}

function timeOf(field: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const t = tryParseChinaDateTime(text);
  if (t === null) throw invalidField(field, '不是有效的时间');
  return t;
}

/**
 * The (from, to] of a call's optional startTime and endTime: the end defaults to now, the start to
 * `defaultSeconds` before the end, and the span may not exceed `max`.
 */
export function rangeOf(
  query: { startTime?: string | undefined; endTime?: string | undefined },
  now: number,
  defaultSeconds: number,
  max: { seconds: number; text: string },
): TimeRange {
  return resolveRange(
    { startTime: timeOf('startTime', query.startTime), endTime: timeOf('endTime', query.endTime) },
    { end: () => now, start: (end) => end - defaultSeconds },
    (from, to) => (to - from > max.seconds ? `时间范围不能超过${max.text}` : undefined),
  );
}

/** A range as the answers show it. */
export function rangeText(range: TimeRange): { startTime: string; endTime: string } {
  return { startTime: formatChinaDateTime(range.from), endTime: formatChinaDateTime(range.to) };
}

/** Rounded for display (sound levels and concentrations to 0.1, exhaust values to 0.01). */
export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export const roundOrNull = (value: number | null, digits = 1): number | null =>
  value === null ? null : round(value, digits);
