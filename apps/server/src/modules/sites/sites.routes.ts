import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PublicDataDeps } from '../public-api/deps';

export const siteRoutes: FastifyPluginAsyncZod<PublicDataDeps> = async (_app, _deps) => {};
