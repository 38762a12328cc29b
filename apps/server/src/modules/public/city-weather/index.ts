import { defineModule, type ModuleContext } from '../../../platform/module';
import { air } from '../../data/air';
import { upperAir } from '../../data/upper-air';
import { weather } from '../../data/weather';
import { cityWeatherRoutes } from './city-weather.routes';
import { CityWeatherService } from './city-weather.service';

/** The city weather calls: getWeather, getCityDayWeather, getMeteoAnaData, getAqiSurMeteoData, getHighMeteoData. */
export const cityWeather = defineModule({
  name: 'city-weather',
  tags: [{ name: 'weather', description: '城市天气：实况、预报、逐日统计、全国气象图层' }],
  create(context: ModuleContext<unknown, undefined>) {
    const { repository, observedDays } = context.use(weather);
    const service = new CityWeatherService(
      repository,
      observedDays,
      context.use(air).store,
      context.now,
      context.use(upperAir).soundings,
    );
    return { api: {}, routes: cityWeatherRoutes(service) };
  },
});
