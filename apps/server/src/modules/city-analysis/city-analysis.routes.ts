import {
  areaAqiDataResponse,
  areaSiteAllDataResponse,
  areaSiteDataResponse,
  areaWeatherDataListResponse,
  areaWeatherDataResponse,
  areaWeatherViewResponse,
  cityCalendarResponse,
  cityMeteoResponse,
  foreDayResponse,
  weatherAqiHourResponse,
} from '@lantian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AirRepository } from '../air';
import type { PublicDataDeps } from '../public-api/deps';
import { ok } from '../public-api/presenters';
import { StationsRepository } from '../stations';
import { WeatherRepository, WeatherService } from '../weather';
import { AreaAirService, SITE_PAGE_SIZE } from './area-air.service';
import { AreaWeatherService, MAX_WEATHER_PAGE_SIZE, WEATHER_PAGE_SIZE } from './area-weather.service';
import { calendarBody, cityBody, foreDayBody, pageFields, rangeBody, timeBody } from './params';

const tags = ['city-analysis'];
const access = 'public' as const;
const consumes = ['application/x-www-form-urlencoded'];

/** The city-analysis pages (spec §7 "POST /api/cityAna"). */
export const cityAnalysisRoutes: FastifyPluginAsyncZod<PublicDataDeps> = async (app, deps) => {
  const air = new AirRepository(deps.database);
  const weather = new WeatherRepository(deps.database);
  const weatherService = new WeatherService(weather, air, deps.now);
  const areaWeather = new AreaWeatherService(weather, weatherService, air, deps.now);
  const areaAir = new AreaAirService(air, new StationsRepository(deps.database), deps.now);

  app.post(
    '/api/cityAna/getAreaWeatherDataList',
    {
      config: { access },
      schema: {
        tags,
        summary: '城市逐小时天气实况表：按时间倒序分页（每页默认 24 行，最多 500），范围最长 31 天',
        consumes,
        body: rangeBody('31 天').extend(pageFields(WEATHER_PAGE_SIZE, MAX_WEATHER_PAGE_SIZE)),
        response: { 200: areaWeatherDataListResponse },
      },
    },
    async (request) => ok(await areaWeather.getAreaWeatherDataList(request.body)),
  );

  app.post(
    '/api/cityAna/getAreaSiteData',
    {
      config: { access },
      schema: {
        tags,
        summary: '城市各监测站点某小时的数据（默认该城市最新小时，超过 3 小时标记 stale；未报数的站点值为空）',
        consumes,
        body: timeBody,
        response: { 200: areaSiteDataResponse },
      },
    },
    async (request) => ok(await areaAir.getAreaSiteData(request.body)),
  );

  app.post(
    '/api/cityAna/getAreaSiteAllData',
    {
      config: { access },
      schema: {
        tags,
        summary: '城市所有站点的逐小时数据：按时间倒序分页（每页默认 999 行），范围最长 7 天',
        consumes,
        body: rangeBody('7 天').extend(pageFields(SITE_PAGE_SIZE, SITE_PAGE_SIZE)),
        response: { 200: areaSiteAllDataResponse },
      },
    },
    async (request) => ok(await areaAir.getAreaSiteAllData(request.body)),
  );

  app.post(
    '/api/cityAna/getCityMeteo',
    {
      config: { access },
      schema: {
        tags,
        summary: '城市最新气象实况（含数据时间与 stale）及七个气象图层的图例范围和该城市的值',
        consumes,
        body: cityBody,
        response: { 200: cityMeteoResponse },
      },
    },
    async (request) => ok(await areaWeather.getCityMeteo(request.body)),
  );

  app.post(
    '/api/cityAna/getCityCalendar',
    {
      config: { access },
      schema: {
        tags,
        summary: '空气质量日历：某年或某月每天的 AQI、级别、颜色与首要污染物，及各级别天数',
        consumes,
        body: calendarBody,
        response: { 200: cityCalendarResponse },
      },
    },
    async (request) => ok(await areaAir.getCityCalendar(request.body)),
  );

  app.post(
    '/api/cityAna/getAreaWeatherData',
    {
      config: { access },
      schema: {
        tags,
        summary: '城市逐日天气实况统计（气温极值与均值、降水、湿度、主导风向）及整段汇总，范围最长 31 天',
        consumes,
        body: rangeBody('31 天'),
        response: { 200: areaWeatherDataResponse },
      },
    },
    async (request) => ok(await areaWeather.getAreaWeatherData(request.body)),
  );

  app.post(
    '/api/cityAna/getAreaAqiData',
    {
      config: { access },
      schema: {
        tags,
        summary: '城市逐日 AQI 及污染物日均值，附优良天数、优良率、平均与最高 AQI，范围最长 366 天',
        consumes,
        body: rangeBody('366 天'),
        response: { 200: areaAqiDataResponse },
      },
    },
    async (request) => ok(await areaAir.getAreaAqiData(request.body)),
  );

  app.post(
    '/api/cityAna/getWeatherAqiHourData',
    {
      config: { access },
      schema: {
        tags,
        summary: '逐小时 AQI、PM2.5 与风、湿度、气温（相关性分析），范围最长 31 天',
        consumes,
        body: rangeBody('31 天'),
        response: { 200: weatherAqiHourResponse },
      },
    },
    async (request) => ok(await areaWeather.getWeatherAqiHourData(request.body)),
  );

  app.post(
    '/api/cityAna/getAreaWeatherViewdata',
    {
      config: { access },
      schema: {
        tags,
        summary: '同省各城市的天气（区域概览）：默认各城市最新实况（超过 3 小时标记 stale），或指定小时',
        consumes,
        body: timeBody,
        response: { 200: areaWeatherViewResponse },
      },
    },
    async (request) => ok(await areaWeather.getAreaWeatherViewdata(request.body)),
  );

  app.post(
    '/api/cityAna/getForeDayData',
    {
      config: { access },
      schema: {
        tags,
        summary: '今天起 3–5 天的逐日天气预报与空气质量预报（AQI 范围、级别、首要污染物）',
        consumes,
        body: foreDayBody,
        response: { 200: foreDayResponse },
      },
    },
    async (request) => ok(await areaWeather.getForeDayData(request.body)),
  );
};
