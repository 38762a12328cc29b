import { cityListResponse, siteInfoListResponse, uniqueIdResponse } from '@lantian/contracts';
import { ResponseCache, sendCached } from '../../../platform/http/response-cache';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { siteListQuery } from './reference.schemas';
import type { ReferenceService } from './reference.service';

/** Area lists change only with a deploy: let browsers and proxies keep them for an hour. */
const STATIC_LIST = 'public, max-age=3600';

/** Area lists, the station register and anonymous visitor ids (spec §7 "Common"). */
export function referenceRoutes(service: ReferenceService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['reference'], access: 'public', signed: true });
    // The area lists come from the areas package: made into bytes (and compressed) once per process.
    const lists = new ResponseCache(Number.POSITIVE_INFINITY, { hourly: false, maxEntries: 4 });

    route.get(
      '/api/getCityList',
      { summary: '城市与区县列表（含市辖区、县；直辖市按城市列出）', response: cityListResponse },
      async (_request, reply) => {
        reply.header('cache-control', STATIC_LIST);
        return sendCached(reply, lists, 'getCityList', {}, cityListResponse, async () => ok(service.cityList()));
      },
    );

    route.get('/api/getProvinceList', { summary: '省级行政区列表', response: cityListResponse }, async (_r, reply) => {
      reply.header('cache-control', STATIC_LIST);
      return sendCached(reply, lists, 'getProvinceList', {}, cityListResponse, async () => ok(service.provinceList()));
    });

    route.get(
      '/api/getSiteInfoList',
      {
        summary: '监测站点列表，可按城市（cityCode）或区县（areaCode）筛选',
        query: siteListQuery,
        response: siteInfoListResponse,
      },
      async ({ query }) => ok(await service.siteList(query)),
    );

    route.post('/anon/user/getUniqueId', { summary: '为匿名访客生成唯一标识', response: uniqueIdResponse }, async () =>
      ok({ uniqueId: service.newUniqueId() }),
    );
  };
}
