import { ErrorCode, OPEN_API_SELF, OPEN_APIS, type OpenApiInfo } from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { AppError, rateLimited } from '../../../platform/errors';
import type { OpenAppPrincipal } from '../../../platform/http/principal';
import { humanWait, MINUTE_MS } from '../../../platform/security/rate-limits';
import type { SharedState } from '../../../platform/state';
import { apisOf } from './credentials';
import type { OpenAppsRepository } from './open-apps.repository';
import { appActor, type OpenTokens } from './open-tokens.service';
import type { QuietAudit } from './quiet-audit';

/** What a call to an open route brings besides its token. */
export interface OpenCall {
  /** The route's API (`openApi:<api>`), or `self`. */
  api: string;
  method: string;
  /** The route's path pattern (never the query string). */
  route: string;
  ip: string;
  appType: string | null;
  apiType: string | null;
}

const apiName = (code: string) => OPEN_APIS.find((a) => a.code === code)?.name ?? code;

/**
 * Admission of open calls: the token must be live, the route's API granted to the application, and
 * the application under its rate (counted per minute in the shared state, so across every
 * instance). Refusals of a live application (403, 429) are audited once a minute per application
 * and reason; its last use is written at most once a minute.
 */
export class OpenCalls {
  constructor(
    private readonly tokens: OpenTokens,
    private readonly apps: OpenAppsRepository,
    private readonly state: SharedState,
    private readonly quiet: QuietAudit,
    private readonly now: Clock,
  ) {}

  async admit(token: string, call: OpenCall): Promise<OpenAppPrincipal> {
    const app = await this.tokens.authenticate(token);
    const apis = apisOf(app.apis);
    const refused = (reason: string, detail: string) =>
      this.quiet.recordOncePerMinute(`${app.id}:${reason}`, {
        actor: appActor(app),
        ip: call.ip,
        action: 'openapp.denied',
        target: { type: 'openapp', id: app.id, name: app.name },
        outcome: 'failure',
        detail: `${call.method} ${call.route}：${detail}${typesText(call)}`,
      });

    if (call.api !== OPEN_API_SELF && !apis.includes(call.api)) {
      await refused(`api:${call.api}`, `未授权的接口 ${call.api}`);
      throw new AppError(ErrorCode.OPEN_API_NOT_ALLOWED, `应用无权调用该接口：${apiName(call.api)}`);
    }

    const limit = app.rate_limit_per_minute;
    const { count, resetInMs } = await this.state.increment(`openapi:rate:${app.id}`, MINUTE_MS);
    const resetSeconds = Math.max(1, Math.ceil(resetInMs / 1000));
    if (count > limit) {
      await refused('rate', `超过每分钟 ${limit} 次的调用限额`);
      throw rateLimited(
        resetSeconds,
        `调用过于频繁：本应用每分钟最多调用 ${limit} 次，请 ${humanWait(resetSeconds)}后再试`,
      );
    }

    if (await this.state.setIfAbsent(`openapi:used:${app.id}`, '1', MINUTE_MS)) {
      await this.apps.touch(app.id, this.now());
    }

    return {
      kind: 'openApp',
      id: app.id,
      name: app.name,
      appKey: app.app_key,
      apis: new Set(apis),
      areaCode: app.area_code,
      appType: call.appType,
      apiType: call.apiType,
      rate: { limitPerMinute: limit, remaining: Math.max(0, limit - count), resetSeconds },
    };
  }

  /** The calling application's own facts (GET /api/open/auto/apiInfo). */
  async info(principal: OpenAppPrincipal): Promise<OpenApiInfo> {
    const app = await this.apps.byId(principal.id);
    return {
      name: principal.name,
      appKey: principal.appKey,
      apis: OPEN_APIS.filter((a) => principal.apis.has(a.code)).map((a) => ({ code: a.code, name: a.name })),
      rateLimitPerMinute: principal.rate.limitPerMinute,
      remaining: principal.rate.remaining,
      resetSeconds: principal.rate.resetSeconds,
      expiresAt: app === undefined || app.expires_at === null ? null : formatChinaDateTime(app.expires_at),
      appType: principal.appType,
      apiType: principal.apiType,
    };
  }
}

function typesText(call: OpenCall): string {
  const parts = [
    call.appType === null ? null : `appType=${call.appType}`,
    call.apiType === null ? null : `apiType=${call.apiType}`,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? '' : `（${parts.join('，')}）`;
}
