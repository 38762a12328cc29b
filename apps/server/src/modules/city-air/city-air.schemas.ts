import { z } from 'zod';
import { cityParam, timeParam } from '../public-api/params';

/**
 * Form-encoded parameters of the city air calls. Every value arrives as text; numbers are checked
 * here as text and converted in the services, which also check the ranges between fields.
 */

export const MAX_HOURS_SPAN_DAYS = 31;
export const MAX_DAYS_SPAN_DAYS = 366;
export const MAX_MONTHS_SPAN = 120;
export const MAX_NEXT_HOURS = 72;
export const MAX_FOCUS_CITIES = 50;

export const cityBody = z.object({ city: cityParam });

export const cityHoursBody = cityBody.extend({
  startTime: timeParam.optional().describe('开始时间（含），默认结束时间前 23 小时（共 24 小时）'),
  endTime: timeParam.optional().describe('结束时间（含），默认当前小时；范围不超过 31 天'),
});

export const cityDaysBody = cityBody.extend({
  startTime: timeParam.optional().describe('开始日（取其所在日），默认结束日前 29 天（共 30 天）'),
  endTime: timeParam.optional().describe('结束日（取其所在日），默认今天；范围不超过 366 天'),
});

export const cityMonthsBody = cityBody.extend({
  year: z
    .string()
    .regex(/^\d{4}$/, '应为 4 位年份')
    .optional()
    .describe('某一年的 12 个月；不能与 startTime/endTime 同用'),
  startTime: timeParam.optional().describe('开始月（取其所在月），默认结束月前 11 个月（共 12 个月）'),
  endTime: timeParam.optional().describe('结束月（取其所在月），默认本月；范围不超过 120 个月'),
});

export const cityNextHoursBody = cityBody.extend({
  hours: z
    .string()
    .regex(/^\d{1,2}$/, `应为 1–${MAX_NEXT_HOURS} 的整数`)
    .refine((v) => Number(v) >= 1 && Number(v) <= MAX_NEXT_HOURS, `应为 1–${MAX_NEXT_HOURS} 的整数`)
    .optional()
    .describe(`未来小时数，默认 24，最多 ${MAX_NEXT_HOURS}`),
});

const areaCodeParam = z.string().regex(/^\d{6}$/, '应为 6 位区划代码');

export const focusCityBody = z.object({
  stationCode: cityParam.describe('关注城市：6 位区划代码或拼音名'),
  regionCode: areaCodeParam.optional().describe('上级区划代码（兼容旧客户端，仅检查格式；响应给出实际上级代码）'),
  stationType: z.enum(['2', '3']).optional().describe('3 城市，2 区县；须与 stationCode 相符'),
});

const CITY_TOKEN = /^(\d{6}|[a-z]+)$/;

export const allFocusCityBody = z.object({
  stationCodes: z
    .string()
    .trim()
    .min(1, '不能为空')
    .refine((v) => v.split(',').every((c) => CITY_TOKEN.test(c.trim())), '应为逗号分隔的 6 位区划代码或小写拼音名')
    .refine((v) => v.split(',').length <= MAX_FOCUS_CITIES, `最多 ${MAX_FOCUS_CITIES} 个城市`)
    .describe(`关注城市列表，逗号分隔，最多 ${MAX_FOCUS_CITIES} 个`),
});

export type CityHoursBody = z.infer<typeof cityHoursBody>;
export type CityDaysBody = z.infer<typeof cityDaysBody>;
export type CityMonthsBody = z.infer<typeof cityMonthsBody>;
export type CityNextHoursBody = z.infer<typeof cityNextHoursBody>;
export type FocusCityBody = z.infer<typeof focusCityBody>;
export type AllFocusCityBody = z.infer<typeof allFocusCityBody>;
