import { ACCOUNT_COOKIES, ACCOUNT_HEADERS, ErrorCode } from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, unauthenticated } from '../../../platform/errors';
import type { AccessCheck } from '../../../platform/http/access';
import { isSafeMethod, requireSameOrigin } from '../../../platform/http/csrf';
import { readCookies, sessionCookieName } from './cookies';
import type { ActiveSession, SessionService } from './sessions.service';

/** Where a request's token came from: a header (non-browser clients) or the cookie (browsers). */
export type TokenSource = 'header' | 'cookie';

export interface PresentedToken {
  token: string;
  source: TokenSource;
}

/**
 * The token a request presents: the Authentication-Token header first, then the cookie (named
 * `__Host-Authentication-Token` when cookies are Secure).
 */
export function presentedToken(request: FastifyRequest, secure: boolean): PresentedToken | undefined {
  const header = request.headers[ACCOUNT_HEADERS.token];
  if (typeof header === 'string' && header.trim() !== '') return { token: header.trim(), source: 'header' };
  const cookie = readCookies(request).get(sessionCookieName(ACCOUNT_COOKIES.token, secure));
  if (cookie !== undefined && cookie !== '') return { token: cookie, source: 'cookie' };
  return undefined;
}

export interface AuthenticatedRequest {
  session: ActiveSession;
  source: TokenSource;
}

const authenticated = new WeakMap<FastifyRequest, AuthenticatedRequest>();

/** The session of a request that passed the `user` access check. */
export function authOf(request: FastifyRequest): AuthenticatedRequest {
  const auth = authenticated.get(request);
  if (auth === undefined) throw unauthenticated();
  return auth;
}

/**
 * The `user` access rule (platform/http/access.ts): a live session from the header or the cookie;
 * a cookie-authenticated write must also come from the site's own pages (csrf.ts).
 */
export function userAccessCheck(sessions: SessionService, secureCookies: boolean): AccessCheck {
  return async (request) => {
    const presented = presentedToken(request, secureCookies);
    if (presented === undefined) throw unauthenticated();
    const session = await sessions.resolve(presented.token);
    if (session === undefined) throw new AppError(ErrorCode.SESSION_EXPIRED, '登录已失效，请重新登录');
    if (presented.source === 'cookie' && !isSafeMethod(request.method)) requireSameOrigin(request);
    authenticated.set(request, { session, source: presented.source });
  };
}
