import {
  allStationQuery,
  cityCodeQuery,
  cityLastDataResponse,
  cityRealTimeAndTotalResponse,
  cityStationQuery,
  exhaustBigdataQuery,
  exhaustOverviewResponse,
  exhaustRankQuery,
  exhaustRankResponse,
  exhaustTrendResponse,
  monitorStationPageResponse,
  monitorStationsResponse,
  noiseAlarmPageResponse,
  noiseDataQuery,
  noiseHistoryPageResponse,
  noisePageQuery,
  noiseSeriesResponse,
  pollutionSourceQuery,
  pollutionSourcesResponse,
  realtimeDataQuery,
  realtimeDataResponse,
  stationPageQuery,
} from '@lantian/contracts';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { AirStationsService } from './air-stations.service';
import type { ExhaustService } from './exhaust.service';
import type { NoiseService } from './noise.service';
import type { RealtimeDataService } from './realtime-data.service';

export interface MonitoringServices {
  airStations: AirStationsService;
  realtime: RealtimeDataService;
  noise: NoiseService;
  exhaust: ExhaustService;
}

const SCOPE_NOTE = '限本人所辖区域；地区参数超出辖区为 403 AREA_OUT_OF_SCOPE，未知代码 404。';

/**
 * Spec §7's online-monitoring calls, all GETs within the operator's area: the air stations
 * (air:view), the real-time data table (device:view), noise (noise:view) and exhaust remote
 * sensing (air:view).
 */
export function monitoringRoutes(services: MonitoringServices) {
  const { airStations, realtime, noise, exhaust } = services;
  return (app: ApiApp) => {
    const air = routesOf(app, { tags: ['air-stations'], access: 'operator:air:view', signed: false });
    air.get(
      '/onlineMonitor/airStation/getVoAllStation',
      {
        summary: '辖区内全部空气站点：国控站与微站（A01、A02、D01）的位置、在线状态与最新值',
        description: SCOPE_NOTE,
        query: allStationQuery,
        response: monitorStationsResponse,
      },
      async (request) => ok(await airStations.all(request.query, operatorOf(request).scope)),
    );
    air.get(
      '/onlineMonitor/airStation/getCityVoAllStation',
      {
        summary: '某城市的全部空气站点（国控站与微站）',
        description: SCOPE_NOTE,
        query: cityStationQuery,
        response: monitorStationsResponse,
      },
      async (request) => ok(await airStations.ofCity(request.query, operatorOf(request).scope)),
    );
    air.get(
      '/onlineMonitor/airStation/getCityRealTimeAndTotalData',
      {
        summary: '城市当前空气质量，国控站与设备的数量、在线离线统计，未解除告警数',
        description: SCOPE_NOTE,
        query: cityCodeQuery,
        response: cityRealTimeAndTotalResponse,
      },
      async (request) => ok(await airStations.cityTotals(request.query.cityCode, operatorOf(request).scope)),
    );
    air.get(
      '/onlineMonitor/airStation/airStations',
      {
        summary: '空气站点列表（分页，按名称、编码或 MN 搜索）',
        description: SCOPE_NOTE,
        query: stationPageQuery,
        response: monitorStationPageResponse,
      },
      async (request) => ok(await airStations.page(request.query, operatorOf(request).scope)),
    );
    air.get(
      '/onlineMonitor/airStation/pollutionSources',
      {
        summary: '污染源设备（油烟 S01、VOCs V01、分表计电 P01、尾气遥感 E01）及各因子最新值',
        description: SCOPE_NOTE,
        query: pollutionSourceQuery,
        response: pollutionSourcesResponse,
      },
      async (request) => ok(await airStations.pollutionSources(request.query, operatorOf(request).scope)),
    );
    air.get(
      '/onlineMonitor/airStation/getOpenLastCityData',
      {
        summary: '城市最新一小时的空气质量（含 24 小时滑动值）',
        description: `${SCOPE_NOTE}近 7 天无数据时 data 为 null。`,
        query: cityCodeQuery,
        response: cityLastDataResponse,
      },
      async (request) => ok(await airStations.cityLast(request.query.cityCode, operatorOf(request).scope)),
    );

    const data = routesOf(app, { tags: ['realtime-data'], access: 'operator:device:view', signed: false });
    data.get(
      '/dataQuery/realtimeData/vorealtimeData',
      {
        summary: '实时数据表：设备分页，每台设备一行各因子最新值',
        description: `${SCOPE_NOTE}factors 为本页的列。`,
        query: realtimeDataQuery,
        response: realtimeDataResponse,
      },
      async (request) => ok(await realtime.page(request.query, operatorOf(request).scope)),
    );

    const sound = routesOf(app, { tags: ['noise'], access: 'operator:noise:view', signed: false });
    sound.get(
      '/noise/histories/getData',
      {
        summary: '噪声设备的 LA / LAeq 序列及 GB 3096-2008 限值（分钟、小时、日）',
        description:
          '限值按设备配置的声环境功能区（noiseZone，未配置为 2 类），昼间 06–22 时、夜间 22–06 时；小时值标在小时末。辖区外或非噪声设备 404。',
        query: noiseDataQuery,
        response: noiseSeriesResponse,
      },
      async (request) => ok(await noise.data(request.query, operatorOf(request).scope)),
    );
    sound.get(
      '/noise/histories/list',
      {
        summary: '噪声小时数据（分页，最新在前）',
        description: '默认最近 24 小时，时间范围最多 31 天。',
        query: noisePageQuery,
        response: noiseHistoryPageResponse,
      },
      async (request) => ok(await noise.history(request.query, operatorOf(request).scope)),
    );
    sound.get(
      '/noise/alarm/page',
      {
        summary: '噪声超标记录：有效小时值超过所在功能区昼间或夜间限值（分页，最新在前）',
        description: '默认最近 7 天，时间范围最多 31 天。超标分贝数 = 值 − 限值（0.1 dB）。',
        query: noisePageQuery,
        response: noiseAlarmPageResponse,
      },
      async (request) => ok(await noise.exceedances(request.query, operatorOf(request).scope)),
    );

    const exh = routesOf(app, { tags: ['exhaust'], access: 'operator:air:view', signed: false });
    exh.get(
      '/exh/exhAllAround/exhSiteRank',
      {
        summary: '尾气遥感站点排名：按平均不透光度或超标小时数',
        description: '默认最近 7 天，时间范围最多 92 天；只计有效小时值。',
        query: exhaustRankQuery,
        response: exhaustRankResponse,
      },
      async (request) => ok(await exhaust.rank(request.query, operatorOf(request).scope)),
    );
    exh.get(
      '/exh/bigdata/overview',
      {
        summary: '尾气遥感总览：设备在线统计、有效小时数、超标小时数、各因子均值',
        description: 'deviceid 不填为辖区内全部尾气遥感设备。',
        query: exhaustBigdataQuery,
        response: exhaustOverviewResponse,
      },
      async (request) => ok(await exhaust.overview(request.query, operatorOf(request).scope)),
    );
    exh.get(
      '/exh/bigdata/trend',
      {
        summary: '尾气遥感逐日趋势：各因子日均值与超标小时数',
        description: 'deviceid 不填为辖区内全部尾气遥感设备；范围内每天一项。',
        query: exhaustBigdataQuery,
        response: exhaustTrendResponse,
      },
      async (request) => ok(await exhaust.trend(request.query, operatorOf(request).scope)),
    );
  };
}
