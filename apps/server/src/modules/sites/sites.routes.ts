import { citySiteResponse, mapSiteResponse, siteCurrentResponse, siteDetailResponse } from '@lantian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AirRepository } from '../air';
import type { PublicDataDeps } from '../public-api/deps';
import { ok } from '../public-api/presenters';
import { sendCached } from '../public-api/response-cache';
import { StationsRepository } from '../stations';
import { MapService } from './map.service';
import { citySiteBody, mapSiteBody, siteCurrentBody, siteDetailBody } from './sites.params';
import { SitesService } from './sites.service';

const tags = ['sites'];
const access = 'public' as const;

export const siteRoutes: FastifyPluginAsyncZod<PublicDataDeps> = async (app, deps) => {
  const stations = new StationsRepository(deps.database);
  const air = new AirRepository(deps.database);
  const sites = new SitesService(stations, air, deps.now);
  const maps = new MapService(stations, air, deps.now);

  app.post(
    '/api/getCitySite',
    {
      config: { access },
      schema: {
        tags,
        summary: '城市的监测站点及各站最近一小时数据（超过 3 小时标为 stale），附城市自身最近一小时',
        body: citySiteBody,
        response: { 200: citySiteResponse },
      },
    },
    async (request) => ok(await sites.citySites(request.body)),
  );

  app.post(
    '/api/getSiteCurrentData',
    {
      config: { access },
      schema: {
        tags,
        summary: '站点最近一小时：各污染物浓度、分指数 IAQI 与级别，超过 3 小时标为 stale',
        body: siteCurrentBody,
        response: { 200: siteCurrentResponse },
      },
    },
    async (request) => ok(await sites.siteCurrent(request.body)),
  );

  app.post(
    '/api/getSiteDetail',
    {
      config: { access },
      schema: {
        tags,
        summary: '站点信息与逐小时数据（缺省为最近 24 小时，最长 31 天）',
        body: siteDetailBody,
        response: { 200: siteDetailResponse },
      },
    },
    async (request) => ok(await sites.siteDetail(request.body)),
  );

  app.post(
    '/api/getMapSiteData',
    {
      config: { access },
      schema: {
        tags,
        summary: '全国地图数据（GeoJSON 点要素）：站点或城市的某一小时或某一日',
        description:
          '小时：站点取该小时的站点数据，城市取城市小时值；日：城市取城市日值，站点按其当日小时值即时计算日均值（规则同城市日值：24 小时平均至少 20 个有效小时，O3 取日最大 8 小时）。AQI 使用存储的级别，污染物按浓度分级（日值用日均分级表）。没有坐标的站点不出现。formatType 只支持 1。',
        body: mapSiteBody,
        response: { 200: mapSiteResponse },
      },
    },
    async (request, reply) =>
      sendCached(reply, deps.responses, 'getMapSiteData', request.body, mapSiteResponse, async () =>
        ok(await maps.map(request.body)),
      ),
  );
};
