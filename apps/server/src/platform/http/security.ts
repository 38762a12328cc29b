import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's defaults plus a real Content-Security-Policy. Styles allow 'unsafe-inline' because
 * antd writes its CSS-in-JS into <style> tags at run time; scripts come only from our origin.
 */
function helmetOptions(production: boolean): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        // The image analysis previews the MP4 it just made from an object URL.
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS over plain-HTTP development would pin browsers to https://localhost.
    strictTransportSecurity: production,
  };
}

/**
 * The headers helmet sets with these options, computed once: they depend on nothing in the request,
 * and running helmet's middleware per request (re-dashing header names, re-joining the policy) cost
 * more than the rest of a cached answer (docs/PERFORMANCE.md).
 */
export function securityHeaders(production: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // Helmet's middleware reads nothing from the request and calls back synchronously.
  helmet(helmetOptions(production))(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    collector as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure !== undefined) throw failure;
  return Object.freeze(headers);
}

/**
 * The headers of an API answer (JSON, never rendered as a page), after OWASP's REST Security cheat
 * sheet: no content may load or frame it, no sniffing, HTTPS only. Helmet's other headers
 * (prefetch, download and cross-domain policies, agent clusters, opener policy) govern documents;
 * each header costs every answer its share of the server's time, which for the hour's prepared
 * answers is most of the time there is (docs/PERFORMANCE.md).
 */
export function apiSecurityHeaders(production: boolean): Readonly<Record<string, string>> {
  const page = securityHeaders(production);
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
  };
  const hsts = page['strict-transport-security'];
  if (hsts !== undefined) headers['strict-transport-security'] = hsts;
  return Object.freeze(headers);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An API call (declared with routesOf): JSON answers get the API's security headers, not a page's. */
    api?: boolean;
  }
}

/**
 * Every answer carries security headers and its request id: API calls the API set, everything else
 * (pages, files, the docs, answers of no route) helmet's full set.
 */
export function registerSecurityHeaders(app: FastifyInstance, production: boolean) {
  const page = securityHeaders(production);
  const api = apiSecurityHeaders(production);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.api === true ? api : page);
    reply.header('x-request-id', request.id);
    done();
  });
}
