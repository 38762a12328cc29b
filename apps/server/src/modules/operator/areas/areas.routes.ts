import {
  areaCenterResponse,
  areaCodeQuery,
  geoJsonResponse,
  gridTreeResponse,
  openAreaCodeQuery,
  roughInfoResponse,
} from '@lantian/contracts';
import type { FastifyReply } from 'fastify';
import { operatorOf } from '../../../platform/http/principal';
import { type ResponseCache, sendCached } from '../../../platform/http/response-cache';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { AreaRef } from './area-tree';
import type { PlatformAreasService } from './areas.service';

const OPEN_NOTE =
  '开放接口：需令牌（Authorization: Bearer 或 Authentication-Token）且应用获准调用 area；可查询任意地区。';

/**
 * The operator's area and the outlines of areas inside it (spec §7 "Platform: user and area",
 * sys/area/getCurrentGeoJson), their open-API variants (any area, by code), and the tree of divisions
 * (/sys/area/tree; the grids module serves it with its grids as /adm/grid/allGridTreeData). Outlines, centres and trees never
 * change while the server runs: their answers are kept serialized (`answers`).
 */
export function areasRoutes(areas: PlatformAreasService, answers: ResponseCache) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['platform-areas'], access: 'operator:self', signed: false });

    const outline = (reply: FastifyReply, area: AreaRef) =>
      sendCached(reply, answers, 'outline', { area: area.code }, geoJsonResponse, async () =>
        ok(await areas.outline(area)),
      );
    const childOutlines = (reply: FastifyReply, area: AreaRef) =>
      sendCached(reply, answers, 'children', { area: area.code }, geoJsonResponse, async () =>
        ok(await areas.childOutlines(area)),
      );
    // The organisation form's area choices (the grids module hangs its grids below the same tree).
    const areaTree = (reply: FastifyReply, area: AreaRef) =>
      sendCached(reply, answers, 'gridTree', { area: area.code }, gridTreeResponse, async () =>
        ok(areas.gridTree(area)),
      );
    const center = (reply: FastifyReply, area: AreaRef) =>
      sendCached(reply, answers, 'center', { area: area.code }, areaCenterResponse, async () =>
        ok(await areas.centerConfig(area)),
      );

    route.get(
      '/sys/area/getCurrentGeoJson',
      {
        summary: '本人所辖区域的轮廓（GeoJSON FeatureCollection；全国为各省）',
        response: geoJsonResponse,
      },
      async (request, reply) => outline(reply, areas.own(operatorOf(request).scope)),
    );
    route.get(
      '/sys/user/areaCenterConfig',
      { summary: '本人所辖区域的地图中心、缩放级别与外包矩形', response: areaCenterResponse },
      async (request, reply) => center(reply, areas.own(operatorOf(request).scope)),
    );
    route.get(
      '/sys/user/currentRoughInfo',
      {
        summary: '本人所辖区域概况：名称、级别、上级、下级区划、辖区内监测站数',
        response: roughInfoResponse,
      },
      async (request) => ok(await areas.roughInfo(areas.own(operatorOf(request).scope))),
    );
    route.get(
      '/sys/user/getCityBoundary',
      {
        summary: '某地区的轮廓（须在本人所辖区域内，否则 403）',
        description: '未知代码 404，格式错误 400。全国（100000）为各省轮廓。',
        query: areaCodeQuery,
        response: geoJsonResponse,
      },
      async (request, reply) => outline(reply, areas.resolve(request.query.areaCode, operatorOf(request).scope)),
    );
    route.get(
      '/sys/user/getCityAllBoundary',
      {
        summary: '某地区全部下级区划的轮廓（一个 FeatureCollection；须在本人所辖区域内）',
        description: '区县没有下级轮廓，返回空的 FeatureCollection。',
        query: areaCodeQuery,
        response: geoJsonResponse,
      },
      async (request, reply) => childOutlines(reply, areas.resolve(request.query.areaCode, operatorOf(request).scope)),
    );

    const open = 'openApi:area' as const;
    route.get(
      '/api/open/auto/getCityBoundary',
      {
        summary: '开放接口：某地区的轮廓',
        description: OPEN_NOTE,
        access: open,
        query: openAreaCodeQuery,
        response: geoJsonResponse,
      },
      async (request, reply) => outline(reply, areas.resolve(request.query.areaCode, undefined)),
    );
    route.get(
      '/api/open/auto/getCityAllBoundary',
      {
        summary: '开放接口：某地区全部下级区划的轮廓',
        description: OPEN_NOTE,
        access: open,
        query: openAreaCodeQuery,
        response: geoJsonResponse,
      },
      async (request, reply) => childOutlines(reply, areas.resolve(request.query.areaCode, undefined)),
    );
    route.get(
      '/api/open/auto/areaCenterConfig',
      {
        summary: '开放接口：某地区的地图中心、缩放级别与外包矩形',
        description: OPEN_NOTE,
        access: open,
        query: openAreaCodeQuery,
        response: areaCenterResponse,
      },
      async (request, reply) => center(reply, areas.resolve(request.query.areaCode, undefined)),
    );

    route.get(
      '/sys/area/tree',
      {
        summary: '行政区划树：本人所辖区域及其下至区县（组织机构等表单选择区划用）',
        description:
          '与网格树的行政区划部分相同（每个节点 { code, name, level, kind: "area", children }），不含网格；所有登录的运营人员可用。',
        response: gridTreeResponse,
      },
      async (request, reply) => areaTree(reply, areas.own(operatorOf(request).scope)),
    );
  };
}
