import { ResponseCache } from '../../../platform/http/response-cache';
import { defineModule } from '../../../platform/module';
import { air, HOUR_INGESTED_CHANNEL } from '../../data/air';
import { maps } from '../../data/maps';
import { stations } from '../../data/stations';
import { weather } from '../../data/weather';
import { analysisRoutes } from './air-analysis.routes';
import { CityAnalysisService } from './city-analysis.service';
import { forecastRoutes } from './forecasts.routes';
import { ForecastsService } from './forecasts.service';
import { SiteAnalysisService } from './site-analysis.service';

/**
 * 空气质量分析 (docs/AIR-ANALYSIS.md): the operator platform's analysis and forecast calls over the
 * national and local air data and the city weather already held. It owns no tables: it reads the air,
 * weather and station modules through their apis, whose area-scoped reads apply the operator's area
 * and the asked area in SQL.
 */
export const airAnalysis = defineModule({
  name: 'airAnalysis',
  tags: [
    {
      name: 'air-analysis',
      description: '运营平台：空气质量分析（城市与站点数据、同期对比、区域均值、达标评价、插值）',
    },
    { name: 'forecasts', description: '运营平台：空气质量与天气预报（城市预报、区域级别预报、预报文字与预报图）' },
  ],
  async create(context) {
    const store = context.use(air).store;
    // The region answers read a year of every city's days: built once per hour and area, dropped when
    // a new hour is stored (by any instance) or the clock passes the hour, as the public answers are.
    const answers = new ResponseCache(context.config.responseCacheMs, {
      clockMs: () => context.now() * 1000,
      maxEntries: 512,
    });
    await answers.listen(context.state, HOUR_INGESTED_CHANNEL);
    answers.clearOn((listener) => context.use(air).current.onChange(listener));
    const { now } = context;
    const cities = new CityAnalysisService(store, now);
    const sites = new SiteAnalysisService(store, context.use(stations).repository, now);
    const forecasts = new ForecastsService(store, context.use(weather).repository, now, context.use(maps).shapes);
    return {
      api: {},
      routes: (app) => {
        analysisRoutes(cities, sites, answers)(app);
        forecastRoutes(forecasts)(app);
      },
      close: () => answers.close(),
    };
  },
});
