import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { RateLimitSettings, WindowLimit } from '../config';
import { rateLimited } from '../errors';
import { humanWait, RateLimiter } from '../security/rate-limits';
import type { SharedState } from '../state';
import { clientKey } from './client-address';

/**
 * Per-client request budgets for every API route, counted in the shared state (Redis when
 * configured, so every instance counts together) and refused with 429 + Retry-After in the
 * envelope. Counted in onRequest, after the access check and before the body is read or the
 * signature's nonce is spent, so a refused request costs no parsing and changes nothing.
 *
 * Which budget a route gets, unless it names its own (`config.rateLimit`):
 * - `operator:*` routes: the operator budget, per signed-in operator (a bureau's staff often share
 *   one office address, so counting per address would make colleagues throttle each other);
 * - `public` and `user` routes (the public site's calls, the platform's sign-in page): the public
 *   budget, per client address (IPv6 per /64, see client-address.ts);
 * - `openApi:*` routes: none here; the open API meters each application's own rate (modules/operator/open-api).
 * A route declares `rateLimit: false` when it must never be refused for volume (health probes) or
 * meters itself (device pushes), or a `{ name, max, windowMs }` of its own (getShortUrl, tighter).
 */
export interface RouteRateLimit extends WindowLimit {
  /** Names the counter: routes giving the same name share one budget. */
  name: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: false | RouteRateLimit;
  }
}

type Rule = RouteRateLimit & { by: 'address' | 'operator' };

export function rateLimitRule(route: Pick<RouteOptions, 'config'>, limits: RateLimitSettings): Rule | undefined {
  const own = route.config?.rateLimit;
  if (own === false) return undefined;
  if (own !== undefined) return { ...own, by: 'address' };
  const access = route.config?.access;
  if (access === undefined || access.startsWith('openApi:')) return undefined;
  if (access.startsWith('operator:')) return { name: 'operator', ...limits.operator, by: 'operator' };
  return { name: 'public', ...limits.public, by: 'address' };
}

/** Whom a request is counted against: the operator behind it, else its client address. */
function counted(request: FastifyRequest, by: Rule['by']): string {
  const principal = request.principal;
  if (by === 'operator' && principal?.kind === 'operator') return `op:${principal.id}`;
  return `ip:${clientKey(request.ip)}`;
}

/** Installs the budgets on every route registered after this call (see registerSignatureCheck). */
export function registerRateLimits(app: FastifyInstance, options: { state: SharedState; limits: RateLimitSettings }) {
  const limiter = new RateLimiter(options.state);
  app.addHook('onRoute', (route) => {
    const rule = rateLimitRule(route, options.limits);
    if (rule === undefined) return;
    const prefix = `rl:${rule.name}:`;
    // One counter per request: the limiter's single-limit path, without its list of limits.
    const hit: onRequestHookHandler = async (request) => {
      const { count, resetInMs } = await limiter.count(prefix + counted(request, rule.by), rule.windowMs);
      if (count > rule.max)
        throw rateLimited(resetInMs / 1000, `请求过于频繁，请 ${humanWait(resetInMs / 1000)}后再试`);
    };
    const own = route.onRequest;
    // A new array: Fastify builds the GET route's HEAD twin from the options as declared.
    route.onRequest = own === undefined ? [hit] : [...(Array.isArray(own) ? own : [own]), hit];
  });
}
