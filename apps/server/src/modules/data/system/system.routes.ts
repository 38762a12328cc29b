import { healthResponse, readyResponse } from '@lantian/contracts';
import { unavailable } from '../../../platform/errors';
import { type ApiApp, routesOf } from '../../../platform/http/routes';
import type { SystemService } from './system.service';

/** Liveness and readiness, for load balancers and orchestrators (machines: not signed). */
export function systemRoutes(service: SystemService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['system'], access: 'public', signed: false });

    // Probes are never counted: a request budget lives in the shared state, and /healthz must answer while Redis is down.
    route.get(
      '/healthz',
      { summary: '存活检查：进程在运行即返回 200', response: healthResponse, rateLimit: false },
      async () => ({
        code: 0 as const,
        msg: 'ok',
        data: service.health(),
      }),
    );

    route.get(
      '/readyz',
      {
        summary: '就绪检查：数据库与共享状态（Redis）都可用时返回 200，否则 503',
        response: readyResponse,
        rateLimit: false,
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
}
