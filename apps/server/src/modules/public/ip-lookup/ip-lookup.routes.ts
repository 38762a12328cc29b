import { ipLocationResponse } from '@lantian/contracts';
import { z } from 'zod';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { locateIp } from './ip-lookup';

/** The answer depends on the caller's address and changes only with a new IP database. */
const PER_CALLER = 'private, max-age=3600';

const IP_SUMMARY = '（无法定位的地址——内网、本机、境外、格式错误——返回 code 0 与全空字段）';

/** GET /api/common/ipPlus: the visitor's city (offline ip2region database). */
export function ipLookupRoutes(app: ApiApp) {
  const route = routesOf(app, { tags: ['common'], access: 'public', signed: true });

  route.get(
    '/api/common/ipPlus',
    { summary: `按访问者 IP 定位城市${IP_SUMMARY}`, response: ipLocationResponse },
    async (request, reply) => {
      reply.header('cache-control', PER_CALLER);
      return ok(locateIp(request.ip));
    },
  );

  route.get(
    '/api/common/ipPlus/:ip',
    {
      summary: `按指定 IP（IPv4 或 IPv6）定位城市${IP_SUMMARY}`,
      params: z.object({ ip: z.string().describe('IPv4 或 IPv6 地址') }),
      response: ipLocationResponse,
    },
    async ({ params }, reply) => {
      reply.header('cache-control', PER_CALLER);
      return ok(locateIp(params.ip));
    },
  );
}
