import {
  aqiSurMeteoResponse,
  cityDayWeatherResponse,
  highMeteoResponse,
  meteoAnaResponse,
  weatherResponse,
} from '@lantian/contracts';
import { FORM } from '../../../platform/http/params';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { cityBody, dayWeatherBody, highMeteoBody, rangeBody, surfaceLayerBody } from './city-weather.schemas';
import type { CityWeatherService } from './city-weather.service';

/** POST /api calls of a city's weather (spec §7 "Public data"). */
export function cityWeatherRoutes(service: CityWeatherService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['weather'], access: 'public', signed: true, consumes: FORM });

    route.post(
      '/api/getWeather',
      {
        summary: '城市天气：最新实况（含数据时间，超过 3 小时标记 stale）、今天起 7 天逐日预报、未来 24 小时逐小时预报',
        body: cityBody,
        response: weatherResponse,
      },
      async ({ body }) => ok(await service.getWeather(body)),
    );

    route.post(
      '/api/getCityDayWeather',
      {
        summary: '城市逐日天气：今天以前为逐小时实况的日统计，今天起为预报；默认前后各 7 天，最长 31 天',
        body: dayWeatherBody,
        response: cityDayWeatherResponse,
      },
      async ({ body }) => ok(await service.getCityDayWeather(body)),
    );

    route.post(
      '/api/getMeteoAnaData',
      {
        summary: '气象与空气质量对比：逐小时天气实况与城市小时 AQI，最长 31 天',
        body: rangeBody,
        response: meteoAnaResponse,
      },
      async ({ body }) => ok(await service.getMeteoAnaData(body)),
    );

    route.post(
      '/api/getAqiSurMeteoData',
      {
        summary: '全国地面气象图层：某小时各城市的图层值与 AQI，附图例范围（isobar 为 Pa）；默认最新小时',
        body: surfaceLayerBody,
        response: aqiSurMeteoResponse,
      },
      async ({ body }) => ok(await service.getAqiSurMeteoData(body)),
    );

    route.post(
      '/api/getHighMeteoData',
      {
        summary:
          '高空（探空）气象数据：距城市 400 km 内最近且在 time（默认最新）及以前有探空的站点的廓线（IGRA v2 导入或【演示】）；没有时 stationCode 为 null、levels 为空',
        body: highMeteoBody,
        response: highMeteoResponse,
      },
      async ({ body }) => ok(await service.getHighMeteoData(body)),
    );
  };
}
