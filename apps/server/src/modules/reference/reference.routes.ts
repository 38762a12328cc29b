import { cityListResponse, siteInfoListResponse, siteInfoQuery, uniqueIdResponse } from '@lantian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReferenceService } from './reference.service';

const ok = <T>(data: T) => ({ code: 0 as const, msg: '成功', data });

/** Area lists change only with a deploy: let browsers and proxies keep them for an hour. */
const STATIC_LIST = 'public, max-age=3600';

export const referenceRoutes: FastifyPluginAsyncZod<{ service: ReferenceService }> = async (app, { service }) => {
  app.get(
    '/api/getCityList',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reference'],
        summary: '城市与区县列表（含市辖区、县；直辖市按城市列出）',
        response: { 200: cityListResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', STATIC_LIST);
      return ok(service.cityList());
    },
  );

  app.get(
    '/api/getProvinceList',
    {
      config: { access: 'public' },
      schema: { tags: ['reference'], summary: '省级行政区列表', response: { 200: cityListResponse } },
    },
    async (_request, reply) => {
      reply.header('cache-control', STATIC_LIST);
      return ok(service.provinceList());
    },
  );

  app.get(
    '/api/getSiteInfoList',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reference'],
        summary: '监测站点列表，可按城市（cityCode）或区县（areaCode）筛选',
        querystring: siteInfoQuery,
        response: { 200: siteInfoListResponse },
      },
    },
    async (request) => ok(await service.siteList(request.query)),
  );

  app.post(
    '/anon/user/getUniqueId',
    {
      config: { access: 'public' },
      schema: { tags: ['reference'], summary: '为匿名访客生成唯一标识', response: { 200: uniqueIdResponse } },
    },
    async () => ok({ uniqueId: service.newUniqueId() }),
  );
};
