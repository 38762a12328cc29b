import type { FastifyRequest } from 'fastify';
import type { AreaScope } from '../db/area-scope';
import { unauthenticated } from '../errors';

/**
 * Who is calling a platform route, as the access check found them: an operator signed in to the
 * console (or a client holding an operator's token), or an open-API application. Platform modules
 * read it with {@link operatorOf} / {@link openAppOf}; the scope is what every query of theirs filters on.
 */
export interface OperatorPrincipal {
  kind: 'operator';
  id: string;
  username: string;
  /** The operator's organisation's area: every platform query is limited to it and below. */
  scope: AreaScope;
  permissions: ReadonlySet<string>;
  /** The session the request came with (its token's hash), and whether the token came in a cookie. */
  session: { key: string; viaCookie: boolean };
}

export interface OpenAppPrincipal {
  kind: 'openApp';
  id: string;
  name: string;
  appKey: string;
  /** The open APIs it may call (`openApi:<code>`). */
  apis: ReadonlySet<string>;
  /** The area of the administrator who registered it: the audit entries of its calls are theirs to see. */
  areaCode: string;
  /**
   * The spec's optional `appType` header and `apiType` query parameter (§6), as sent (null when
   * absent). The spec does not say what they select; routes that need them read them here.
   */
  appType: string | null;
  apiType: string | null;
  /** This call was counted against the application's rate: what is left of the current minute. */
  rate: { limitPerMinute: number; remaining: number; resetSeconds: number };
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: OperatorPrincipal | OpenAppPrincipal;
  }
}

/** The operator behind a request that passed an `operator:` access check (401 otherwise). */
export function operatorOf(request: FastifyRequest): OperatorPrincipal {
  const principal = request.principal;
  if (principal?.kind !== 'operator') throw unauthenticated('请先登录平台');
  return principal;
}

/** The open-API application behind a request that passed an `openApi:` access check. */
export function openAppOf(request: FastifyRequest): OpenAppPrincipal {
  const principal = request.principal;
  if (principal?.kind !== 'openApp') throw unauthenticated('缺少有效的开放接口令牌');
  return principal;
}

/** Who did it, for the audit log: the operator or the application behind a request. */
export function actorOf(request: FastifyRequest): { id: string | null; name: string; areaCode: string | null } {
  const principal = request.principal;
  if (principal?.kind === 'operator') {
    return { id: principal.id, name: principal.username, areaCode: principal.scope.areaCode };
  }
  if (principal?.kind === 'openApp') {
    return { id: principal.id, name: `app:${principal.name}`, areaCode: principal.areaCode };
  }
  return { id: null, name: 'anonymous', areaCode: null };
}

/** An operator's request as a service needs it: who (scope, permissions), the audit's actor, the address. */
export interface OperatorCaller {
  principal: OperatorPrincipal;
  actor: ReturnType<typeof actorOf>;
  ip: string;
}

export function operatorCallerOf(request: FastifyRequest): OperatorCaller {
  return { principal: operatorOf(request), actor: actorOf(request), ip: request.ip };
}
