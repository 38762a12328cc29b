import { type Area, areaByCode, resolveArea } from '@lantian/areas';
import { areaCode, chinaDateTime, ErrorCode, type ErrorCodeValue } from '@lantian/contracts';
import { tryParseChinaDateTime } from '@lantian/domain';
import { z } from 'zod';
import { invalidField } from '../errors';

/**
 * Parsing at the edge. Request parameters arrive as text (form fields, query strings); the schemas
 * here turn them into typed values — a city into its `Area`, a time into epoch seconds, an integer
 * into a number — before any service sees them, and the OpenAPI document still shows what the client
 * sends (the input side of each schema). Services take typed values only.
 *
 * A parameter that is well-formed but names nothing (an unknown city) is not a 400: the schema
 * reports it as an issue carrying the error code to answer with, and the error handler
 * (error-handler.ts) turns it into that error (404 未找到该城市) when it is the only kind of problem.
 */

/** The error a parameter stands for when it is well-formed but refers to nothing. */
export interface AppIssue {
  code: ErrorCodeValue;
  msg: string;
  data?: unknown;
}

/** What a zod issue carries in `params` for the error handler (see {@link appIssueOf}). */
const APP_ISSUE = 'lantianAppIssue';

export function reportAppIssue(ctx: z.RefinementCtx, issue: AppIssue): void {
  ctx.addIssue({ code: 'custom', message: issue.msg, params: { [APP_ISSUE]: issue } });
}

function isAppIssue(value: unknown): value is AppIssue {
  return typeof value === 'object' && value !== null && 'code' in value && 'msg' in value;
}

/** The AppIssue behind a validation entry (as fastify-type-provider-zod reports zod issues), if any. */
export function appIssueOf(entry: { params?: unknown }): AppIssue | undefined {
  const params = entry.params;
  if (typeof params !== 'object' || params === null || !('params' in params)) return undefined;
  const custom = params.params;
  if (typeof custom !== 'object' || custom === null || !(APP_ISSUE in custom)) return undefined;
  const issue: unknown = Object.getOwnPropertyDescriptor(custom, APP_ISSUE)?.value;
  return isAppIssue(issue) ? issue : undefined;
}

export const CITY_NOT_FOUND: AppIssue = { code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' };

/** The text of a city parameter: a 6-digit area code or a pinyin name (`110000`, `beijing`). */
export const CITY_TOKEN = /^(\d{6}|[a-z]+)$/;

/** A city: its 6-digit area code or pinyin name, as the area it names; unknown → 404 未找到该城市. */
export const cityParam = z
  .string()
  .trim()
  .min(1, '不能为空')
  .max(40, '过长')
  .regex(CITY_TOKEN, '应为 6 位区划代码或小写拼音名')
  .describe('城市：6 位区划代码（110000）或拼音名（beijing）')
  .transform((value, ctx): Area => {
    const area = resolveArea(value);
    if (area === undefined) {
      reportAppIssue(ctx, CITY_NOT_FOUND);
      return z.NEVER;
    }
    return area;
  });

/** A 6-digit area code (GB/T 2260) as the area it names; unknown → 404 未找到该城市. */
export const areaCodeParam = areaCode.transform((value, ctx): Area => {
  const area = areaByCode(value);
  if (area === undefined) {
    reportAppIssue(ctx, CITY_NOT_FOUND);
    return z.NEVER;
  }
  return area;
});

/** A China time 'YYYY-MM-DD HH:mm:ss' as epoch seconds. */
export const timeParam = chinaDateTime.transform((value, ctx): number => {
  const t = tryParseChinaDateTime(value);
  if (t === null) {
    ctx.addIssue({ code: 'custom', message: '不是有效的时间' });
    return z.NEVER;
  }
  return t;
});

/** An integer between min and max, sent as text (at most `maxDigits` digits), as a number. */
export const intParam = (min: number, max: number, maxDigits = 7) =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${maxDigits}}$`), '应为整数')
    .refine((v) => Number(v) >= min && Number(v) <= max, `应在 ${min}–${max} 之间`)
    .transform(Number);

/** An optional form field: the web client sends an empty field as '', which means "not given". */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A [from, to] range in epoch seconds. */
export interface TimeRange {
  from: number;
  to: number;
}

/**
 * The one range rule of the API, on parsed times: an optional start and end (`startTime`,
 * `endTime`), each defaulting as the call says; the end may not precede the start, and `tooLong`
 * names the problem of a span that is too long. The error blames the field the caller actually gave
 * (a defaulted end is not blamed).
 */
export function resolveRange(
  given: { startTime?: number | undefined; endTime?: number | undefined },
  defaults: { end: () => number; start: (end: number) => number },
  tooLong: (from: number, to: number) => string | undefined,
): TimeRange {
  const to = given.endTime ?? defaults.end();
  const from = given.startTime ?? defaults.start(to);
  const blamed = given.endTime === undefined ? 'startTime' : 'endTime';
  if (to < from) throw invalidField(blamed, given.endTime === undefined ? '不能晚于结束时间' : '不能早于开始时间');
  const problem = tooLong(from, to);
  if (problem !== undefined) throw invalidField(blamed, problem);
  return { from, to };
}

/** Both ends given, the span at most `maxSeconds` (so no single call can ask for years of hours). */
export function boundedRange(
  given: { startTime: number; endTime: number },
  maxSeconds: number,
  maxText: string,
): TimeRange {
  return resolveRange(given, { end: () => given.endTime, start: () => given.startTime }, (from, to) =>
    to - from > maxSeconds ? `时间范围不能超过${maxText}` : undefined,
  );
}

/** The content type of the public site's form posts, as the docs show it. */
export const FORM = ['application/x-www-form-urlencoded'] as const;

/** Page number and size of a list answered page by page (`pageNum` from 1, `pageSize` capped). */
export const pageParams = (defaultSize: number, maxSize: number) => ({
  pageNum: optionalField(intParam(1, 1_000_000)).describe('页码，从 1 开始，默认 1'),
  pageSize: optionalField(intParam(1, maxSize)).describe(`每页行数，默认 ${defaultSize}，最多 ${maxSize}`),
});

export interface PageInput {
  pageNum?: number | undefined;
  pageSize?: number | undefined;
}

export interface Page {
  pageNum: number;
  pageSize: number;
  offset: number;
  limit: number;
}

/** Page number and size with their defaults, and the rows to skip. */
export function pageOf(input: PageInput, defaultSize: number): Page {
  const pageNum = input.pageNum ?? 1;
  const pageSize = input.pageSize ?? defaultSize;
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize, limit: pageSize };
}

/** A page of rows as the platform answers lists: `{ list, total, pageNum, pageSize }`. */
export function pageAnswer<Row>(page: Page, result: { list: Row[]; total: number }) {
  return { list: result.list, total: result.total, pageNum: page.pageNum, pageSize: page.pageSize };
}
