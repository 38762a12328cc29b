import { ResponseCache } from '../../../platform/http/response-cache';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { air, HOUR_INGESTED_CHANNEL } from '../../data/air';
import { stations } from '../../data/stations';
import { weather } from '../../data/weather';
import { AreaAirService } from './area-air.service';
import { AreaWeatherService } from './area-weather.service';
import { cityAnalysisRoutes } from './city-analysis.routes';

/** /api/cityAna/*: area weather and air tables, calendars, forecast days. */
export const cityAnalysis = defineModule({
  name: 'city-analysis',
  tags: [{ name: 'city-analysis', description: '城市分析：天气与空气质量表、日历、预报' }],
  async create(context: ModuleContext<unknown, undefined>) {
    const { store, current } = context.use(air);
    const responses = new ResponseCache(context.config.responseCacheMs, { clockMs: () => context.now() * 1000 });
    await responses.listen(context.state, HOUR_INGESTED_CHANNEL);
    responses.clearOn((listener) => current.onChange(listener));
    const { repository, observedDays } = context.use(weather);
    return {
      api: {},
      routes: cityAnalysisRoutes(
        new AreaAirService(store, context.use(stations).repository, context.now),
        new AreaWeatherService(repository, observedDays, store, context.now),
        responses,
      ),
      close: () => responses.close(),
    };
  },
});
