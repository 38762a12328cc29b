import {
  analysisCalendarQuery,
  analysisCalendarResponse,
  analysisCityRankQuery,
  analysisCityRankResponse,
  cityAndSiteDataQuery,
  cityAndSiteDataResponse,
  cityAndSiteQuery,
  cityAndSiteResponse,
  cityAqiTrendQuery,
  cityAqiTrendResponse,
  cityDayListQuery,
  cityDayListResponse,
  cityHourPageQuery,
  cityHourPageResponse,
  exceedDaysQuery,
  exceedDaysResponse,
  interpolationQuery,
  monitorTypesResponse,
  monthCompareQuery,
  periodCompareResponse,
  pultDataQuery,
  pultDataResponse,
  regionMeanQuery,
  regionMeanResponse,
  siteHistoryQuery,
  siteHistoryResponse,
  siteTrendQuery,
  siteTrendResponse,
  standardRateQuery,
  standardRateResponse,
  yearCompareQuery,
} from '@lantian/contracts';
import { operatorOf } from '../../../platform/http/principal';
import { type ResponseCache, sendCached } from '../../../platform/http/response-cache';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { CityAnalysisService } from './city-analysis.service';
import { toAsciiGrid } from './grid-file';
import type { SiteAnalysisService } from './site-analysis.service';

const SCOPE = '限本人所辖区域：地区或城市超出辖区 403 AREA_OUT_OF_SCOPE，未知代码 404，辖区外站点 404。';

/**
 * Spec §7's analysis calls (all GETs, permission analysis:view): the big-data home, the city data,
 * the regional means and standard attainment, the stations' history, interpolation and trends.
 */
export function analysisRoutes(cities: CityAnalysisService, sites: SiteAnalysisService, answers: ResponseCache) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['air-analysis'], access: 'operator:analysis:view', signed: false });
    const scope = (request: Parameters<typeof operatorOf>[0]) => operatorOf(request).scope;

    route.get(
      '/bigdata/home/getMonitorTypes',
      { summary: '监测项目：AQI 与六项污染物（名称、单位）', response: monitorTypesResponse },
      async () => ok(cities.monitorTypes()),
    );
    route.get(
      '/bigdata/home/getCityAQITrend',
      {
        summary: '城市 AQI 趋势：最近 24 小时或最近 30 天',
        description: SCOPE,
        query: cityAqiTrendQuery,
        response: cityAqiTrendResponse,
      },
      async (request) => ok(await cities.aqiTrend(request.query, scope(request))),
    );
    route.get(
      '/bigdata/home/getCityRank',
      {
        summary: '辖区内城市排名：最新一小时或最新一天，按 AQI 或某项污染物从低到高',
        description: `${SCOPE}区县级账号辖区内没有城市数据时列表为空。`,
        query: analysisCityRankQuery,
        response: analysisCityRankResponse,
      },
      // Keyed by the operator's area too: two operators asking the same never share an answer.
      async (request, reply) =>
        sendCached(
          reply,
          answers,
          'cityRank',
          { ...request.query, scope: scope(request).areaCode },
          analysisCityRankResponse,
          async () => ok(await cities.cityRank(request.query, scope(request))),
        ),
    );

    route.get(
      '/analysis/cityData/getCityDatList',
      {
        summary: '城市日数据（日均值、AQI、超标项），默认最近 30 天，至多 366 天',
        description: SCOPE,
        query: cityDayListQuery,
        response: cityDayListResponse,
      },
      async (request) => ok(await cities.dayList(request.query, scope(request))),
    );
    route.get(
      '/analysis/cityData/getCityDataList',
      {
        summary: '城市小时数据（分页，最新在前），默认最近 24 小时，至多 31 天',
        description: SCOPE,
        query: cityHourPageQuery,
        response: cityHourPageResponse,
      },
      async (request) => ok(await cities.hourPage(request.query, scope(request))),
    );
    route.get(
      '/analysis/cityData/getCityCalendarData',
      {
        summary: '城市空气质量日历：一年中每天的 AQI 与级别，各级别天数',
        description: SCOPE,
        query: analysisCalendarQuery,
        response: analysisCalendarResponse,
      },
      async (request) => ok(await cities.calendar(request.query, scope(request))),
    );
    route.get(
      '/analysis/cityData/month/getRegionAndHisDate',
      {
        summary: '城市某月与往年同期对比（HJ 663-2013 统计，截至本月有数据的同一天）',
        description: SCOPE,
        query: monthCompareQuery,
        response: periodCompareResponse,
      },
      async (request) => ok(await cities.monthCompare(request.query, scope(request))),
    );
    route.get(
      '/analysis/cityData/getYearRegionAndHisDate',
      {
        summary: '城市某年（截至有数据的最后一天）与往年同期对比',
        description: SCOPE,
        query: yearCompareQuery,
        response: periodCompareResponse,
      },
      async (request) => ok(await cities.yearCompare(request.query, scope(request))),
    );
    route.get(
      '/analysis/cityStandard/day/getRegionMeanData',
      {
        summary: '区域均值与各城市达标情况：HJ 663-2013 统计、综合指数排名、GB 3095-2012 二级达标',
        description: `${SCOPE}默认本年 1 月 1 日至今，至多 366 天。`,
        query: regionMeanQuery,
        response: regionMeanResponse,
      },
      async (request, reply) =>
        sendCached(
          reply,
          answers,
          'regionMean',
          { ...request.query, scope: scope(request).areaCode },
          regionMeanResponse,
          async () => ok(await cities.regionMean(request.query, scope(request))),
        ),
    );
    route.get(
      '/analysis/uptoStandard/getStandardRate',
      {
        summary: '城市年度达标评价：六项污染物对照 GB 3095-2012 二级、优良天数比例及距目标所需天数',
        description: SCOPE,
        query: standardRateQuery,
        response: standardRateResponse,
      },
      async (request) => ok(await cities.standardRate(request.query, scope(request))),
    );
    route.get(
      '/analysis/uptoStandard/getExceedDays',
      {
        summary: '城市超标日：日均值超过 GB 3095-2012 二级 24 小时限值（O3 为 8 小时）的日子与各项天数',
        description: `${SCOPE}默认本月 1 日至今。`,
        query: exceedDaysQuery,
        response: exceedDaysResponse,
      },
      async (request) => ok(await cities.exceedDays(request.query, scope(request))),
    );

    route.get(
      '/analysis/airStations/getSiteHistoryDataList',
      {
        summary: '站点小时数据（分页）：默认每页 999 行，按时间倒序（spec §7）',
        description: `${SCOPE}默认最近 24 小时，至多 31 天；stationCode 不填为地区内全部站点。`,
        query: siteHistoryQuery,
        response: siteHistoryResponse,
      },
      async (request) => ok(await sites.history(request.query, scope(request))),
    );
    route.get(
      '/analysis/airStations/getSiteInterpolationDataFile',
      {
        summary: '站点插值格点文件：某小时地区内站点值的 IDW 插值（JSON 或 ESRI ASCII Grid）',
        description: `${SCOPE}该时次无站点数据 404。format=asc 时返回 text/plain 的 .asc 文件（附件）。`,
        query: interpolationQuery,
      },
      async (request, reply) => {
        const grid = await sites.interpolation(request.query, scope(request));
        if (request.query.format === 'json') return ok(grid);
        const name = `${grid.areaCode}_${grid.index}_${grid.time.replace(/\D/g, '').slice(0, 10)}.asc`;
        return reply
          .header('content-type', 'text/plain; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(toAsciiGrid(grid));
      },
    );
    route.get(
      '/analysis/airStations/getCityAndSite',
      {
        summary: '辖区内城市及其站点（位置、区县、是否对照点）',
        description: SCOPE,
        query: cityAndSiteQuery,
        response: cityAndSiteResponse,
      },
      async (request) => ok(await sites.cityAndSite(request.query, scope(request))),
    );
    route.get(
      '/analysis/airStations/getCityAndSiteData',
      {
        summary: '城市（或区县）某小时的城市值与各站点值',
        description: `${SCOPE}time 不填为最新一小时。`,
        query: cityAndSiteDataQuery,
        response: cityAndSiteDataResponse,
      },
      async (request) => ok(await sites.cityAndSiteData(request.query, scope(request))),
    );
    route.get(
      '/analysis/airSiteTrend/vochartslist',
      {
        summary: '多站点逐小时趋势（至多 10 个站点，默认最近 72 小时，至多 31 天）',
        description: SCOPE,
        query: siteTrendQuery,
        response: siteTrendResponse,
      },
      async (request) => ok(await sites.trend(request.query, scope(request))),
    );
    route.get(
      '/zhhb/center/getPultData',
      {
        summary: '辖区最新一小时的污染物数据：各城市值与站点浓度均值（及由其计算的 AQI）',
        description: SCOPE,
        query: pultDataQuery,
        response: pultDataResponse,
      },
      async (request) => ok(await sites.pultData(request.query, scope(request))),
    );
  };
}
