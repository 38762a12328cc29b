import {
  devicePushBody,
  devicePushResponse,
  gatewayStatsResponse,
  pageQuery,
  rawPacketListResponse,
  rawPacketQuery,
  unregisteredListResponse,
} from '@lantian/contracts';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { GatewayService } from './gateway.service';

/** The gateway's state for operators, and the JSON push for devices that do not speak TCP HJ 212. */
export function gatewayRoutes(gateway: GatewayService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['hj212-gateway'], access: 'operator:device:view', signed: false });

    route.get(
      '/device/gateway/stats',
      { summary: 'HJ 212 网关运行状态：连接数、入库报文与数值、按原因统计的拒收', response: gatewayStatsResponse },
      async () => ok(gateway.stats()),
    );
    route.get(
      '/device/unregistered/list',
      {
        summary: '未登记设备：网关收到报文但 MN 未登记（可收编为设备）',
        description: '不属于任何辖区，需要登记设备的权限（device:edit）。',
        access: 'operator:device:edit',
        query: pageQuery,
        response: unregisteredListResponse,
      },
      async (request) => ok(await gateway.unregistered(request.query)),
    );
    route.get(
      '/device/packets/list',
      { summary: '原始报文（本辖区设备），新的在前', query: rawPacketQuery, response: rawPacketListResponse },
      async (request) => ok(await gateway.packetLog(request.query, operatorOf(request).scope)),
    );
    route.post(
      '/device/push',
      {
        summary: '设备数据推送（JSON）：以 MN 与访问密码认证，与 TCP 报文同一入库流程，入库后才应答',
        description:
          '供不能使用 TCP HJ 212 的设备与第三方平台。cn：2011 实时、2051 分钟、2061 小时、2031 日数据。每个来源地址每分钟至多 6000 次；15 分钟内认证失败 20 次后该地址暂停 15 分钟（429，Retry-After）。',
        access: 'public',
        // Metered by the gateway itself, per address and per failed login (a site's loggers share one address).
        rateLimit: false,
        body: devicePushBody,
        response: devicePushResponse,
      },
      async (request) => ok(await gateway.push(request.body, request.ip), '已入库'),
    );
  };
}
