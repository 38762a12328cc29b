import { ErrorCode, PERMISSIONS, PLATFORM_COOKIES } from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthenticated } from '../../../platform/errors';
import type { Access, AccessCheck } from '../../../platform/http/access';
import { readCookies, sessionCookieName } from '../../../platform/http/cookies';
import { isSafeMethod, requireSameOrigin } from '../../../platform/http/csrf';
import { sha256 } from '../../../platform/security/secrets';
import type { OperatorDirectory } from './directory.service';
import type { OperatorSessions } from './sessions.service';

/** The operator token a request carries: the console's cookie, or a header for other clients. */
export function presentedOperatorToken(
  request: FastifyRequest,
  secureCookies: boolean,
): { token: string; viaCookie: boolean } | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && /^Bearer\s+\S+$/i.test(authorization.trim())) {
    return { token: authorization.trim().split(/\s+/)[1] ?? '', viaCookie: false };
  }
  const header = request.headers['authentication-token'];
  if (typeof header === 'string' && header.trim() !== '') return { token: header.trim(), viaCookie: false };
  const cookie = readCookies(request).get(sessionCookieName(PLATFORM_COOKIES.token, secureCookies));
  return cookie === undefined || cookie === '' ? undefined : { token: cookie, viaCookie: true };
}

const permissionName = (code: string) => PERMISSIONS.find((p) => p.code === code)?.name ?? code;

/**
 * The `operator:<permission>` access rule. `operator:session` is any signed-in operator, even one
 * who must still change their password (sign-in state, profile, the change itself, sign-out);
 * `operator:self` any signed-in operator who has; anything else needs that permission. A refusal is
 * 401 (no session) or 403 (no permission) with a clear message, never data. Cookie-authenticated
 * writes must come from the console's own pages.
 */
export function operatorAccessCheck(
  sessions: OperatorSessions,
  directory: OperatorDirectory,
  secureCookies: boolean,
): AccessCheck {
  return async (request: FastifyRequest, access: Access) => {
    const presented = presentedOperatorToken(request, secureCookies);
    if (presented === undefined) throw unauthenticated('请先登录平台');
    const session = await sessions.resolve(presented.token);
    const facts = await directory.profileById(session.operator_id);
    if (facts === undefined || facts.operator.status !== 'active') {
      await sessions.end(session.token_hash);
      throw new AppError(ErrorCode.OPERATOR_DISABLED, '账号已停用，请联系管理员');
    }
    const needed = access.slice('operator:'.length);
    if (needed !== 'session' && facts.operator.must_change_password === 1) {
      throw new AppError(ErrorCode.PASSWORD_CHANGE_REQUIRED, '请先修改密码');
    }
    if (needed !== 'session' && needed !== 'self' && !facts.permissions.has(needed)) {
      throw forbidden(`没有权限：${permissionName(needed)}`);
    }
    const writes = !isSafeMethod(request.method) || request.routeOptions.config.writes === true;
    if (presented.viaCookie && writes) requireSameOrigin(request);
    request.principal = {
      kind: 'operator',
      id: facts.operator.id,
      username: facts.operator.username,
      scope: { areaCode: facts.operator.org_area },
      permissions: facts.permissions,
      session: { key: sha256(presented.token), viaCookie: presented.viaCookie },
    };
  };
}
