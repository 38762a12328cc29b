import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import { type AppTables, MODULES } from './modules/registry';
import { type Clock, systemClock } from './platform/clock';
import type { Database } from './platform/db/database';
import { type AccessChecks, type RouteAccess, registerAccessControl } from './platform/http/access';
import { trustProxyOption } from './platform/http/client-address';
import { registerCompression } from './platform/http/compression';
import { registerApiDocs } from './platform/http/docs';
import { apiNotFound, errorHandler, registerErrorHandling } from './platform/http/error-handler';
import { registerRateLimits } from './platform/http/rate-limit';
import { registerSecurityHeaders } from './platform/http/security';
import { registerSignatureCheck } from './platform/http/signature';
import { registerStaticApps } from './platform/http/static-apps';
import { validatorCompilerGuarded } from './platform/http/validation';
import { loggerOptions, requestId } from './platform/logging';
import { createModules, type ModuleLike, tagsOf } from './platform/module';
import type { SharedState } from './platform/state';
import { registerMultipart } from './platform/uploads/multipart';
import { VERSION } from './version';

// Zod's own messages in Chinese: validation errors reach people through the envelope's msg.
z.config(z.locales.zhCN());

export interface AppDeps {
  config: Config;
  database: Database<AppTables>;
  state: SharedState;
  /** Access checks that replace the modules' own (tests of the access layer). */
  access?: AccessChecks;
  /** The clock of the data calls, in epoch seconds (tests fix it). */
  now?: Clock;
}

export interface App {
  server: FastifyInstance;
  /** Every route with its declared access (for the test that no route lacks one). */
  routes(): RouteAccess[];
  /** Starts the modules' background work (demo hours, start records): the server process only. */
  start(): Promise<void>;
  /** A module's interface in this application (tests and the CLI drive modules through it). */
  use<Api>(module: ModuleLike<Api>): Api;
}

/**
 * Paths that belong to the API never fall back to a web page: /api and /anon (the public site), and
 * every first path segment a module serves (the platform's /zhhb, /sys, /portal, /adm …), so that a
 * mistyped platform call is a JSON 404, not the web app's page.
 */
export function apiPathTest(routeUrls: readonly string[]): (pathname: string) => boolean {
  const prefixes = new Set(['api', 'anon']);
  for (const url of routeUrls) {
    const first = url.split('/')[1];
    if (first !== undefined && /^[A-Za-z][\w-]*$/.test(first) && first !== 'platform') prefixes.add(first);
  }
  return (pathname) => prefixes.has(pathname.split('/')[1] ?? '');
}

/**
 * Builds the HTTP application from the module list (modules/registry.ts) without listening, so
 * tests can drive it with `inject`. Modules are created in registry order, their routes registered
 * each in a scope of its own; on close they are stopped in reverse order.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const timeouts = config.httpTimeouts;
  const server = Fastify({
    logger: loggerOptions(config.logLevel),
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // Finish in-flight requests on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    // Per-IP limits (accounts) need the client's address, not a reverse proxy's (TRUST_PROXY).
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    // A malformed or overlong URL is refused by the router before any route runs: the envelope too.
    frameworkErrors: errorHandler,
    // A client that dribbles its headers or body (slowloris) loses the socket at these bounds.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // Node looks for overdue requests only this often (30 s by default, which would stretch every bound above).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(timeouts.headersMs / 4))),
    },
  }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompilerGuarded);
  server.setSerializerCompiler(serializerCompiler);

  const { list: modules, use } = await createModules(MODULES, {
    database: deps.database,
    state: deps.state,
    config,
    now: deps.now ?? systemClock,
    log: server.log,
  });
  server.addHook('onClose', async () => {
    for (const module of [...modules].reverse()) await module.parts.close?.();
  });

  // Each kind of caller is checked by the module that knows it (accounts: `user`); tests may replace them.
  const checks: AccessChecks = {};
  for (const { parts } of modules) Object.assign(checks, parts.access);
  const routes = registerAccessControl(server, Object.assign(checks, deps.access));
  registerErrorHandling(server);
  // Once closing has begun, answers to in-flight requests also close their keep-alive socket;
  // otherwise an idle client connection would hold shutdown open until its timeout.
  let closing = false;
  server.addHook('preClose', async () => {
    closing = true;
  });
  server.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  registerSecurityHeaders(server, config.nodeEnv === 'production');
  await registerCompression(server);
  await server.register(formbody);
  // Multipart bodies are left unread until a handler reads them under its own limits (platform/uploads).
  await registerMultipart(server);
  await registerApiDocs(server, VERSION, tagsOf(MODULES));
  // Public-site calls (routes declared `signed`) carry the spec's signature unless PUBLIC_API_SIGNATURE=off.
  registerSignatureCheck(
    server,
    config.publicApiSignature === 'on' ? { key: config.publicApiKey, state: deps.state } : undefined,
  );

  // Every route registered from here on gets its request budget (platform/http/rate-limit.ts).
  registerRateLimits(server, { state: deps.state, limits: config.rateLimits });

  for (const { parts } of modules) {
    const register = parts.routes;
    if (register !== undefined) await server.register(async (scope) => register(scope));
  }
  // Taken before the static apps register theirs ('/', '/platform/*').
  const isApiPath = apiPathTest(routes().map((r) => r.url));

  const staticApps = await registerStaticApps(
    server,
    { web: config.webDistDir, console: config.consoleDistDir },
    { apiKey: config.publicApiKey, ...config.web },
    modules.flatMap(({ parts }) => (parts.firstData === undefined ? [] : [parts.firstData])),
    modules.flatMap(({ parts }) => (parts.pageHead === undefined ? [] : [parts.pageHead])),
  );
  server.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (!isApiPath(pathname) || staticApps.isPageRoute(pathname));
    if (isPage && staticApps.serveFallback(pathname, reply, `${request.protocol}://${request.host}`)) return reply;
    return apiNotFound(reply);
  });

  return {
    server,
    routes,
    start: async () => {
      for (const { parts } of modules) await parts.start?.();
    },
    use,
  };
}
