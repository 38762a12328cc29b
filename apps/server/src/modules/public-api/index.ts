import type { FastifyPluginAsync } from 'fastify';
import { alarmRoutes } from '../alarms';
import { cityAirRoutes } from '../city-air';
import { cityAnalysisRoutes } from '../city-analysis';
import { commonRoutes } from '../common';
import { rankingRoutes } from '../rankings';
import { shortUrlRoutes } from '../short-urls';
import { siteRoutes } from '../sites';
import { weatherRoutes } from '../weather';
import type { PublicDataDeps } from './deps';
import { ResponseCache } from './response-cache';

export type { PublicDataDeps } from './deps';

/** Every public data call of spec §7 (POST /api, POST /api/cityAna, GET /api, GET /api/common). */
export const publicDataRoutes: FastifyPluginAsync<
  Omit<PublicDataDeps, 'responses'> & { responseCacheMs: number }
> = async (app, { responseCacheMs, ...rest }) => {
  const responses = new ResponseCache(responseCacheMs);
  await responses.listen(rest.state);
  app.addHook('onClose', () => responses.close());
  const deps: PublicDataDeps = { ...rest, responses };
  await app.register(cityAirRoutes, deps);
  await app.register(rankingRoutes, deps);
  await app.register(siteRoutes, deps);
  await app.register(weatherRoutes, deps);
  await app.register(cityAnalysisRoutes, deps);
  await app.register(alarmRoutes, deps);
  await app.register(shortUrlRoutes, deps);
  await app.register(commonRoutes, deps);
};
