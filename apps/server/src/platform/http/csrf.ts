import { ErrorCode } from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * CSRF protection by request origin (OWASP "Fetch Metadata" plus "verifying origin with standard
 * headers"), which needs nothing from the page:
 * - `Sec-Fetch-Site` (every current browser sends it): only `same-origin` is the site itself;
 * - without it, `Origin`, then `Referer`, must name this host;
 * - with none of them the caller is not a browser page (curl, an app): `unknown`.
 * The token cookie is also SameSite=Lax, so cross-site sub-requests do not carry it at all.
 */
export type RequestOrigin = 'same' | 'cross' | 'unknown';

/** Host and port, without the default ports (a TLS-terminating proxy may forward either form). */
const normalHost = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '');

function hostOf(url: string): string | undefined {
  return URL.canParse(url) ? normalHost(new URL(url).host) : undefined;
}

export function requestOrigin(request: FastifyRequest): RequestOrigin {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== '') return site === 'same-origin' ? 'same' : 'cross';
  const own = normalHost(request.host);
  for (const name of ['origin', 'referer'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string' && value !== '') return hostOf(value) === own ? 'same' : 'cross';
  }
  return 'unknown';
}

const rejected = () => new AppError(ErrorCode.CSRF_REJECTED, '请求来源校验失败，请刷新页面后重试');

/** A write authenticated by the cookie must prove it comes from the site's own pages. */
export function requireSameOrigin(request: FastifyRequest) {
  if (requestOrigin(request) !== 'same') throw rejected();
}

/** Any account write: a browser request from another site is refused (login CSRF and the like). */
export function refuseCrossSite(request: FastifyRequest) {
  if (requestOrigin(request) === 'cross') throw rejected();
}

export function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}
