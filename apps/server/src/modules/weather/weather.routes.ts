import {
  aqiSurMeteoResponse,
  cityDayWeatherResponse,
  highMeteoResponse,
  meteoAnaResponse,
  weatherLayer,
  weatherResponse,
} from '@lantian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AirRepository } from '../air';
import type { PublicDataDeps } from '../public-api/deps';
import { cityParam, optionalField, timeParam } from '../public-api/params';
import { ok } from '../public-api/presenters';
import { WeatherRepository } from './weather.repository';
import { WeatherService } from './weather.service';

const city = z.object({ city: cityParam });
const range = city.extend({
  startTime: timeParam.describe('开始时间（北京时间）'),
  endTime: timeParam.describe('结束时间（北京时间），距开始不超过 31 天'),
});

const tags = ['weather'];
const access = 'public' as const;
const consumes = ['application/x-www-form-urlencoded'];

export const weatherRoutes: FastifyPluginAsyncZod<PublicDataDeps> = async (app, deps) => {
  const service = new WeatherService(new WeatherRepository(deps.database), new AirRepository(deps.database), deps.now);

  app.post(
    '/api/getWeather',
    {
      config: { access },
      schema: {
        tags,
        summary: '城市天气：最新实况（含数据时间，超过 3 小时标记 stale）、今天起 7 天逐日预报、未来 24 小时逐小时预报',
        consumes,
        body: city,
        response: { 200: weatherResponse },
      },
    },
    async (request) => ok(await service.getWeather(request.body)),
  );

  app.post(
    '/api/getCityDayWeather',
    {
      config: { access },
      schema: {
        tags,
        summary: '城市逐日天气：今天以前为逐小时实况的日统计，今天起为预报；默认前后各 7 天，最长 31 天',
        consumes,
        body: city.extend({
          startTime: optionalField(timeParam).describe('开始时间（北京时间），与 endTime 同时提供'),
          endTime: optionalField(timeParam).describe('结束时间（北京时间），距开始不超过 31 天'),
        }),
        response: { 200: cityDayWeatherResponse },
      },
    },
    async (request) => ok(await service.getCityDayWeather(request.body)),
  );

  app.post(
    '/api/getMeteoAnaData',
    {
      config: { access },
      schema: {
        tags,
        summary: '气象与空气质量对比：逐小时天气实况与城市小时 AQI，最长 31 天',
        consumes,
        body: range,
        response: { 200: meteoAnaResponse },
      },
    },
    async (request) => ok(await service.getMeteoAnaData(request.body)),
  );

  app.post(
    '/api/getAqiSurMeteoData',
    {
      config: { access },
      schema: {
        tags,
        summary: '全国地面气象图层：某小时各城市的图层值与 AQI，附图例范围（isobar 为 Pa）；默认最新小时',
        consumes,
        body: z.object({
          timeType: optionalField(z.literal('hour')).describe('时间类型，目前只有 hour'),
          time: optionalField(timeParam).describe('北京时间，取该时刻所在的整点小时；默认最新'),
          layer: weatherLayer.describe(
            '图层：temp 温度、hum 湿度、pre 气压、wind 风、rain 降水、radiat 辐射、isobar 等压线',
          ),
        }),
        response: { 200: aqiSurMeteoResponse },
      },
    },
    async (request) => ok(await service.getAqiSurMeteoData(request.body)),
  );

  app.post(
    '/api/getHighMeteoData',
    {
      config: { access },
      schema: {
        tags,
        summary: '高空（探空）气象数据。暂无探空数据源：返回结构正确的空结果（levels 为空）',
        consumes,
        body: city.extend({ time: optionalField(timeParam).describe('北京时间') }),
        response: { 200: highMeteoResponse },
      },
    },
    async (request) => ok(service.getHighMeteoData(request.body)),
  );
};
