import { type Area, resolveArea } from '@lantian/areas';
import { ErrorCode } from '@lantian/contracts';
import { z } from 'zod';
import { CITY_TOKEN, cityParam, reportAppIssue, timeParam } from '../../../platform/http/params';

/**
 * Form-encoded parameters of the city air calls, parsed into typed values: a city into its area, a
 * time into epoch seconds, numbers into numbers. The services check the relations between fields
 * (ranges) and apply the defaults that depend on the clock.
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
    .transform(Number)
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
    .transform(Number)
    .optional()
    .describe(`未来小时数，默认 24，最多 ${MAX_NEXT_HOURS}`),
});

const areaCodeParam = z.string().regex(/^\d{6}$/, '应为 6 位区划代码');

export const focusCityBody = z.object({
  stationCode: cityParam.describe('关注城市：6 位区划代码或拼音名'),
  regionCode: areaCodeParam.optional().describe('上级区划代码（兼容旧客户端，仅检查格式；响应给出实际上级代码）'),
  stationType: z
    .enum(['2', '3'])
    .transform((v): 2 | 3 => (v === '2' ? 2 : 3))
    .optional()
    .describe('3 城市，2 区县；须与 stationCode 相符'),
});

/**
 * The followed cities, each once, in the order given. Any unknown one is a 404 that lists them
 * (data.stationCodes), so that a client holding an outdated code (a merged city) can drop just those.
 */
export const allFocusCityBody = z.object({
  stationCodes: z
    .string()
    .trim()
    .min(1, '不能为空')
    .refine((v) => v.split(',').every((c) => CITY_TOKEN.test(c.trim())), '应为逗号分隔的 6 位区划代码或小写拼音名')
    .refine((v) => v.split(',').length <= MAX_FOCUS_CITIES, `最多 ${MAX_FOCUS_CITIES} 个城市`)
    .describe(`关注城市列表，逗号分隔，最多 ${MAX_FOCUS_CITIES} 个`)
    .transform((value, ctx): Area[] => {
      const areas: Area[] = [];
      const unknown: string[] = [];
      for (const token of new Set(value.split(',').map((t) => t.trim()))) {
        const area = resolveArea(token);
        if (area === undefined) unknown.push(token);
        else if (!areas.some((a) => a.code === area.code)) areas.push(area);
      }
      if (unknown.length > 0) {
        reportAppIssue(ctx, { code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市', data: { stationCodes: unknown } });
        return z.NEVER;
      }
      return areas;
    }),
});

export type CityHoursBody = z.output<typeof cityHoursBody>;
export type CityDaysBody = z.output<typeof cityDaysBody>;
export type CityMonthsBody = z.output<typeof cityMonthsBody>;
export type FocusCityBody = z.output<typeof focusCityBody>;
