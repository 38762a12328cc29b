import {
  deviceConfigResponse,
  deviceDetailResponse,
  deviceIdQuery,
  deviceListQuery,
  deviceListResponse,
  deviceMapQuery,
  deviceMapResponse,
  deviceResponse,
  deviceRetireBody,
  deviceSaveBody,
  deviceSeriesQuery,
  deviceSeriesResponse,
  deviceUpdateBody,
  siteListQuery,
  siteListResponse,
  siteResponse,
  siteSaveBody,
  siteUpdateBody,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { actorOf, operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { DeviceConfigService } from './device-config.service';
import type { Editor, RegistryService } from './registry.service';
import type { TelemetryReadService } from './telemetry-read.service';

export const editorOf = (request: FastifyRequest): Editor => ({
  actor: actorOf(request),
  ip: request.ip,
  scope: operatorOf(request).scope,
});

/**
 * The registry and the telemetry as operators see them (device:view to read, device:edit to write;
 * writes take JSON and are audited), and the spec's `GET /configuration/getDeviceConfig`.
 */
export function devicesRoutes(parts: {
  registry: RegistryService;
  reads: TelemetryReadService;
  config: DeviceConfigService;
}) {
  const { registry, reads, config } = parts;
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['devices'], access: 'operator:device:view', signed: false });
    const edit = 'operator:device:edit' as const;

    route.get(
      '/device/site/list',
      { summary: '站点列表（本辖区）', query: siteListQuery, response: siteListResponse },
      async (request) => ok(await registry.listSites(request.query, operatorOf(request).scope)),
    );
    route.post(
      '/device/site/save',
      { summary: '新增站点', access: edit, body: siteSaveBody, response: siteResponse },
      async (request) => ok(await registry.createSite(request.body, editorOf(request)), '已新增'),
    );
    route.post(
      '/device/site/update',
      { summary: '修改站点（所属区域随之更新到其设备）', access: edit, body: siteUpdateBody, response: siteResponse },
      async (request) => ok(await registry.updateSite(request.body, editorOf(request)), '已保存'),
    );

    route.get(
      '/device/list',
      {
        summary: '设备列表：搜索、类型/区域/状态/在线筛选、在线状态与最后数据时间',
        query: deviceListQuery,
        response: deviceListResponse,
      },
      async (request) => ok(await registry.list(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/device/detail',
      { summary: '设备详情与各因子最新值', query: deviceIdQuery, response: deviceDetailResponse },
      async (request) => ok(await reads.detail(Number(request.query.deviceId), operatorOf(request).scope)),
    );
    route.get(
      '/device/map',
      {
        summary: '设备地图：本辖区全部设备的位置、在线状态与最高告警级别',
        query: deviceMapQuery,
        response: deviceMapResponse,
      },
      async (request) => ok(await reads.map(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/device/series',
      {
        summary: '设备数据序列（分钟、小时、日）',
        description:
          '分钟数据一次最多 31 天，小时 366 天，日 5 年。标记：HJ 212 数据标记；I 为人工标记无效；小时与日值为 valid / invalid（有效数据不足）。',
        query: deviceSeriesQuery,
        response: deviceSeriesResponse,
      },
      async (request) => ok(await reads.series(request.query, operatorOf(request).scope)),
    );
    route.post(
      '/device/save',
      { summary: '登记设备', access: edit, body: deviceSaveBody, response: deviceResponse },
      async (request) => ok(await registry.create(request.body, editorOf(request)), '已登记'),
    );
    route.post(
      '/device/update',
      {
        summary: '修改设备（MN 不能修改；访问密码不填则不变）',
        access: edit,
        body: deviceUpdateBody,
        response: deviceResponse,
      },
      async (request) => ok(await registry.update(request.body, editorOf(request)), '已保存'),
    );
    route.post(
      '/device/retire',
      {
        summary: '退役设备：网关不再接收其数据，历史数据保留',
        access: edit,
        body: deviceRetireBody,
        response: deviceResponse,
      },
      async (request) =>
        ok(await registry.retire(Number(request.body.deviceId), request.body.note, editorOf(request)), '已退役'),
    );
    route.get(
      '/configuration/getDeviceConfig',
      {
        summary: '设备配置：上报间隔、离线判定、因子及限值、适用的告警规则',
        query: deviceIdQuery,
        response: deviceConfigResponse,
      },
      async (request) => ok(await config.of(Number(request.query.deviceId), operatorOf(request).scope)),
    );
  };
}
