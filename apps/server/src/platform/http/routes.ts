import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access } from './access';
import type { RouteRateLimit } from './rate-limit';

/**
 * Declaring a route: its path, its access, its schemas and one service call. Everything else a
 * route needs (OpenAPI tags, the access and signature flags Fastify's hooks read, the `{ code, msg,
 * data }` envelope) comes from here, so that a module's routes file reads as a list of calls.
 *
 *   const route = routesOf(app, { tags: ['short-urls'], access: 'public', signed: true });
 *   route.post('/api/getShortUrl', { summary: '生成站内短链接', body: shortUrlBody, response: shortUrlResponse },
 *     async ({ body }) => ok(await service.shorten(body.url)));
 */

/** The Fastify instance modules register on: zod schemas validate input and serialize output. */
export type ApiApp = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A call of the public site: it must carry the spec's nonce/timestamp/sign (platform/http/signature.ts).
     * Browsers following links (short links, map files) and machines (health checks) cannot sign.
     */
    signed?: boolean;
    /**
     * A GET that changes something (the spec gives some platform writes as GETs): a cookie-
     * authenticated caller must come from the site's own pages, as for any POST.
     */
    writes?: boolean;
  }
}

/** The success envelope. */
export const ok = <T>(data: T, msg = '成功') => ({ code: 0 as const, msg, data });

export interface RouteDefaults {
  /** OpenAPI tags of every route declared through this builder. */
  tags: readonly string[];
  access: Access;
  /** Whether the routes are public-site calls that must be signed. */
  signed: boolean;
  /** Request content types shown in the docs (the public calls are form-encoded). */
  consumes?: readonly string[];
}

type Schema = z.ZodType | undefined;

export interface RouteSpec<Body extends Schema, Query extends Schema, Params extends Schema, Response extends Schema>
  extends Partial<RouteDefaults> {
  summary: string;
  description?: string;
  /** A GET that changes something (see FastifyContextConfig.writes). */
  writes?: boolean;
  /** The route's own request budget, or false for none (see http/rate-limit.ts; default: its group's). */
  rateLimit?: false | RouteRateLimit;
  body?: Body;
  query?: Query;
  params?: Params;
  /** The 200 answer. */
  response?: Response;
}

/** The schema object Fastify sees; its type lets the zod type provider type the handler's request and answer. */
interface RouteSchema<Body extends Schema, Query extends Schema, Params extends Schema, Response extends Schema> {
  tags: string[];
  summary: string;
  description: string | undefined;
  consumes: string[] | undefined;
  body: Body;
  querystring: Query;
  params: Params;
  response: Response extends z.ZodType ? { 200: Response } : undefined;
}

export type RouteHandler<
  Body extends Schema,
  Query extends Schema,
  Params extends Schema,
  Response extends Schema,
> = RouteHandlerMethod<
  Server,
  IncomingMessage,
  ServerResponse,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<Body, Query, Params, Response>,
  ZodTypeProvider
>;

type Declare = <
  Body extends Schema = undefined,
  Query extends Schema = undefined,
  Params extends Schema = undefined,
  Response extends Schema = undefined,
>(
  url: string,
  spec: RouteSpec<Body, Query, Params, Response>,
  handler: RouteHandler<Body, Query, Params, Response>,
) => void;

export interface RouteBuilder {
  get: Declare;
  post: Declare;
}

/**
 * The schema object of a route with only the parts it has: Fastify warns about every part present
 * but undefined. Each generic is inferred from its part, so a part is absent exactly when its type is
 * undefined; the assertion only says so to the type provider, which types the handler from the parts.
 */
function schemaOf<Body extends Schema, Query extends Schema, Params extends Schema, Response extends Schema>(
  spec: RouteSpec<Body, Query, Params, Response>,
  tags: readonly string[],
  consumes: readonly string[] | undefined,
): RouteSchema<Body, Query, Params, Response> {
  const schema: Partial<RouteSchema<Body, Query, Params, Response>> = { tags: [...tags], summary: spec.summary };
  if (spec.description !== undefined) schema.description = spec.description;
  if (consumes !== undefined) schema.consumes = [...consumes];
  if (spec.body !== undefined) schema.body = spec.body;
  if (spec.query !== undefined) schema.querystring = spec.query;
  if (spec.params !== undefined) schema.params = spec.params;
  if (spec.response !== undefined)
    schema.response = { 200: spec.response } as RouteSchema<Body, Query, Params, Response>['response'];
  return schema as RouteSchema<Body, Query, Params, Response>;
}

/** A route builder on `app` with defaults for the routes it declares (a spec may override each). */
export function routesOf(app: ApiApp, defaults: RouteDefaults): RouteBuilder {
  function declare<Body extends Schema, Query extends Schema, Params extends Schema, Response extends Schema>(
    method: 'GET' | 'POST',
    url: string,
    spec: RouteSpec<Body, Query, Params, Response>,
    handler: RouteHandler<Body, Query, Params, Response>,
  ): void {
    app.route<RouteGenericInterface, ContextConfigDefault, RouteSchema<Body, Query, Params, Response>>({
      method,
      url,
      config: {
        api: true,
        access: spec.access ?? defaults.access,
        signed: spec.signed ?? defaults.signed,
        writes: spec.writes ?? method !== 'GET',
        ...(spec.rateLimit === undefined ? {} : { rateLimit: spec.rateLimit }),
      },
      schema: schemaOf(spec, spec.tags ?? defaults.tags, spec.consumes ?? defaults.consumes),
      handler,
    });
  }
  return {
    get: (url, spec, handler) => declare('GET', url, spec, handler),
    post: (url, spec, handler) => declare('POST', url, spec, handler),
  };
}
