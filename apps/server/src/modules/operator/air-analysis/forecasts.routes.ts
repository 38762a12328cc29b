import {
  aqiMapUrlResponse,
  areaForecastQuery,
  areaForecastTextResponse,
  areaLevelResponse,
  areaWeatherForecastResponse,
  cityWeatherForecastQuery,
  cityWeatherForecastResponse,
  forecastImgParams,
  forecastImgsResponse,
  futureAreaQuery,
  futureCityQuery,
  futureCityResponse,
} from '@lantian/contracts';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { FORECAST_IMG_PATH, type ForecastsService } from './forecasts.service';

const SCOPE = '限本人所辖区域：地区或城市超出辖区 403 AREA_OUT_OF_SCOPE，未知代码 404。';

/**
 * The forecast calls (permission forecast:view): city weather forecasts, the AQI level forecasts of
 * an area with its bulletin and level maps, and the future data of /bigdata/home and /zhhb/center;
 * getAqiMapUrl (analysis:view) says where the operator's area map is.
 */
export function forecastRoutes(forecasts: ForecastsService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['forecasts'], access: 'operator:forecast:view', signed: false });
    const scope = (request: Parameters<typeof operatorOf>[0]) => operatorOf(request).scope;

    route.get(
      '/bigdata/home/getFutureCityData',
      {
        summary: '城市空气质量预报（今天起，AQI 范围、级别、首要污染物）',
        description: SCOPE,
        query: futureCityQuery,
        response: futureCityResponse,
      },
      async (request) => ok(await forecasts.cityAir(request.query, scope(request))),
    );
    route.get(
      '/fore/weatherForecast/getCityForecast',
      {
        summary: '城市天气预报：逐日（今天起）与未来 24 小时逐时',
        description: SCOPE,
        query: cityWeatherForecastQuery,
        response: cityWeatherForecastResponse,
      },
      async (request) => ok(await forecasts.cityWeather(request.query, scope(request))),
    );
    for (const path of ['/fore/weatherForecast/getAreaForecast', '/zhhb/center/getFutureWeatherData']) {
      route.get(
        path,
        {
          summary: '地区内各城市的逐日天气预报（默认 3 天，至多 7 天）',
          description: SCOPE,
          query: areaForecastQuery,
          response: areaWeatherForecastResponse,
        },
        async (request) => ok(await forecasts.areaWeather(request.query, scope(request))),
      );
    }
    for (const path of ['/threePartyForecast/getAreaLevel', '/zhhb/center/getFutureCityData']) {
      route.get(
        path,
        {
          summary: '地区内各城市的空气质量级别预报（默认 3 天，至多 7 天；dataSource 可只取一种来源）',
          description: SCOPE,
          query: futureAreaQuery,
          response: areaLevelResponse,
        },
        async (request) => ok(await forecasts.areaLevel(request.query, scope(request))),
      );
    }
    route.get(
      '/threePartyForecast/getVoAreaForecastText',
      {
        summary: '区域空气质量预报文字：由各城市级别预报按日生成（各级别城市数、可能污染的城市与首要污染物、趋势）',
        description: SCOPE,
        query: futureAreaQuery,
        response: areaForecastTextResponse,
      },
      async (request) => ok(await forecasts.areaText(request.query, scope(request))),
    );
    route.get(
      '/threePartyForecast/forecastImgs',
      {
        summary: '区域级别预报图列表（每个有预报的日子一张）',
        description: SCOPE,
        query: futureAreaQuery,
        response: forecastImgsResponse,
      },
      async (request) => ok(await forecasts.images(request.query, scope(request))),
    );
    route.get(
      `${FORECAST_IMG_PATH}/:name`,
      {
        summary: '区域级别预报图（PNG）：各城市位置按预报级别着色',
        description: `${SCOPE}名称见 forecastImgs；格式错误 400。`,
        params: forecastImgParams,
      },
      async (request, reply) => {
        const png = await forecasts.image(request.params.name, scope(request));
        return reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=300').send(png);
      },
    );
    route.get(
      '/zhhb/center/getAqiMapUrl',
      {
        summary: '本人辖区的空气质量地图：控制台地图页、离线轮廓 GeoJSON 与中心点',
        access: 'operator:analysis:view',
        response: aqiMapUrlResponse,
      },
      async (request) => ok(forecasts.aqiMapUrl(scope(request))),
    );
  };
}
