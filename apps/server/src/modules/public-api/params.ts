import { type Area, resolveArea } from '@lantian/areas';
import { chinaDateTime, ErrorCode } from '@lantian/contracts';
import { tryParseChinaDateTime } from '@lantian/domain';
import { z } from 'zod';
import { invalidField, notFound } from '../../platform/errors';

/**
 * Parameters shared by the public data calls. A city is named by its 6-digit area code or its
 * pinyin name (`110000` or `beijing`); times are China time 'YYYY-MM-DD HH:mm:ss'.
 */

export const cityParam = z
  .string()
  .trim()
  .min(1, '不能为空')
  .max(40, '过长')
  .regex(/^(\d{6}|[a-z]+)$/, '应为 6 位区划代码或小写拼音名')
  .describe('城市：6 位区划代码（110000）或拼音名（beijing）');

/** A time parameter, checked to be a real China-time instant; the value stays a string for the schema. */
export const timeParam = chinaDateTime.refine((s) => tryParseChinaDateTime(s) !== null, '不是有效的时间');

/** The area a city parameter names; 404 `未找到该城市` when none. */
export function resolveCityParam(value: string): Area {
  const area = resolveArea(value);
  if (area === undefined) throw notFound('未找到该城市', ErrorCode.CITY_NOT_FOUND);
  return area;
}

/** Epoch seconds of a validated time parameter. */
export function parseTime(field: string, value: string): number {
  const t = tryParseChinaDateTime(value);
  if (t === null) throw invalidField(field, '不是有效的时间');
  return t;
}

/**
 * A [start, end] range in epoch seconds: end not before start and no longer than `maxSeconds`
 * (so no single call can ask the database for years of hours).
 */
export function parseRange(
  start: { field: string; value: string },
  end: { field: string; value: string },
  maxSeconds: number,
  maxText: string,
): { from: number; to: number } {
  const from = parseTime(start.field, start.value);
  const to = parseTime(end.field, end.value);
  if (to < from) throw invalidField(end.field, '不能早于开始时间');
  if (to - from > maxSeconds) throw invalidField(end.field, `时间范围不能超过${maxText}`);
  return { from, to };
}

/** An optional form field: the web client sends an empty field as '', which means "not given". */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
