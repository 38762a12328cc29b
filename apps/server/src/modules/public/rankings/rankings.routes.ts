import {
  cityRankResponse,
  cityTimelineResponse,
  o3DaySchemeResponse,
  rankAnalysisResponse,
  standardResponse,
  timelineResponse,
} from '@lantian/contracts';
import { type ResponseCache, sendCached } from '../../../platform/http/response-cache';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import {
  cityRankBody,
  cityTimelineBody,
  customAreaRankBody,
  dailyStandardBody,
  monthlyStandardBody,
  o3DaySchemeBody,
  rankAnalysisBody,
  timelineBody,
  yearlyStandardBody,
} from './rankings.schemas';
import type { RankingService } from './rankings.service';
import type { StandardService } from './standards.service';
import type { TimelineService } from './timeline.service';

export interface RankingServices {
  rankings: RankingService;
  timelines: TimelineService;
  standards: StandardService;
  /** Serialized national rankings and timelines, dropped on each new hour. */
  responses: ResponseCache;
}

/** Rankings, timelines and 达标 analysis (spec §7 "Public data"). */
export function rankingRoutes({ rankings, timelines, standards, responses }: RankingServices) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['rankings'], access: 'public', signed: true });

    route.post(
      '/api/getCityRank',
      {
        summary: '城市空气质量排名（小时、日按 AQI，月、年按综合指数，1 为最好）',
        description:
          '并列的城市名次相同，按区划代码列出；本时段无有效值的城市排在最后、名次为空。小时排名不混用其他小时：所选小时缺数据的城市标为 stale，并给出其前 24 小时内最近一次数据的时间。rankType 支持 all 与 province:<省级代码>（暂无官方 168/28 城市名单，传入时答 400）。',
        body: cityRankBody,
        response: cityRankResponse,
      },
      async ({ body }, reply) =>
        sendCached(reply, responses, 'getCityRank', body, cityRankResponse, async () =>
          ok(await rankings.cityRank(body)),
        ),
    );

    route.post(
      '/api/getCustomAreaRank',
      {
        summary: '自选城市排名（最多 50 个城市，规则同 getCityRank，名次为所选城市内的名次）',
        body: customAreaRankBody,
        response: cityRankResponse,
      },
      async ({ body }, reply) =>
        sendCached(reply, responses, 'getCustomAreaRank', body, cityRankResponse, async () =>
          ok(await rankings.customAreaRank(body)),
        ),
    );

    route.post(
      '/api/getRankAnalysis',
      {
        summary: '城市排名分析：全国与省内名次，及与上一时段相比的变化',
        body: rankAnalysisBody,
        response: rankAnalysisResponse,
      },
      async ({ body }, reply) =>
        sendCached(reply, responses, 'getRankAnalysis', body, rankAnalysisResponse, async () =>
          ok(await rankings.rankAnalysis(body)),
        ),
    );

    route.post(
      '/api/getTimeLineData',
      {
        summary: '全国时间轴：每小时或每天各级别城市数与平均 AQI（最长 7 天小时或 366 天）',
        body: timelineBody,
        response: timelineResponse,
      },
      async ({ body }, reply) =>
        sendCached(reply, responses, 'getTimeLineData', body, timelineResponse, async () =>
          ok(await timelines.national(body)),
        ),
    );

    route.post(
      '/api/getCityTimeLineData',
      {
        summary: '城市时间轴：每小时或每天的 AQI 与级别（最长 7 天小时或 366 天）',
        body: cityTimelineBody,
        response: cityTimelineResponse,
      },
      async ({ body }, reply) =>
        sendCached(reply, responses, 'getCityTimeLineData', body, cityTimelineResponse, async () =>
          ok(await timelines.city(body)),
        ),
    );

    const standard = routesOf(app, { tags: ['standards'], access: 'public', signed: true });

    standard.post(
      '/api/getDailyStandard',
      {
        summary: '日达标分析：各污染物 24 小时平均（O3 为日最大 8 小时）对照 GB 3095-2012 二级限值',
        body: dailyStandardBody,
        response: standardResponse,
      },
      async ({ body }, reply) =>
        sendCached(reply, responses, 'getDailyStandard', body, standardResponse, async () =>
          ok(await standards.daily(body)),
        ),
    );

    standard.post(
      '/api/getMonthlyStandard',
      {
        summary: '月达标分析：优良天数、各级别天数、各污染物统计量对照二级限值、超标天数与综合指数',
        description:
          '月均值对照年均限值（与综合指数所用限值相同），CO 取日均值第 95 百分位数、O3 取日最大 8 小时第 90 百分位数；validity 说明是否满足每月至少 27 天（2 月 25 天）的有效性规定。',
        body: monthlyStandardBody,
        response: standardResponse,
      },
      async ({ body }, reply) =>
        sendCached(reply, responses, 'getMonthlyStandard', body, standardResponse, async () =>
          ok(await standards.monthly(body)),
        ),
    );

    standard.post(
      '/api/getYearlyStandard',
      {
        summary: '年达标分析：年均值对照年均限值，CO、O3 取百分位数，优良天数比例与综合指数',
        body: yearlyStandardBody,
        response: standardResponse,
      },
      async ({ body }, reply) =>
        sendCached(reply, responses, 'getYearlyStandard', body, standardResponse, async () =>
          ok(await standards.yearly(body)),
        ),
    );

    standard.post(
      '/api/getO3DaySchemeData',
      {
        summary: '臭氧日变化：逐小时 1 小时值与 8 小时滑动平均、日最大 8 小时值及超标小时数',
        body: o3DaySchemeBody,
        response: o3DaySchemeResponse,
      },
      async ({ body }, reply) =>
        sendCached(reply, responses, 'getO3DaySchemeData', body, o3DaySchemeResponse, async () =>
          ok(await standards.o3DayScheme(body)),
        ),
    );
  };
}
