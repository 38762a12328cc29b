import { cityRankResponse, cityTimelineResponse, rankAnalysisResponse, timelineResponse } from '@lantian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AirRepository } from '../air';
import type { PublicDataDeps } from '../public-api/deps';
import { ok } from '../public-api/presenters';
import { sendCached } from '../public-api/response-cache';
import { cityRankBody, cityTimelineBody, customAreaRankBody, rankAnalysisBody, timelineBody } from './rankings.params';
import { RankingService } from './rankings.service';
import { standardRoutes } from './standards.routes';
import { TimelineService } from './timeline.service';

const tags = ['rankings'];
const access = 'public' as const;

export const rankingRoutes: FastifyPluginAsyncZod<PublicDataDeps> = async (app, deps) => {
  const air = new AirRepository(deps.database);
  const rankings = new RankingService(air, deps.now);
  const timelines = new TimelineService(air, deps.now);

  app.post(
    '/api/getCityRank',
    {
      config: { access },
      schema: {
        tags,
        summary: '城市空气质量排名（小时、日按 AQI，月、年按综合指数，1 为最好）',
        description:
          '并列的城市名次相同，按区划代码列出；本时段无有效值的城市排在最后、名次为空。小时排名不混用其他小时：所选小时缺数据的城市标为 stale，并给出其前 24 小时内最近一次数据的时间。rankType 支持 all 与 province:<省级代码>（暂无官方 168/28 城市名单，传入时答 400）。',
        body: cityRankBody,
        response: { 200: cityRankResponse },
      },
    },
    async (request, reply) =>
      sendCached(reply, deps.responses, 'getCityRank', request.body, cityRankResponse, async () =>
        ok(await rankings.cityRank(request.body)),
      ),
  );

  app.post(
    '/api/getCustomAreaRank',
    {
      config: { access },
      schema: {
        tags,
        summary: '自选城市排名（最多 50 个城市，规则同 getCityRank，名次为所选城市内的名次）',
        body: customAreaRankBody,
        response: { 200: cityRankResponse },
      },
    },
    async (request, reply) =>
      sendCached(reply, deps.responses, 'getCustomAreaRank', request.body, cityRankResponse, async () =>
        ok(await rankings.customAreaRank(request.body)),
      ),
  );

  app.post(
    '/api/getRankAnalysis',
    {
      config: { access },
      schema: {
        tags,
        summary: '城市排名分析：全国与省内名次，及与上一时段相比的变化',
        body: rankAnalysisBody,
        response: { 200: rankAnalysisResponse },
      },
    },
    async (request) => ok(await rankings.rankAnalysis(request.body)),
  );

  app.post(
    '/api/getTimeLineData',
    {
      config: { access },
      schema: {
        tags,
        summary: '全国时间轴：每小时或每天各级别城市数与平均 AQI（最长 7 天小时或 366 天）',
        body: timelineBody,
        response: { 200: timelineResponse },
      },
    },
    async (request, reply) =>
      sendCached(reply, deps.responses, 'getTimeLineData', request.body, timelineResponse, async () =>
        ok(await timelines.national(request.body)),
      ),
  );

  app.post(
    '/api/getCityTimeLineData',
    {
      config: { access },
      schema: {
        tags,
        summary: '城市时间轴：每小时或每天的 AQI 与级别（最长 7 天小时或 366 天）',
        body: cityTimelineBody,
        response: { 200: cityTimelineResponse },
      },
    },
    async (request) => ok(await timelines.city(request.body)),
  );

  await app.register(standardRoutes, { air, now: deps.now });
};
