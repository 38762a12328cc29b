import { o3DaySchemeResponse, standardResponse } from '@lantian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AirRepository } from '../air';
import { ok } from '../public-api/presenters';
import { dailyStandardBody, monthlyStandardBody, o3DaySchemeBody, yearlyStandardBody } from './rankings.params';
import { StandardService } from './standards.service';

const tags = ['standards'];
const access = 'public' as const;

export const standardRoutes: FastifyPluginAsyncZod<{ air: AirRepository; now: () => number }> = async (
  app,
  { air, now },
) => {
  const standards = new StandardService(air, now);

  app.post(
    '/api/getDailyStandard',
    {
      config: { access },
      schema: {
        tags,
        summary: '日达标分析：各污染物 24 小时平均（O3 为日最大 8 小时）对照 GB 3095-2012 二级限值',
        body: dailyStandardBody,
        response: { 200: standardResponse },
      },
    },
    async (request) => ok(await standards.daily(request.body)),
  );

  app.post(
    '/api/getMonthlyStandard',
    {
      config: { access },
      schema: {
        tags,
        summary: '月达标分析：优良天数、各级别天数、各污染物统计量对照二级限值、超标天数与综合指数',
        description:
          '月均值对照年均限值（与综合指数所用限值相同），CO 取日均值第 95 百分位数、O3 取日最大 8 小时第 90 百分位数；validity 说明是否满足每月至少 27 天（2 月 25 天）的有效性规定。',
        body: monthlyStandardBody,
        response: { 200: standardResponse },
      },
    },
    async (request) => ok(await standards.monthly(request.body)),
  );

  app.post(
    '/api/getYearlyStandard',
    {
      config: { access },
      schema: {
        tags,
        summary: '年达标分析：年均值对照年均限值，CO、O3 取百分位数，优良天数比例与综合指数',
        body: yearlyStandardBody,
        response: { 200: standardResponse },
      },
    },
    async (request) => ok(await standards.yearly(request.body)),
  );

  app.post(
    '/api/getO3DaySchemeData',
    {
      config: { access },
      schema: {
        tags,
        summary: '臭氧日变化：逐小时 1 小时值与 8 小时滑动平均、日最大 8 小时值及超标小时数',
        body: o3DaySchemeBody,
        response: { 200: o3DaySchemeResponse },
      },
    },
    async (request) => ok(await standards.o3DayScheme(request.body)),
  );
};
