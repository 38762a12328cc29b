import {
  inversionStatsResponse,
  soundingResponse,
  soundingStationListResponse,
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
