import { ipLocationResponse } from '@lantian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PublicDataDeps } from '../public-api/deps';
import { ok } from '../public-api/presenters';
import { locateIp } from './ip-lookup';
import { pendingSourceRoutes } from './pending-sources';

/** The answer depends on the caller's address and changes only with a new IP database. */
const PER_CALLER = 'private, max-age=3600';

const IP_SUMMARY = '（无法定位的地址——内网、本机、境外、格式错误——返回 code 0 与全空字段）';

/** GET /api/common/…: the IP lookup, plus the calls whose data source is not connected yet. */
export const commonRoutes: FastifyPluginAsyncZod<PublicDataDeps> = async (app) => {
  app.get(
    '/api/common/ipPlus',
    {
      config: { access: 'public' },
      schema: {
        tags: ['common'],
        summary: `按访问者 IP 定位城市${IP_SUMMARY}`,
        response: { 200: ipLocationResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PER_CALLER);
      return ok(locateIp(request.ip));
    },
  );

  app.get(
    '/api/common/ipPlus/:ip',
    {
      config: { access: 'public' },
      schema: {
        tags: ['common'],
        summary: `按指定 IP（IPv4 或 IPv6）定位城市${IP_SUMMARY}`,
        params: z.object({ ip: z.string().describe('IPv4 或 IPv6 地址') }),
        response: { 200: ipLocationResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PER_CALLER);
      return ok(locateIp(request.params.ip));
    },
  );

  await app.register(pendingSourceRoutes);
};
