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
import { FORM } from '../../../platform/http/params';
import { type ResponseCache, sendCached } from '../../../platform/http/response-cache';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { type AreaAirService, SITE_PAGE_SIZE } from './area-air.service';
import { type AreaWeatherService, MAX_WEATHER_PAGE_SIZE, WEATHER_PAGE_SIZE } from './area-weather.service';
import { calendarBody, cityBody, foreDayBody, pagedRangeBody, rangeBody, timeBody } from './city-analysis.schemas';

/** The city-analysis pages (spec §7 "POST /api/cityAna"). */
export function cityAnalysisRoutes(
  areaAir: AreaAirService,
  areaWeather: AreaWeatherService,
  /** A year's calendar, built once per hour (dropped on each new hour). */
  responses: ResponseCache,
) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['city-analysis'], access: 'public', signed: true, consumes: FORM });

    route.post(
      '/api/cityAna/getAreaWeatherDataList',
      {
        summary: '城市逐小时天气实况表：按时间倒序分页（每页默认 24 行，最多 500），范围最长 31 天',
        body: pagedRangeBody('31 天', WEATHER_PAGE_SIZE, MAX_WEATHER_PAGE_SIZE),
        response: areaWeatherDataListResponse,
      },
      async ({ body }) => ok(await areaWeather.getAreaWeatherDataList(body)),
    );

    route.post(
      '/api/cityAna/getAreaSiteData',
      {
        summary: '城市各监测站点某小时的数据（默认该城市最新小时，超过 3 小时标记 stale；未报数的站点值为空）',
        body: timeBody,
        response: areaSiteDataResponse,
      },
      async ({ body }) => ok(await areaAir.getAreaSiteData(body)),
    );

    route.post(
      '/api/cityAna/getAreaSiteAllData',
      {
        summary: '城市所有站点的逐小时数据：按时间倒序分页（每页默认 999 行），范围最长 7 天',
        body: pagedRangeBody('7 天', SITE_PAGE_SIZE, SITE_PAGE_SIZE),
        response: areaSiteAllDataResponse,
      },
      async ({ body }) => ok(await areaAir.getAreaSiteAllData(body)),
    );

    route.post(
      '/api/cityAna/getCityMeteo',
      {
        summary: '城市最新气象实况（含数据时间与 stale）及七个气象图层的图例范围和该城市的值',
        body: cityBody,
        response: cityMeteoResponse,
      },
      async ({ body }) => ok(await areaWeather.getCityMeteo(body)),
    );

    route.post(
      '/api/cityAna/getCityCalendar',
      {
        summary: '空气质量日历：某年或某月每天的 AQI、级别、颜色与首要污染物，及各级别天数',
        body: calendarBody,
        response: cityCalendarResponse,
      },
      async ({ body }, reply) =>
        sendCached(reply, responses, 'getCityCalendar', body, cityCalendarResponse, async () =>
          ok(await areaAir.getCityCalendar(body)),
        ),
    );

    route.post(
      '/api/cityAna/getAreaWeatherData',
      {
        summary: '城市逐日天气实况统计（气温极值与均值、降水、湿度、主导风向）及整段汇总，范围最长 31 天',
        body: rangeBody('31 天'),
        response: areaWeatherDataResponse,
      },
      async ({ body }) => ok(await areaWeather.getAreaWeatherData(body)),
    );

    route.post(
      '/api/cityAna/getAreaAqiData',
      {
        summary: '城市逐日 AQI 及污染物日均值，附优良天数、优良率、平均与最高 AQI，范围最长 366 天',
        body: rangeBody('366 天'),
        response: areaAqiDataResponse,
      },
      async ({ body }) => ok(await areaAir.getAreaAqiData(body)),
    );

    route.post(
      '/api/cityAna/getWeatherAqiHourData',
      {
        summary: '逐小时 AQI、PM2.5 与风、湿度、气温（相关性分析），范围最长 31 天',
        body: rangeBody('31 天'),
        response: weatherAqiHourResponse,
      },
      async ({ body }) => ok(await areaWeather.getWeatherAqiHourData(body)),
    );

    route.post(
      '/api/cityAna/getAreaWeatherViewdata',
      {
        summary: '同省各城市的天气（区域概览）：默认各城市最新实况（超过 3 小时标记 stale），或指定小时',
        body: timeBody,
        response: areaWeatherViewResponse,
      },
      async ({ body }) => ok(await areaWeather.getAreaWeatherViewdata(body)),
    );

    route.post(
      '/api/cityAna/getForeDayData',
      {
        summary: '今天起 3–5 天的逐日天气预报与空气质量预报（AQI 范围、级别、首要污染物）',
        body: foreDayBody,
        response: foreDayResponse,
      },
      async ({ body }) => ok(await areaWeather.getForeDayData(body)),
    );
  };
}
