import { shortUrlResponse } from '@lantian/contracts';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { shortIdParams, shortUrlBody } from './short-urls.schemas';
import type { ShortUrlService } from './short-urls.service';
import type { ShortUrlsSettings } from './short-urls.settings';

export function shortUrlRoutes(service: ShortUrlService, settings: ShortUrlsSettings) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['short-urls'], access: 'public', signed: true });

    route.post(
      '/api/getShortUrl',
      {
        summary: '生成站内短链接（同一路径始终得到同一短码），通过 /s/<短码> 访问',
        body: shortUrlBody,
        response: shortUrlResponse,
        // Each call may add a row: a budget of its own, tighter than the public site's.
        rateLimit: { name: 'short-url', ...settings.rateLimit },
      },
      async ({ body }) => ok(await service.shorten(body.url)),
    );

    // Opened by people following a shared link: browsers cannot sign.
    route.get(
      '/s/:id',
      { summary: '打开短链接：302 跳转到保存的站内路径；未知短码 404', params: shortIdParams, signed: false },
      async ({ params }, reply) => {
        const url = await service.resolve(params.id);
        // Each visit counts a hit, and a swept link must stop working: no cache may answer it.
        reply.header('cache-control', 'no-store');
        return reply.redirect(url, 302);
      },
    );
  };
}
