import { ResponseCache } from '../../../platform/http/response-cache';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { air, HOUR_INGESTED_CHANNEL } from '../../data/air';
import { stations } from '../../data/stations';
import { MapService } from './map.service';
import { siteRoutes } from './sites.routes';
import { SitesService } from './sites.service';

/** The station calls (current, detail) and the national map layer (getMapSiteData, GeoJSON). */
export const sites = defineModule({
  name: 'sites',
  tags: [{ name: 'sites', description: '监测站点与全国地图数据' }],
  async create(context: ModuleContext<unknown, undefined>) {
    const { store } = context.use(air);
    const register = context.use(stations).repository;
    const responses = new ResponseCache(context.config.responseCacheMs, { clockMs: () => context.now() * 1000 });
    await responses.listen(context.state, HOUR_INGESTED_CHANNEL);
    responses.clearOn((listener) => context.use(air).current.onChange(listener));
    return {
      api: {},
      routes: siteRoutes({
        sites: new SitesService(register, store, context.now),
        maps: new MapService(register, store, context.now),
        responses,
      }),
      close: () => responses.close(),
    };
  },
});
