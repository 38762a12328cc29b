import { type Area, areaByCode } from '@lantian/areas';
import { ErrorCode, type RankTimeType, rankTimeType, timelineTimeType } from '@lantian/contracts';
import { z } from 'zod';
import { cityParam, intParam, reportAppIssue, timeParam } from '../../../platform/http/params';

/**
 * Form bodies of the ranking, timeline and 达标 calls, parsed into typed values. Defaults that depend
 * on the clock or the data ("the latest hour") are the services'. The signature covers the
 * parameters as sent (it is checked before these schemas run), so parsing changes nothing for it.
 */

const optionalTime = (what: string) => timeParam.optional().describe(`${what}（YYYY-MM-DD HH:mm:ss，北京时间）`);

/** The spec's own name for the hourly ranking ("time type real") is accepted beside `hour`. */
const rankTimeTypeParam = z
  .enum([...rankTimeType.options, 'real'])
  .transform((value): RankTimeType => (value === 'real' ? 'hour' : value))
  .optional()
  .describe('hour（实时，缺省；也可写作 real）、day、month、year');

const rankTime = optionalTime('所在的小时/日/月/年；缺省为最新：最新一小时、最近一个完整日、本月、本年');

/** Which cities a ranking ranks: all, or those of one province. */
export type RankScope = { kind: 'all' } | { kind: 'province'; province: Area };

/** The scope as the answer names it ('all', 'province:440000'). */
export function rankScopeName(scope: RankScope): string {
  return scope.kind === 'all' ? 'all' : `province:${scope.province.code}`;
}

export const cityRankBody = z.object({
  timeType: rankTimeTypeParam,
  time: rankTime,
  rankType: z
    .string()
    .regex(/^(all|province:\d{6})$/, '应为 all 或 province:<6 位省级代码>（暂无官方 168/28 城市名单）')
    .transform((value, ctx): RankScope => {
      if (value === 'all') return { kind: 'all' };
      const province = areaByCode(value.slice('province:'.length));
      if (province === undefined || province.level !== 'province') {
        ctx.addIssue({ code: 'custom', message: '未知的省级区划代码' });
        return z.NEVER;
      }
      return { kind: 'province', province };
    })
    .optional()
    .describe('all：全部城市（缺省）；province:<省级代码>：省内城市'),
});

export const customAreaRankBody = z.object({
  timeType: rankTimeTypeParam,
  time: rankTime,
  areaCodes: z
    .string()
    .regex(/^\s*\d{6}(\s*,\s*\d{6}){0,49}\s*$/, '应为逗号分隔的 6 位区划代码，最多 50 个')
    .describe('逗号分隔的城市区划代码，最多 50 个')
    // Each city once, in the order given; an unknown code is 404 未找到该城市.
    .transform((value, ctx): Area[] => {
      const areas: Area[] = [];
      for (const code of new Set(value.split(',').map((c) => c.trim()))) {
        const area = areaByCode(code);
        if (area === undefined) {
          reportAppIssue(ctx, { code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
          return z.NEVER;
        }
        areas.push(area);
      }
      return areas;
    }),
});

/** The longest history getRankAnalysis answers: a month of days, two days of hours, three years of months. */
export const MAX_RANK_HISTORY = 36;

export const rankAnalysisBody = z.object({
  city: cityParam,
  timeType: rankTimeTypeParam,
  time: rankTime,
  periods: intParam(2, MAX_RANK_HISTORY)
    .optional()
    .describe(`名次走势：到所选时段为止的时段数（2–${MAX_RANK_HISTORY}），答复多出 history；缺省不给走势`),
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
    // YYYYMM, the key of city_monthly.
    .transform((value) => Number(value.slice(0, 4)) * 100 + Number(value.slice(5, 7)))
    .optional()
    .describe('月份 YYYY-MM；优先于 time'),
  time: optionalTime('所在的月；缺省为本月（截至目前）'),
});

export const yearlyStandardBody = z.object({
  city: cityParam,
  year: z
    .string()
    .regex(/^(19|20)\d{2}$/, '格式应为 YYYY')
    .transform(Number)
    .optional()
    .describe('年份 YYYY；优先于 time'),
  time: optionalTime('所在的年；缺省为本年（截至目前）'),
});

export const o3DaySchemeBody = z.object({
  city: cityParam,
  time: optionalTime('所在的日；缺省为当前小时所属的日'),
});

export type RankQuery = Pick<z.output<typeof rankAnalysisBody>, 'timeType' | 'time'>;
export type RangeQuery = Omit<z.output<typeof timelineBody>, never>;
