import {
  lidarDataQuery,
  polarValuesResponse,
  policeQuery,
  policeResponse,
  scanMetaResponse,
  visAvgQuery,
  visAvgResponse,
  visibilityQuery,
  visibilityResponse,
  visRaysResponse,
  visTrendQuery,
  visTrendResponse,
  visWarningListQuery,
  visWarningListResponse,
  visWarningsResponse,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { LidarService } from './lidar.service';
import type { VisibilityService } from './visibility.service';

const scopeOf = (request: FastifyRequest) => operatorOf(request).scope;

/** Spec §7 "Platform: visibility": road visibility from the visibility lidars, fog warnings, police units. */
export function visibilityRoutes(vis: VisibilityService, lidar: LidarService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['visibility'], access: 'operator:lidar:view', signed: false });
    route.get(
      '/lidar/getVisibilityData',
      { summary: '道路能见度：各路段能见度、雾等级、预警级别', query: visibilityQuery, response: visibilityResponse },
      async (request) => ok(await vis.roads(request.query, scopeOf(request))),
    );
    route.get(
      '/lidar/getVisibilityTrendData',
      { summary: '道路能见度趋势（每次扫描的最低与平均值）', query: visTrendQuery, response: visTrendResponse },
      async (request) => ok(await vis.trend(request.query, scopeOf(request))),
    );
    route.get(
      '/lidar/getVisHoriRayDataNew',
      { summary: '各方位射线的能见度（3 km 内中位数）', query: visibilityQuery, response: visRaysResponse },
      async (request) => ok(await vis.rays(request.query, scopeOf(request))),
    );
    route.get(
      '/lidar/getVisLidarValueJSON',
      {
        summary: '能见度扫描数值（方位 × 距离，米）',
        query: lidarDataQuery.omit({ dataType: true }),
        response: polarValuesResponse,
      },
      async (request) =>
        ok(
          await lidar.values(Number(request.query.deviceId), scopeOf(request), {
            ...request.query,
            dataType: 'Visibility',
          }),
        ),
    );
    route.get(
      '/vis/earlywarning/datalist',
      { summary: '能见度预警列表（分页）', query: visWarningListQuery, response: visWarningListResponse },
      async (request) => ok(await vis.warnings(request.query, scopeOf(request))),
    );
    route.get(
      '/vis/getAtmosRealtimeWarning',
      { summary: '正在生效的能见度预警', response: visWarningsResponse },
      async (request) => ok(await vis.active(scopeOf(request))),
    );
    route.get(
      '/vis/getPoliceforcesInfo',
      { summary: '需通知的交警单位（按预警所在道路，或区域）', query: policeQuery, response: policeResponse },
      async (request) => ok(await vis.police(request.query, scopeOf(request))),
    );
    route.get(
      '/vis/getVisNewHsRecord',
      {
        summary: '能见度雷达最新一次扫描',
        query: z.object({ deviceId: visibilityQuery.shape.deviceId }),
        response: scanMetaResponse,
      },
      async (request) => ok(await vis.newestRecord(request.query.deviceId, scopeOf(request))),
    );
    route.get(
      '/vis/getAvgHsVisData',
      { summary: '每次扫描的平均与最低能见度', query: visAvgQuery, response: visAvgResponse },
      async (request) => ok(await vis.averages(request.query, scopeOf(request))),
    );
  };
}
