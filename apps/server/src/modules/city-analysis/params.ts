import { z } from 'zod';
import { cityParam, optionalField, timeParam } from '../public-api/params';

/**
 * Request bodies of the city-analysis calls. Form fields arrive as text and stay text here: the
 * service reads them with {@link intOr}, so what the docs show is what the client sends.
 * The web client sends an empty field as '', which means "not given".
 */

export { optionalField };

/** An integer between min and max, as form text. */
export const intText = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, '应为整数')
    .refine((v) => Number(v) >= min && Number(v) <= max, `应在 ${min}–${max} 之间`);

/** The value of a checked integer field, or its default when it was not given. */
export function intOr(value: string | undefined, fallback: number): number {
  return value === undefined ? fallback : Number(value);
}

export const cityBody = z.object({ city: cityParam });

/** startTime and endTime, both required; the span is checked in the service and named here. */
export const rangeBody = (maxSpan: string) =>
  cityBody.extend({
    startTime: timeParam.describe('开始时间（北京时间）'),
    endTime: timeParam.describe(`结束时间（北京时间），距开始不超过 ${maxSpan}`),
  });

export const pageFields = (defaultSize: number, maxSize: number) => ({
  pageNum: optionalField(intText(1, 1_000_000)).describe('页码，从 1 开始，默认 1'),
  pageSize: optionalField(intText(1, maxSize)).describe(`每页行数，默认 ${defaultSize}，最多 ${maxSize}`),
});

export interface PageInput {
  pageNum?: string | undefined;
  pageSize?: string | undefined;
}

/** Page number and size with their defaults, and the rows to skip. */
export function pageOf(input: PageInput, defaultSize: number) {
  const pageNum = intOr(input.pageNum, 1);
  const pageSize = intOr(input.pageSize, defaultSize);
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize, limit: pageSize };
}

export const timeBody = cityBody.extend({
  time: optionalField(timeParam).describe('北京时间，取该时刻所在的整点小时；默认最新'),
});

export const calendarBody = cityBody.extend({
  year: intText(2000, 2100).describe('年份，如 2026'),
  month: optionalField(intText(1, 12)).describe('月份 1–12；不填则为全年'),
});

export const foreDayBody = cityBody.extend({
  days: optionalField(intText(3, 5)).describe('预报天数 3–5（含今天），默认 5'),
});
