import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's defaults plus a real Content-Security-Policy. Styles allow 'unsafe-inline' because
 * antd writes its CSS-in-JS into <style> tags at run time; scripts come only from our origin.
 */
export async function registerSecurityHeaders(app: FastifyInstance, production: boolean) {
  await app.register(fastifyHelmet, {
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
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS over plain-HTTP development would pin browsers to https://localhost.
    strictTransportSecurity: production,
  });
}
