import {
  incompleteDataBody,
  incompleteDataResponse,
  invalidDataBody,
  operationListBody,
  operationListResponse,
  operationResponse,
  operationSaveBody,
  opsDevicesBody,
  opsDevicesResponse,
} from '@lantian/contracts';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { editorOf } from './devices.routes';
import type { OpsService } from './ops.service';

/** Spec §7 "Platform: ops": POST /ops/optOperationStatus/* (JSON bodies). */
export function opsRoutes(ops: OpsService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['device-ops'], access: 'operator:device:view', signed: false });
    const write = 'operator:device:ops' as const;
    const base = '/ops/optOperationStatus';

    route.post(
      `${base}/inValidData`,
      {
        summary: '标记无效数据（设备、因子、时间段、原因）：数据保留但标为无效，不参与小时与日统计',
        access: write,
        body: invalidDataBody,
        response: operationResponse,
      },
      async (request) => ok(await ops.invalidate(request.body, editorOf(request)), '已标记无效'),
    );
    route.post(
      `${base}/getData`,
      { summary: '运维记录列表', writes: false, body: operationListBody, response: operationListResponse },
      async (request) => ok(await ops.list(request.body, operatorOf(request).scope)),
    );
    route.post(
      `${base}/getAllDevices`,
      {
        summary: '全部设备的运行状态（在线、状态、近 24 小时数据有效率）',
        writes: false,
        body: opsDevicesBody,
        response: opsDevicesResponse,
      },
      async (request) => ok(await ops.devices(request.body, operatorOf(request).scope)),
    );
    route.post(
      `${base}/getNoCompleteData`,
      {
        summary: '数据不完整报告：有效小时数据不足的设备（默认近 24 小时，有效率 < 75%）',
        writes: false,
        body: incompleteDataBody,
        response: incompleteDataResponse,
      },
      async (request) => ok(await ops.incomplete(request.body, operatorOf(request).scope)),
    );
    route.post(
      `${base}/saveData`,
      {
        summary: '保存运维记录（巡检、维护、校准、维修）；validStatus 为 invalid 时同时标记数据无效',
        access: write,
        body: operationSaveBody,
        response: operationResponse,
      },
      async (request) => ok(await ops.save(request.body, editorOf(request)), '已保存'),
    );
  };
}
