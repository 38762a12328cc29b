import { healthResponse, readyResponse } from '@lantian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unavailable } from '../../platform/errors';
import type { SystemService } from './system.service';

/** Liveness and readiness, for load balancers and orchestrators. */
export const systemRoutes: FastifyPluginAsyncZod<{ service: SystemService }> = async (app, { service }) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: '存活检查：进程在运行即返回 200',
        response: { 200: healthResponse },
      },
    },
    async () => ({ code: 0 as const, msg: 'ok', data: service.health() }),
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: '就绪检查：数据库与共享状态（Redis）都可用时返回 200，否则 503',
        response: { 200: readyResponse },
      },
    },
    async () => {
      const checks = await service.readiness();
      if (checks.database === 'failed' || checks.sharedState === 'failed') {
        throw unavailable('服务暂不可用：依赖的数据库或缓存无法连接', 5, checks);
      }
      return { code: 0 as const, msg: 'ready', data: { status: 'ready' as const, ...checks } };
    },
  );
};
