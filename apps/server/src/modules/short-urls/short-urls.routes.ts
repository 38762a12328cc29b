import { shortUrlResponse } from '@lantian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import type { PublicDataDeps } from '../public-api/deps';
import { ok } from '../public-api/presenters';
import { canonicalSitePath, MAX_SHORT_URL_LENGTH } from './short-url-path';
import { ShortUrlsRepository } from './short-urls.repository';
import { ShortUrlService } from './short-urls.service';

const nowSeconds = () => Math.floor(Date.now() / 1000);

const shortUrlBody = z.object({
  url: z
    .string()
    .min(1, '不能为空')
    .max(MAX_SHORT_URL_LENGTH, `不能超过 ${MAX_SHORT_URL_LENGTH} 个字符`)
    .refine((url) => canonicalSitePath(url) !== undefined, '应为以 / 开头的站内路径（不能指向其他网站）')
    .describe('站内路径及查询串，如 /city/beijing?x=1'),
});

/** POST /api/getShortUrl, inside the signed public-site scope. */
export const shortUrlRoutes: FastifyPluginAsyncZod<PublicDataDeps> = async (app, deps) => {
  const service = new ShortUrlService(new ShortUrlsRepository(deps.database), deps.now);
  app.post(
    '/api/getShortUrl',
    {
      config: { access: 'public' },
      schema: {
        tags: ['short-urls'],
        summary: '生成站内短链接（同一路径始终得到同一短码），通过 /s/<短码> 访问',
        body: shortUrlBody,
        response: { 200: shortUrlResponse },
      },
    },
    async (request) => ok(await service.shorten(request.body.url)),
  );
};

/**
 * GET /s/:id: opened by people following a shared link, so it is NOT signed. Register it outside
 * the public-site scope (app.ts).
 */
export const shortUrlRedirectRoutes: FastifyPluginAsyncZod<{ database: Database; now?: () => number }> = async (
  app,
  deps,
) => {
  const service = new ShortUrlService(new ShortUrlsRepository(deps.database), deps.now ?? nowSeconds);
  app.get(
    '/s/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['short-urls'],
        summary: '打开短链接：302 跳转到保存的站内路径；未知短码 404',
        params: z.object({ id: z.string().describe('短码') }),
      },
    },
    async (request, reply) => {
      const url = await service.resolve(request.params.id);
      // Each visit counts a hit, so neither browsers nor proxies should answer it from a cache.
      reply.header('cache-control', 'no-store');
      return reply.redirect(url, 302);
    },
  );
};
