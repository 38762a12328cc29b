import { citySiteResponse, mapSiteResponse, siteCurrentResponse, siteDetailResponse } from '@lantian/contracts';
import { type ResponseCache, sendCached } from '../../../platform/http/response-cache';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { MapService } from './map.service';
import { citySiteBody, mapSiteBody, siteCurrentBody, siteDetailBody } from './sites.schemas';
import type { SitesService } from './sites.service';

export interface SiteServices {
  sites: SitesService;
  maps: MapService;
  /** Serialized national maps, dropped on each new hour. */
  responses: ResponseCache;
}

/** The station calls and the national map (spec §7 "Public data"). */
export function siteRoutes({ sites, maps, responses }: SiteServices) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['sites'], access: 'public', signed: true });

    route.post(
      '/api/getCitySite',
      {
        summary: '城市的监测站点及各站最近一小时数据（超过 3 小时标为 stale），附城市自身最近一小时',
        body: citySiteBody,
        response: citySiteResponse,
      },
      async ({ body }, reply) =>
        sendCached(reply, responses, 'getCitySite', body, citySiteResponse, async () =>
          ok(await sites.citySites(body)),
        ),
    );

    route.post(
      '/api/getSiteCurrentData',
      {
        summary: '站点最近一小时：各污染物浓度、分指数 IAQI 与级别，超过 3 小时标为 stale',
        body: siteCurrentBody,
        response: siteCurrentResponse,
      },
      async ({ body }, reply) =>
        sendCached(reply, responses, 'getSiteCurrentData', body, siteCurrentResponse, async () =>
          ok(await sites.siteCurrent(body)),
        ),
    );

    route.post(
      '/api/getSiteDetail',
      {
        summary: '站点信息与逐小时数据（缺省为最近 24 小时，最长 31 天）',
        body: siteDetailBody,
        response: siteDetailResponse,
      },
      async ({ body }) => ok(await sites.siteDetail(body)),
    );

    route.post(
      '/api/getMapSiteData',
      {
        summary: '全国地图数据（GeoJSON 点要素）：站点或城市的某一小时或某一日',
        description:
          '小时：站点取该小时的站点数据，城市取城市小时值；日：城市取城市日值，站点按其当日小时值即时计算日均值（规则同城市日值：24 小时平均至少 20 个有效小时，O3 取日最大 8 小时）。AQI 使用存储的级别，污染物按浓度分级（日值用日均分级表）。没有坐标的站点不出现。formatType=1（缺省）为 GeoJSON；formatType=2 为同一地图的紧凑列式（字段各为一个数组，不重复时间、级别名称与颜色、城市名称），全国站点约 100 KB（br 压缩后约 25 KB），客户端以 expandMapSiteColumns 还原。同一小时的回答只生成一次，并预先压缩。',
        body: mapSiteBody,
        response: mapSiteResponse,
      },
      async ({ body }, reply) =>
        sendCached(reply, responses, 'getMapSiteData', body, mapSiteResponse, async () => ok(await maps.map(body))),
    );
  };
}
