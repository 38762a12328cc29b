import { z } from 'zod';
import { cityParam, intParam, optionalField, pageParams, timeParam } from '../../../platform/http/params';

/**
 * Request bodies of the city-analysis calls, parsed into typed values. The web client sends an empty
 * field as '', which means "not given" (optionalField).
 */

export const cityBody = z.object({ city: cityParam });

/** startTime and endTime, both required; the span is checked in the service and named here. */
export const rangeBody = (maxSpan: string) =>
  cityBody.extend({
    startTime: timeParam.describe('开始时间（北京时间）'),
    endTime: timeParam.describe(`结束时间（北京时间），距开始不超过 ${maxSpan}`),
  });

export const pagedRangeBody = (maxSpan: string, defaultSize: number, maxSize: number) =>
  rangeBody(maxSpan).extend(pageParams(defaultSize, maxSize));

export const timeBody = cityBody.extend({
  time: optionalField(timeParam).describe('北京时间，取该时刻所在的整点小时；默认最新'),
});

export const calendarBody = cityBody.extend({
  year: intParam(2000, 2100).describe('年份，如 2026'),
  month: optionalField(intParam(1, 12)).describe('月份 1–12；不填则为全年'),
});

export const foreDayBody = cityBody.extend({
  days: optionalField(intParam(3, 5)).describe('预报天数 3–5（含今天），默认 5'),
});

export type RangeInput = z.output<ReturnType<typeof rangeBody>>;
