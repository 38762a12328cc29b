import {
  inversionStatsResponse,
  soundingResponse,
  soundingStationListResponse,
  trajectoryResponse,
  WIND_LEVELS,
  windAqiResponse,
  windFieldResponse,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { optionalField, timeParam } from '../../../platform/http/params';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { UpperAirApi } from '../../data/upper-air';
import type { WindAqi } from './wind-aqi';

const scopeOf = (request: FastifyRequest) => operatorOf(request).scope;
const optionalTime = optionalField(timeParam.describe('时间 YYYY-MM-DD HH:mm:ss（北京时间），默认最新'));
const stationCode = z
  .string()
  .regex(/^[A-Za-z0-9]{1,16}$/, '应为探空站编码')
  .describe('探空站编码');

/**
 * Spec §7 "Platform: air, bigdata, analysis and forecast": /air/sounding/* (the stations of the
 * operator's area, an ascent with its indices, inversion statistics) and /atmoWindy/nationalWindy/*
 * (the national wind field and the AQI points drawn over it). All GET, `air:view`.
 */
export function operatorUpperAirRoutes(upperAir: UpperAirApi, aqi: WindAqi) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['upper-air-platform'], access: 'operator:air:view', signed: false });
    const { soundings, wind } = upperAir;

    route.get(
      '/air/sounding/getStationList',
      { summary: '辖区内的探空站及其最新观测时次', query: z.object({}), response: soundingStationListResponse },
      async (request) => ok(await soundings.stationList(scopeOf(request))),
    );
    route.get(
      '/air/sounding/getSoundingData',
      {
        summary: '一次探空的廓线与指数（辖区外的站 404）',
        query: z.object({ stationCode, time: optionalTime }),
        response: soundingResponse,
      },
      async (request) => ok(await soundings.sounding(request.query.stationCode, request.query.time, scopeOf(request))),
    );
    route.get(
      '/air/sounding/getInversionStatistics',
      {
        summary:
          '逆温与混合层统计：时段内每次探空的混合层高度、逆温层数、最强逆温、是否贴地逆温（默认近 7 天，最长 93 天）',
        query: z.object({ stationCode, startTime: optionalTime, endTime: optionalTime }),
        response: inversionStatsResponse,
      },
      async (request) =>
        ok(
          await soundings.inversionStats(
            request.query.stationCode,
            request.query.startTime,
            request.query.endTime,
            scopeOf(request),
          ),
        ),
    );

    route.get(
      '/atmoWindy/nationalWindy/getServerData',
      {
        summary: '全国格点风场（earth / leaflet-velocity JSON：header 与 u、v 数组）；无数据时 available=false',
        query: z.object({ level: optionalField(z.enum(WIND_LEVELS).describe('层次，默认 10m')), time: optionalTime }),
        response: windFieldResponse,
      },
      async (request) => ok(await wind.field(request.query.level ?? '10m', request.query.time)),
    );
    route.get(
      '/atmoWindy/nationalWindy/getTrajectory',
      {
        summary: '从地图上一点出发的气团轨迹（与公共接口 getAirTrajectoryData 同一算法；heights 以逗号分隔）',
        query: z.object({
          longitude: z.coerce.number().min(73).max(136).describe('起点经度'),
          latitude: z.coerce.number().min(3).max(54).describe('起点纬度'),
          time: timeParam.describe('起始时间'),
          hours: optionalField(z.coerce.number().int().min(1).max(168).describe('小时数，默认 24')),
          heights: optionalField(
            z
              .string()
              .regex(/^\d{1,5}(,\d{1,5}){0,4}$/, '应为逗号分隔的高度（米），最多 5 个')
              .describe('起始高度（米），默认 100,1500'),
          ),
          direction: optionalField(z.enum(['backward', 'forward']).describe('默认 backward')),
        }),
        response: trajectoryResponse,
      },
      async ({ query }) =>
        ok(
          await wind.trajectories({
            longitude: query.longitude,
            latitude: query.latitude,
            time: query.time,
            hours: query.hours ?? 24,
            heights: (query.heights ?? '100,1500').split(',').map(Number),
            direction: query.direction ?? 'backward',
          }),
        ),
    );
    route.get(
      '/atmoWindy/nationalWindy/getAQIData',
      {
        summary: '风场上叠加的城市 AQI 点（辖区内城市的最新小时值）',
        query: z.object({}),
        response: windAqiResponse,
      },
      async (request) => ok(await aqi.points(scopeOf(request))),
    );
  };
}
