import { rankTimeType, timelineTimeType } from '@lantian/contracts';
import { z } from 'zod';
import { cityParam, timeParam } from '../public-api/params';

/**
 * Form bodies of the ranking, timeline and 达标 calls. Every value arrives as a string. Defaults are
 * applied by the services, not here: the signature is checked after validation, on the body as parsed,
 * so a schema that added or rewrote a value would break the client's signature.
 */

const optionalTime = (what: string) => timeParam.optional().describe(`${what}（YYYY-MM-DD HH:mm:ss，北京时间）`);

/** The spec's own name for the hourly ranking ("time type real") is accepted beside `hour`. */
const rankTimeTypeParam = z
  .enum([...rankTimeType.options, 'real'])
  .optional()
  .describe('hour（实时，缺省；也可写作 real）、day、month、year');

const rankTime = optionalTime('所在的小时/日/月/年；缺省为最新：最新一小时、最近一个完整日、本月、本年');

export const cityRankBody = z.object({
  timeType: rankTimeTypeParam,
  time: rankTime,
  rankType: z
    .string()
    .regex(/^(all|province:\d{6})$/, '应为 all 或 province:<6 位省级代码>（暂无官方 168/28 城市名单）')
    .optional()
    .describe('all：全部城市（缺省）；province:<省级代码>：省内城市'),
});

export const customAreaRankBody = z.object({
  timeType: rankTimeTypeParam,
  time: rankTime,
  areaCodes: z
    .string()
    .regex(/^\s*\d{6}(\s*,\s*\d{6}){0,49}\s*$/, '应为逗号分隔的 6 位区划代码，最多 50 个')
    .describe('逗号分隔的城市区划代码，最多 50 个'),
});

export const rankAnalysisBody = z.object({
  city: cityParam,
  timeType: rankTimeTypeParam,
  time: rankTime,
});

const rangeFields = {
  timeType: timelineTimeType.optional().describe('hour（缺省）或 day'),
  startTime: optionalTime('开始时间；缺省为结束时间前 24 小时（hour）或 30 天（day）'),
  endTime: optionalTime('结束时间；缺省为最新一小时或最近一个完整日。最长 7 天（hour）或 366 天（day）'),
};

export const timelineBody = z.object(rangeFields);

export const cityTimelineBody = z.object({ city: cityParam, ...rangeFields });

export const dailyStandardBody = z.object({
  city: cityParam,
  time: optionalTime('所在的日；缺省为昨天'),
});

export const monthlyStandardBody = z.object({
  city: cityParam,
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '格式应为 YYYY-MM')
    .optional()
    .describe('月份 YYYY-MM；优先于 time'),
  time: optionalTime('所在的月；缺省为本月（截至目前）'),
});

export const yearlyStandardBody = z.object({
  city: cityParam,
  year: z
    .string()
    .regex(/^(19|20)\d{2}$/, '格式应为 YYYY')
    .optional()
    .describe('年份 YYYY；优先于 time'),
  time: optionalTime('所在的年；缺省为本年（截至目前）'),
});

export const o3DaySchemeBody = z.object({
  city: cityParam,
  time: optionalTime('所在的日；缺省为当前小时所属的日'),
});
