import {
  type GridAreaTreeNode,
  gridAreaTreeResponse,
  gridBooleanResponse,
  gridCodeQuery,
  gridDeleteBody,
  gridDeletedResponse,
  gridFeatureCollectionResponse,
  gridFeatureResponse,
  gridGeojsonDataQuery,
  gridImportBody,
  gridImportResponse,
  gridInfoResponse,
  gridListResponse,
  gridMemberListResponse,
  gridMemberRemoveBody,
  gridMemberRemovedResponse,
  gridMemberResponse,
  gridMemberSaveBody,
  gridParentQuery,
  gridPeriodQuery,
  gridRealTimeAndAccumulativeResponse,
  gridRealTimeResponse,
  gridRelatedResponse,
  gridResponse,
  gridSaveBody,
  gridTreeQuery,
  gridUpdateBody,
  MAX_GRID_IMPORT_BYTES,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import type { AreaScope } from '../../../platform/db/area-scope';
import { actorOf, operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { GridAirService } from './grid-air.service';
import type { GridEditor, GridsService } from './grids.service';

const editorOf = (request: FastifyRequest): GridEditor => ({
  actor: actorOf(request),
  ip: request.ip,
  scope: operatorOf(request).scope,
});

const scopeOf = (request: FastifyRequest) => operatorOf(request).scope;

/**
 * `/adm/grid/*` (spec §7 "Platform: grid"): the grid tree under the operator's area, boundaries as
 * GeoJSON, members, the air inside a grid (grid:view), and the writes (grid:manage: JSON posts,
 * audited). Every read is limited to the operator's area: a grid outside is 404, an area outside 403.
 */
export function gridsRoutes(parts: {
  grids: GridsService;
  air: GridAirService;
  /** The administrative top of the tree (the areas module), down to the counties. */
  areaTree: (scope: AreaScope) => GridAreaTreeNode[];
}) {
  const { grids, air, areaTree } = parts;
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['grids'], access: 'operator:grid:view', signed: false });
    const manage = 'operator:grid:manage' as const;

    route.get(
      '/adm/grid/allGridTreeData',
      {
        summary: '网格树：本人所辖区域及其下至区县的行政区划，区县下挂网格',
        description:
          '行政区划节点 { code, name, level, kind: "area", children }；网格节点 kind: "grid"、level: "grid"，另有 gridCode、parentCode（直属区县为 null）与 gridLevel（1 起）。',
        response: gridAreaTreeResponse,
      },
      async (request) => ok(await grids.areaTree(areaTree(scopeOf(request)), scopeOf(request))),
    );
    route.get(
      '/adm/grid/getGridTree',
      {
        summary: '网格树（不含行政区划）：本辖区全部网格，或某网格及其下级',
        query: gridTreeQuery,
        response: gridAreaTreeResponse,
      },
      async (request) => ok(await grids.tree(request.query.gridCode, scopeOf(request))),
    );
    route.get(
      '/adm/grid/getChildGrid',
      {
        summary: '下级网格：parentCode 为网格编码，或区县代码（其顶级网格）',
        query: gridParentQuery,
        response: gridListResponse,
      },
      async (request) => ok(await grids.children(request.query.parentCode, scopeOf(request))),
    );
    route.get(
      '/adm/grid/hasChildGrid',
      { summary: '网格是否有下级网格', query: gridCodeQuery, response: gridBooleanResponse },
      async (request) => ok(await grids.hasChildren(request.query.gridCode, scopeOf(request))),
    );
    route.get(
      '/adm/grid/getGridInfoByParentCode',
      {
        summary: '下级网格及其网格员数、子网格数',
        query: gridParentQuery,
        response: gridListResponse,
      },
      async (request) => ok(await grids.children(request.query.parentCode, scopeOf(request))),
    );
    route.get(
      '/adm/grid/getGridGeojson',
      { summary: '网格边界（GeoJSON Feature）', query: gridCodeQuery, response: gridFeatureResponse },
      async (request) => ok(await grids.feature(request.query.gridCode, scopeOf(request))),
    );
    route.get(
      '/adm/grid/getGridGeojsonData',
      {
        summary: '下级网格的边界（GeoJSON FeatureCollection）：parentCode，或 areaCode（区县的顶级网格）',
        query: gridGeojsonDataQuery,
        response: gridFeatureCollectionResponse,
      },
      async (request) => ok(await grids.childFeatures(request.query, scopeOf(request))),
    );
    route.get(
      '/adm/grid/getGridRelatedData',
      {
        summary: '网格关联数据：网格员、下级网格、边界内的监测站与设备',
        query: gridCodeQuery,
        response: gridRelatedResponse,
      },
      async (request) => ok(await air.related(request.query.gridCode, scopeOf(request))),
    );
    route.get(
      '/adm/grid/getGridRealTimeData',
      {
        summary: '网格实时空气质量：边界内国控站的最新小时与设备的最新值（可计算时含 AQI）',
        query: gridCodeQuery,
        response: gridRealTimeResponse,
      },
      async (request) => ok(await air.realTime(request.query.gridCode, scopeOf(request))),
    );
    route.get(
      '/adm/grid/realTimeAndAccumulativeData',
      {
        summary: '网格实时与累计数据：当前值，及时段内（默认 24 小时，最多 31 天）的均值、最大值与超标小时数',
        query: gridPeriodQuery,
        response: gridRealTimeAndAccumulativeResponse,
      },
      async (request) => ok(await air.accumulated(request.query, scopeOf(request))),
    );
    route.get(
      '/adm/grid/getGridDateByGridCode',
      {
        summary: '网格信息：编码、名称、层级、上级链、所属区划、面积、中心点、网格员数',
        query: gridCodeQuery,
        response: gridInfoResponse,
      },
      async (request) => ok(await grids.info(request.query.gridCode, scopeOf(request))),
    );

    route.post(
      '/adm/grid/save',
      {
        summary: '新增网格（不传 gridCode 则分配下一个空闲编码）',
        access: manage,
        body: gridSaveBody,
        response: gridResponse,
      },
      async (request) => ok(await grids.create(request.body, editorOf(request)), '已新增'),
    );
    route.post(
      '/adm/grid/update',
      { summary: '修改网格名称、边界、排序', access: manage, body: gridUpdateBody, response: gridResponse },
      async (request) => ok(await grids.update(request.body, editorOf(request)), '已保存'),
    );
    route.post(
      '/adm/grid/delete',
      {
        summary: '删除网格（有下级网格或网格员时 409）',
        access: manage,
        body: gridDeleteBody,
        response: gridDeletedResponse,
      },
      async (request) => ok(await grids.delete(request.body.gridCode, editorOf(request)), '已删除'),
    );
    // The import's body may be up to 5 MB (the application's limit is 1 MB): declared here, not through routesOf.
    app.route({
      method: 'POST',
      url: '/adm/grid/import',
      bodyLimit: MAX_GRID_IMPORT_BYTES,
      config: { access: manage, signed: false, writes: true },
      schema: {
        tags: ['grids'],
        summary: '导入网格边界（GeoJSON FeatureCollection，最多 2000 个、5 MB；全部成功或全部不导入）',
        description:
          '每个 Feature 的 properties：name（必填）、code（可选）、parentCode（上级网格，可为本文件中前面的网格）或 areaCode（顶级网格所属区县）。失败时 400，data.errors 列出每个有问题的要素。',
        body: gridImportBody,
        response: { 200: gridImportResponse },
      },
      handler: async (request) => ok(await grids.import(request.body.features, editorOf(request)), '已导入'),
    });

    route.get(
      '/adm/grid/member/list',
      { summary: '网格员列表', query: gridCodeQuery, response: gridMemberListResponse },
      async (request) => ok(await grids.members(request.query.gridCode, scopeOf(request))),
    );
    route.post(
      '/adm/grid/member/save',
      {
        summary: '设置网格员（每人一个网格角色：manager 网格长 / member 网格员）',
        access: manage,
        body: gridMemberSaveBody,
        response: gridMemberResponse,
      },
      async (request) => ok(await grids.saveMember(request.body, editorOf(request)), '已保存'),
    );
    route.post(
      '/adm/grid/member/remove',
      { summary: '移除网格员', access: manage, body: gridMemberRemoveBody, response: gridMemberRemovedResponse },
      async (request) => ok(await grids.removeMember(request.body.operatorId, editorOf(request)), '已移除'),
    );
  };
}
