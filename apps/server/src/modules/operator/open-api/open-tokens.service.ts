import { ErrorCode, OPEN_APIS, OPEN_TOKEN_TTL_SECONDS, type OpenApiCode, type OpenToken } from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';
import { clientKey } from '../../../platform/http/client-address';
import { humanWait, type Limit, MINUTE_MS, RateLimiter } from '../../../platform/security/rate-limits';
import { equalSecrets, TOKEN_PATTERN } from '../../../platform/security/secrets';
import type { SharedState } from '../../../platform/state';
import type { AuditActor, AuditLog } from '../audit';
import { apisOf, newAccessToken, secretHash } from './credentials';
import { isExpired } from './open-api.presenters';
import type { OpenAppTokensRepository } from './open-app-tokens.repository';
import type { OpenApp, OpenAppsRepository } from './open-apps.repository';
import type { QuietAudit } from './quiet-audit';

/**
 * Refused exchanges (wrong key or secret, revoked or expired application) per address and per appKey
 * within 15 minutes, after which that address or key is refused (429) until the window ends. With
 * 256-bit secrets guessing is hopeless anyway; this keeps a scripted loop from costing a database
 * read and an audit entry per attempt. A stranger who knows an appKey can hold up that key's
 * exchanges for the window — the application keeps its current token meanwhile (2 h).
 */
export const EXCHANGE_FAILURES = { perAddress: 20, perKey: 20, windowMs: 15 * MINUTE_MS } as const;

/** An application's live tokens beyond this many (newest kept) are ended: a client asking for a token per call cannot grow the table. */
export const MAX_TOKENS_PER_APP = 50;

/** Compared against when the appKey is unknown, so that an unknown key costs the same as a wrong secret. */
const NO_SECRET = secretHash('');

const invalidToken = (msg: string) => new AppError(ErrorCode.OPEN_TOKEN_INVALID, msg);

export const appActor = (app: Pick<OpenApp, 'id' | 'name' | 'area_code'>): AuditActor => ({
  id: app.id,
  name: `app:${app.name}`,
  areaCode: app.area_code,
});

export interface ExchangeRequest {
  appKey: string;
  appSecret: string;
  ip: string;
  /** The API the exchange is for (the lidar clients' endpoint requires `lidar`). */
  requireApi?: OpenApiCode;
}

/**
 * Open-API access tokens: an application exchanges its key and secret for a token (256 random bits,
 * stored as its SHA-256) that lives 2 hours or until its application expires, is revoked or has its
 * secret reset, whichever comes first. Every open call resolves its token here.
 */
export class OpenTokens {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly apps: OpenAppsRepository,
    private readonly tokens: OpenAppTokensRepository,
    private readonly state: SharedState,
    private readonly audit: AuditLog,
    private readonly quiet: QuietAudit,
    private readonly now: Clock,
  ) {
    this.limiter = new RateLimiter(state);
  }

  async exchange(request: ExchangeRequest): Promise<OpenToken> {
    const { appKey, ip } = request;
    const limits = failureLimits(appKey, ip);
    try {
      await this.limiter.check(limits);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== ErrorCode.RATE_LIMITED) throw err;
      await this.quiet.recordOncePerMinute(`throttled:${ip}`, {
        actor: { id: null, name: `appKey:${appKey}`, areaCode: null },
        ip,
        action: 'openapp.token_refused',
        outcome: 'failure',
        detail: '获取令牌失败次数过多，已暂时拒绝',
      });
      throw err;
    }

    const app = await this.apps.byKey(appKey);
    // Compare in constant time, against a stand-in when the key is unknown.
    const secretMatches = equalSecrets(secretHash(request.appSecret), app?.secret_hash ?? NO_SECRET);
    if (app === undefined || !secretMatches) {
      return this.refuse(request, app, ErrorCode.OPEN_CREDENTIALS_INVALID, 'appKey 或 appSecret 不正确');
    }
    const now = this.now();
    if (app.status !== 'active') {
      return this.refuse(request, app, ErrorCode.OPEN_APP_INACTIVE, '应用已停用，不能获取令牌');
    }
    if (isExpired(app, now)) {
      const at = formatChinaDateTime(app.expires_at ?? now);
      return this.refuse(request, app, ErrorCode.OPEN_APP_INACTIVE, `应用已于 ${at} 到期，不能获取令牌`);
    }
    if (request.requireApi !== undefined && !apisOf(app.apis).includes(request.requireApi)) {
      const name = OPEN_APIS.find((a) => a.code === request.requireApi)?.name ?? request.requireApi;
      return this.refuse(request, app, ErrorCode.OPEN_API_NOT_ALLOWED, `应用无权调用${name}接口`);
    }

    const token = newAccessToken();
    const expiresAt = Math.min(now + OPEN_TOKEN_TTL_SECONDS, app.expires_at ?? Number.POSITIVE_INFINITY);
    await this.tokens.insert({
      token_hash: secretHash(token),
      app_id: app.id,
      created_at: now,
      expires_at: expiresAt,
      ip,
    });
    await this.tokens.trim(app.id, MAX_TOKENS_PER_APP);
    const expiresIn = expiresAt - now;
    await this.audit.record({
      actor: appActor(app),
      ip,
      action: 'openapp.token',
      target: { type: 'openapp', id: app.id, name: app.name },
      detail:
        request.requireApi === undefined ? `有效 ${expiresIn} 秒` : `有效 ${expiresIn} 秒（${request.requireApi}）`,
    });
    return { token, expiresIn };
  }

  /** The application behind a live token; 401 for an unknown or expired token or an application that no longer works. */
  async authenticate(token: string): Promise<OpenApp> {
    // Not the shape of a token: no database read.
    if (!TOKEN_PATTERN.test(token)) throw invalidToken('开放接口令牌无效，请重新获取');
    const found = await this.tokens.withApp(secretHash(token));
    if (found === undefined) throw invalidToken('开放接口令牌无效或已失效，请重新获取');
    const now = this.now();
    if (found.token_expires_at <= now) {
      await this.tokens.delete(found.token_hash);
      throw invalidToken('开放接口令牌已过期，请重新获取');
    }
    if (found.app.status !== 'active') throw invalidToken('应用已停用，令牌已失效');
    if (isExpired(found.app, now)) throw invalidToken('应用已到期，令牌已失效');
    return found.app;
  }

  async sweep(): Promise<number> {
    return this.tokens.deleteExpired(this.now());
  }

  private async refuse(
    request: ExchangeRequest,
    app: OpenApp | undefined,
    code: (typeof ErrorCode)['OPEN_CREDENTIALS_INVALID' | 'OPEN_APP_INACTIVE' | 'OPEN_API_NOT_ALLOWED'],
    msg: string,
  ): Promise<never> {
    const { appKey, ip } = request;
    await Promise.all(failureLimits(appKey, ip).map((limit) => this.state.increment(limit.key, limit.windowMs)));
    await this.audit.record({
      actor: app === undefined ? { id: null, name: `appKey:${appKey}`, areaCode: null } : appActor(app),
      ip,
      action: 'openapp.token_refused',
      ...(app === undefined ? {} : { target: { type: 'openapp', id: app.id, name: app.name } }),
      outcome: 'failure',
      detail: msg,
    });
    throw new AppError(code, msg);
  }
}

function failureLimits(appKey: string, ip: string): Limit[] {
  const message = (seconds: number) => `获取令牌失败次数过多，请 ${humanWait(seconds)}后再试`;
  return [
    {
      key: `openapi:fail:ip:${clientKey(ip)}`,
      max: EXCHANGE_FAILURES.perAddress,
      windowMs: EXCHANGE_FAILURES.windowMs,
      message,
    },
    { key: `openapi:fail:key:${appKey}`, max: EXCHANGE_FAILURES.perKey, windowMs: EXCHANGE_FAILURES.windowMs, message },
  ];
}
