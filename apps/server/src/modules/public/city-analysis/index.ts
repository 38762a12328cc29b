import { defineModule, type ModuleContext } from '../../../platform/module';
import { air } from '../../data/air';
import { stations } from '../../data/stations';
import { weather } from '../../data/weather';
import { AreaAirService } from './area-air.service';
import { AreaWeatherService } from './area-weather.service';
import { cityAnalysisRoutes } from './city-analysis.routes';

/** /api/cityAna/*: area weather and air tables, calendars, forecast days. */
export const cityAnalysis = defineModule({
  name: 'city-analysis',
  tags: [{ name: 'city-analysis', description: '城市分析：天气与空气质量表、日历、预报' }],
  create(context: ModuleContext<unknown, undefined>) {
    const { store } = context.use(air);
    const { repository, observedDays } = context.use(weather);
    return {
      api: {},
      routes: cityAnalysisRoutes(
        new AreaAirService(store, context.use(stations).repository, context.now),
        new AreaWeatherService(repository, observedDays, store, context.now),
      ),
    };
  },
});
