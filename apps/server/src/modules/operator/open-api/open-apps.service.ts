import type { OpenAppCredentials, OpenAppRow, OpenAppSaveBody, OpenAppUpdateBody } from '@lantian/contracts';
import type { Clock } from '../../../platform/clock';
import { conflict, invalidField, notFound } from '../../../platform/errors';
import type { Page } from '../../../platform/http/params';
import type { OperatorPrincipal } from '../../../platform/http/principal';
import { randomId } from '../../../platform/security/secrets';
import type { AuditActor, AuditLog } from '../audit';
import { SHELL_PRINCIPAL } from '../operators';
import { apisText, expiryOf, newAppKey, newAppSecret, secretHash } from './credentials';
import { presentOpenApp } from './open-api.presenters';
import type { OpenApp, OpenAppSort, OpenAppsRepository } from './open-apps.repository';

export interface OpenAppListQuery {
  keyword?: string | undefined;
  status?: 'active' | 'revoked' | undefined;
  sortBy?: 'name' | 'createdAt' | 'lastUsedAt' | 'expiresAt' | undefined;
  sortOrder?: 'ascend' | 'descend' | undefined;
}

const SORT_COLUMNS = {
  name: 'name',
  createdAt: 'created_at',
  lastUsedAt: 'last_used_at',
  expiresAt: 'expires_at',
} as const;

/** The administrator as the audit log names them (the shell is `cli`, of no area). */
function actorOf(principal: OperatorPrincipal): AuditActor {
  if (principal === SHELL_PRINCIPAL) return { id: null, name: principal.username, areaCode: null };
  return { id: principal.id, name: principal.username, areaCode: principal.scope.areaCode };
}

const notFoundApp = () => notFound('未找到该应用');

/**
 * Administration of open-API applications (console and command line alike), always inside the
 * administrator's area: an application belongs to the area of whoever registered it. The key and
 * secret are answered once, on registration and on a secret reset; revoking or resetting ends the
 * application's tokens at once. Every change is audited, never with the secret.
 */
export class OpenAppsService {
  constructor(
    private readonly apps: OpenAppsRepository,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  async page(
    query: OpenAppListQuery,
    principal: OperatorPrincipal,
    page: Page,
  ): Promise<{ list: OpenAppRow[]; total: number }> {
    const sort: OpenAppSort = {
      by: SORT_COLUMNS[query.sortBy ?? 'createdAt'],
      order: query.sortOrder === 'ascend' ? 'asc' : 'desc',
    };
    const { rows, total } = await this.apps.page(
      { keyword: query.keyword, status: query.status },
      principal.scope,
      page,
      sort,
    );
    const now = this.now();
    return { list: rows.map((row) => presentOpenApp(row, now)), total };
  }

  async create(body: OpenAppSaveBody, principal: OperatorPrincipal, ip: string | null): Promise<OpenAppCredentials> {
    const now = this.now();
    const expiresAt = this.futureExpiry(body.expiresAt, now);
    const appKey = newAppKey();
    const appSecret = newAppSecret();
    const row: OpenApp = {
      id: randomId(),
      name: body.name,
      app_key: appKey,
      secret_hash: secretHash(appSecret),
      apis: apisText(body.apis),
      rate_limit_per_minute: body.rateLimitPerMinute,
      expires_at: expiresAt,
      status: 'active',
      created_by_id: principal === SHELL_PRINCIPAL ? null : principal.id,
      created_by: principal.username,
      area_code: principal.scope.areaCode,
      created_at: now,
      updated_at: now,
      secret_reset_at: null,
      last_used_at: null,
    };
    await this.apps.insert(row);
    const app = presentOpenApp(row, now);
    await this.audit.record({
      actor: actorOf(principal),
      ip,
      action: 'openapp.create',
      target: { type: 'openapp', id: row.id, name: row.name },
      after: app,
    });
    return { app, appKey, appSecret };
  }

  async update(body: OpenAppUpdateBody, principal: OperatorPrincipal, ip: string | null): Promise<OpenAppRow> {
    const now = this.now();
    const current = await this.activeInScope(body.id, principal, '应用已停用，不能修改');
    const requested = body.expiresAt === null ? null : expiryOf(body.expiresAt);
    // An unchanged past expiry may stay (the name or APIs of an expired application can be edited).
    const expiresAt = requested === current.expires_at ? requested : this.futureExpiry(body.expiresAt, now);
    const changed = await this.apps.update(body.id, principal.scope, {
      name: body.name,
      apis: apisText(body.apis),
      rate_limit_per_minute: body.rateLimitPerMinute,
      expires_at: expiresAt,
      updated_at: now,
    });
    if (!changed) throw notFoundApp();
    const after = await this.rowInScope(body.id, principal);
    await this.audit.record({
      actor: actorOf(principal),
      ip,
      action: 'openapp.update',
      target: { type: 'openapp', id: body.id, name: after.name },
      before: presentOpenApp(current, now),
      after,
    });
    return after;
  }

  async revoke(id: string, principal: OperatorPrincipal, ip: string | null): Promise<OpenAppRow> {
    const current = await this.activeInScope(id, principal, '应用已停用');
    if (!(await this.apps.revoke(id, principal.scope, this.now()))) throw conflict('应用已停用');
    const after = await this.rowInScope(id, principal);
    await this.audit.record({
      actor: actorOf(principal),
      ip,
      action: 'openapp.revoke',
      target: { type: 'openapp', id, name: current.name },
      before: { status: current.status },
      after: { status: after.status },
    });
    return after;
  }

  /** Revokes by the public key (the command line names applications by it). */
  async revokeByKey(appKey: string, principal: OperatorPrincipal, ip: string | null): Promise<OpenAppRow> {
    const app = await this.apps.byKeyInScope(appKey, principal.scope);
    if (app === undefined) throw notFoundApp();
    return this.revoke(app.id, principal, ip);
  }

  /** A new secret, answered once; the old one and every token obtained with it stop working now. */
  async resetSecret(id: string, principal: OperatorPrincipal, ip: string | null): Promise<OpenAppCredentials> {
    const current = await this.activeInScope(id, principal, '应用已停用，不能重置密钥');
    const appSecret = newAppSecret();
    const now = this.now();
    if (!(await this.apps.replaceSecret(id, principal.scope, secretHash(appSecret), now))) {
      throw conflict('应用已停用，不能重置密钥');
    }
    const app = await this.rowInScope(id, principal);
    await this.audit.record({
      actor: actorOf(principal),
      ip,
      action: 'openapp.rotate',
      target: { type: 'openapp', id, name: current.name },
      detail: '已更换应用密钥，原密钥与已签发的令牌立即失效',
    });
    return { app, appKey: current.app_key, appSecret };
  }

  private futureExpiry(text: string | null, now: number): number | null {
    if (text === null) return null;
    const at = expiryOf(text);
    if (at <= now) throw invalidField('expiresAt', '到期时间应晚于现在');
    return at;
  }

  private async activeInScope(id: string, principal: OperatorPrincipal, whenRevoked: string): Promise<OpenApp> {
    const app = await this.apps.byIdInScope(id, principal.scope);
    if (app === undefined) throw notFoundApp();
    if (app.status !== 'active') throw conflict(whenRevoked);
    return app;
  }

  private async rowInScope(id: string, principal: OperatorPrincipal): Promise<OpenAppRow> {
    const app = await this.apps.byIdInScope(id, principal.scope);
    if (app === undefined) throw notFoundApp();
    return presentOpenApp(app, this.now());
  }
}
