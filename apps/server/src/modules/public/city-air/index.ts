import { ResponseCache } from '../../../platform/http/response-cache';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { air, HOUR_INGESTED_CHANNEL } from '../../data/air';
import { weather } from '../../data/weather';
import { cityAirRoutes, cityCurrentFirstData } from './city-air.routes';
import { CityCurrentService } from './city-current.service';
import { CityForecastService } from './city-forecast.service';
import { CitySeriesService } from './city-series.service';

/**
 * The city air calls: current hour (from the air module's in-memory snapshot, with ETags), hours,
 * days, months and years, air-quality forecasts and the followed-city cards.
 */
export const cityAir = defineModule({
  name: 'city-air',
  tags: [{ name: 'city-air', description: '城市空气质量：当前、逐小时、逐日、月、年、预报、关注城市' }],
  async create(context: ModuleContext<unknown, undefined>) {
    const { store, current } = context.use(air);
    const weatherRows = context.use(weather).repository;
    const responses = new ResponseCache(context.config.responseCacheMs, { clockMs: () => context.now() * 1000 });
    await responses.listen(context.state, HOUR_INGESTED_CHANNEL);
    responses.clearOn((listener) => context.use(air).current.onChange(listener));
    const cityCurrent = new CityCurrentService(current, weatherRows, context.now);
    return {
      api: {},
      routes: cityAirRoutes({
        current: cityCurrent,
        series: new CitySeriesService(store, context.now),
        forecast: new CityForecastService(store, weatherRows, context.now),
        responses,
      }),
      firstData: cityCurrentFirstData({ current: cityCurrent, responses }),
      close: () => responses.close(),
    };
  },
});
