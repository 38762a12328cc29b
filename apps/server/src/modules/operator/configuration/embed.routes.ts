import {
  bindingsOf,
  embedConfigResponse,
  liveValuesResponse,
  resourcesOf,
  tokenQuery,
  tokenResourceQuery,
} from '@lantian/contracts';
import { notFound } from '../../../platform/errors';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { type ConfigsService, presentConfig, stageOf } from './configs.service';
import type { DashboardLive } from './live';
import type { ResourcesRepository } from './resources.repository';
import type { ValuesService } from './values.service';

const TOKEN_NOTE =
  '无需登录：token 为 getToken 给出的发布令牌，只读；停止发布、删除或重置令牌后答 404。按公众接口的每地址请求预算计数。';

/**
 * The token variants under /api/configuration/: what a published dashboard needs to open on a big
 * screen without an operator session — its drawing, its values (now and live) and its pictures.
 * Read-only, and only what the drawing itself shows.
 */
export function embedRoutes(
  configs: ConfigsService,
  resources: ResourcesRepository,
  values: ValuesService,
  live: DashboardLive,
) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['configuration'], access: 'public', signed: false });
    route.get(
      '/api/configuration/configList',
      {
        summary: '发布令牌打开的组态图（含 Konva JSON）',
        description: TOKEN_NOTE,
        query: tokenQuery,
        response: embedConfigResponse,
      },
      async (request) => {
        const row = await configs.byToken(request.query.token);
        return ok({ list: [{ ...presentConfig(row), konva: stageOf(row) }], total: 1, pageNum: 1, pageSize: 1 });
      },
    );
    route.get(
      '/api/configuration/dataSourceList',
      {
        summary: '发布令牌打开的组态图所绑定数据的最新值',
        description: TOKEN_NOTE,
        query: tokenQuery,
        response: liveValuesResponse,
      },
      async (request) => ok(await values.forStage(stageOf(await configs.byToken(request.query.token)))),
    );
    app.get(
      '/api/configuration/staticResource',
      {
        config: { access: 'public', signed: false, writes: false },
        schema: {
          tags: ['configuration'],
          summary: '发布令牌打开的组态图所用的素材图片',
          description: TOKEN_NOTE,
          querystring: tokenResourceQuery,
        },
      },
      async (request, reply) => {
        const stage = stageOf(await configs.byToken(request.query.token));
        // Only the pictures this drawing uses: a token is no key to the rest of the library.
        const file = resourcesOf(stage).includes(request.query.id)
          ? await resources.fileOf(Number(request.query.id))
          : undefined;
        if (file === undefined) throw notFound('未找到该素材');
        return reply
          .header('content-type', file.mime)
          .header('cache-control', 'public, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(file.data);
      },
    );
    app.get(
      '/api/configuration/stream',
      {
        config: { access: 'public', signed: false, writes: false },
        schema: {
          tags: ['configuration'],
          summary:
            '发布令牌打开的组态图的实时数据（Server-Sent Events：event: values；令牌作废时 event: revoked 后关闭）',
          description: TOKEN_NOTE,
          querystring: tokenQuery,
        },
      },
      async (request, reply) => {
        const stage = stageOf(await configs.byToken(request.query.token));
        reply.hijack();
        live.attach(reply.raw, new Set(bindingsOf(stage).map((b) => b.deviceId)), request.query.token);
      },
    );
  };
}
