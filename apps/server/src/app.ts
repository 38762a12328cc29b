import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import { createAccounts } from './modules/accounts';
import { mapFileRoutes } from './modules/maps';
import { publicDataRoutes } from './modules/public-api';
import { ReferenceService, referenceRoutes } from './modules/reference';
import { shortUrlRedirectRoutes } from './modules/short-urls';
import { StationsRepository } from './modules/stations';
import { SystemService, systemRoutes } from './modules/system';
import type { Database } from './platform/db/database';
import { type AccessChecks, type RouteAccess, registerAccessControl } from './platform/http/access';
import { registerCompression } from './platform/http/compression';
import { registerApiDocs } from './platform/http/docs';
import { apiNotFound, registerErrorHandling } from './platform/http/error-handler';
import { registerSecurityHeaders } from './platform/http/security';
import { requireSignature } from './platform/http/signature';
import { registerStaticApps } from './platform/http/static-apps';
import { loggerOptions, requestId } from './platform/logging';
import type { SharedState } from './platform/state';
import { VERSION } from './version';

// Zod's own messages in Chinese: validation errors reach people through the envelope's msg.
z.config(z.locales.zhCN());

export interface AppDeps {
  config: Config;
  database: Database;
  state: SharedState;
  access?: AccessChecks;
  /** The clock of the data calls, in epoch seconds (tests fix it). */
  now?: () => number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface App {
  server: FastifyInstance;
  /** Every route with its declared access (for the test that no route lacks one). */
  routes(): RouteAccess[];
}

/** Paths that belong to the API: they never fall back to a web page. */
export function isApiPath(pathname: string): boolean {
  return /^\/(api|anon)(\/|$)/.test(pathname);
}

/** Builds the HTTP application without listening, so tests can drive it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const server = Fastify({
    logger: loggerOptions(config.logLevel),
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // Finish in-flight requests on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    // Per-IP limits (accounts) need the client's address, not a reverse proxy's (TRUST_PROXY).
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);

  const accounts = createAccounts({ config, database: deps.database, state: deps.state, log: server.log });
  const routes = registerAccessControl(server, { user: accounts.userCheck, ...deps.access });
  registerErrorHandling(server);
  // Once closing has begun, answers to in-flight requests also close their keep-alive socket;
  // otherwise an idle client connection would hold shutdown open until its timeout.
  let closing = false;
  server.addHook('preClose', async () => {
    closing = true;
  });
  server.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  await registerSecurityHeaders(server, config.nodeEnv === 'production');
  await registerCompression(server);
  await server.register(formbody);
  await registerApiDocs(server, VERSION);

  await server.register(systemRoutes, { service: new SystemService(deps.database, deps.state) });

  // The public site's calls: signed (spec §7) unless PUBLIC_API_SIGNATURE=off.
  await server.register(async (publicSite) => {
    requireSignature(
      publicSite,
      config.publicApiSignature === 'on' ? { key: config.publicApiKey, state: deps.state } : undefined,
    );
    const stations = new StationsRepository(deps.database);
    await publicSite.register(referenceRoutes, { service: new ReferenceService(stations) });
    // Account calls are public-site calls too (spec §7 "Common rules"): signed like the rest.
    await publicSite.register(accounts.routes);
    await publicSite.register(publicDataRoutes, {
      responseCacheMs: config.responseCacheMs,
      database: deps.database,
      state: deps.state,
      now: deps.now ?? nowSeconds,
    });
  });

  // Short links are opened by browsers, which cannot sign: outside the signed scope.
  await server.register(shortUrlRedirectRoutes, { database: deps.database, now: deps.now ?? nowSeconds });
  // Map outlines are plain files fetched by browsers (cacheable, not signed).
  await server.register(mapFileRoutes, {});

  const staticApps = await registerStaticApps(
    server,
    { web: config.webDistDir, console: config.consoleDistDir },
    { apiKey: config.publicApiKey, ...config.web },
  );
  server.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname);
    if (isPage && staticApps.serveFallback(pathname, reply)) return reply;
    return apiNotFound(reply);
  });

  return { server, routes };
}
