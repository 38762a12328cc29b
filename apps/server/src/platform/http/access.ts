import type { FastifyInstance, FastifyRequest, FastifySchema, onRequestHookHandler, RouteOptions } from 'fastify';
import { unauthenticated } from '../errors';

/**
 * Every route declares who may call it (GUIDE.md §3):
 * - `public`: anyone;
 * - `user`: a logged-in visitor;
 * - `operator:<permission>`: bureau staff holding that permission (`operator:session` and
 *   `operator:self`: any signed-in operator — see modules/operator/operators);
 * - `openApi:<api>`: a third party whose open-API token allows that API (`openApi:self`: any
 *   registered application, for its own facts — see modules/operator/open-api).
 * A route without a declaration stops the server at start-up.
 */
export type Access = 'public' | 'user' | `openApi:${string}` | `operator:${string}`;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Checks a request against a non-public access rule; throws an AppError to refuse it. */
export type AccessCheck = (request: FastifyRequest, access: Access) => Promise<void>;

export interface AccessChecks {
  user?: AccessCheck;
  operator?: AccessCheck;
  openApi?: AccessCheck;
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
  /** A public-site call that must carry the spec's signature (platform/http/signature.ts). */
  signed: boolean;
  /** The route's schemas as declared (the route fuzz in src/fuzz builds its requests from them). */
  schema: FastifySchema | undefined;
}

function checkFor(access: Access, checks: AccessChecks): AccessCheck | undefined {
  if (access === 'user') return checks.user;
  if (access.startsWith('openApi:')) return checks.openApi;
  return checks.operator;
}

/**
 * Installs the access rule. Until the module that knows a kind of caller registers its check
 * (accounts for `user`, the platform for `operator`, the open API for `openApi`), such routes
 * refuse every request: closed by default, never open by omission.
 */
export function registerAccessControl(app: FastifyInstance, checks: AccessChecks): () => RouteAccess[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  const list = () =>
    routes.flatMap((r) =>
      (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({
        method,
        url: r.url,
        access: r.config?.access,
        signed: r.config?.signed === true,
        schema: r.schema,
      })),
    );

  app.addHook('onReady', async () => {
    const missing = list().filter((r) => r.access === undefined);
    if (missing.length > 0) {
      throw new Error(`routes without an access declaration: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    }
  });

  // Installed on the routes that need it (every kind but `public`) rather than globally, so that
  // a public call does not pay for a check it skips; first among the route's onRequest hooks, so
  // that what follows (request budgets per operator) knows the caller.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined || access === 'public') return;
    const check: onRequestHookHandler = async (request, reply) => {
      // An answer for one caller is never kept by a shared cache (nor by the browser, after sign-out);
      // a module's own stricter rule, set by its scope's hooks, stands.
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
      const run = checkFor(access, checks);
      if (run === undefined) throw unauthenticated();
      await run(request, access);
    };
    const own = route.onRequest;
    route.onRequest = own === undefined ? [check] : [check, ...(Array.isArray(own) ? own : [own])];
  });

  return list;
}

/**
 * For routes that plugins register (static files, API docs), which cannot carry our config:
 * everything registered inside `scope` after this call is public.
 */
export function markRoutesPublic(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    // Files (pages, scripts, docs) are not API calls: a page load fetches dozens, none counted.
    route.config = { ...route.config, access: 'public', rateLimit: false };
  });
}
