import { defineModule, type ModuleContext } from '../../../platform/module';
import { PeriodicJobs } from '../../../platform/periodic';
import { audit } from '../audit';
import { openApiAccessCheck } from './access-check';
import { adminRoutes } from './admin.routes';
import * as m0009 from './migrations/0009_open_api';
import { openRoutes } from './open.routes';
import type { OpenApiTables } from './open-api.tables';
import { OpenAppTokensRepository } from './open-app-tokens.repository';
import { OpenAppsRepository } from './open-apps.repository';
import { OpenAppsService } from './open-apps.service';
import { OpenCalls } from './open-calls.service';
import { OpenTokens } from './open-tokens.service';
import { QuietAudit } from './quiet-audit';

export type { OpenApiTables } from './open-api.tables';
export { EXCHANGE_FAILURES, MAX_TOKENS_PER_APP } from './open-tokens.service';

/** Expired tokens are deleted this often (they are refused on use anyway; this keeps the table small). */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * The open API (spec §6): administrators register client applications (allowed APIs, rate per
 * minute, expiry) in the console or from the shell; an application exchanges its key and secret for
 * a 2-hour token (`POST /api/open/token`, or the lidar clients' `GET /api/open/lidar/getToken/auto`)
 * and calls /api/open/... routes, which declare `access: 'openApi:<api>'`: this module's access
 * check admits the call (401 / 403 / 429) and sets `request.principal` to the application.
 */
export const openApi = defineModule({
  name: 'openApi',
  tags: [
    { name: 'open-api', description: '开放接口：令牌与调用方信息（第三方应用）' },
    { name: 'platform-openapi', description: '运营平台：开放接口应用的登记、修改、停用与密钥重置' },
  ],
  migrations: { '0009_open_api': m0009 },
  create(context: ModuleContext<OpenApiTables, undefined>) {
    const { database, state, now, log } = context;
    const auditLog = context.use(audit).log;
    const appsRepo = new OpenAppsRepository(database);
    const quiet = new QuietAudit(state, auditLog);
    const tokens = new OpenTokens(appsRepo, new OpenAppTokensRepository(database), state, auditLog, quiet, now);
    const calls = new OpenCalls(tokens, appsRepo, state, quiet, now);
    const apps = new OpenAppsService(appsRepo, auditLog, now);
    const jobs = new PeriodicJobs(log);

    return {
      api: {
        /** Registration, listing, changes, revocation, secret resets (the console's and the CLI's). */
        apps,
        tokens,
      },
      access: { openApi: openApiAccessCheck(calls) },
      routes: async (app) => {
        await app.register(async (scope) => adminRoutes(apps)(scope));
        await app.register(async (scope) => openRoutes({ tokens, calls })(scope));
      },
      async start() {
        jobs.every(SWEEP_EVERY_MS, 'open-API token sweep failed', () => tokens.sweep());
      },
      async close() {
        jobs.stop();
      },
    };
  },
});
