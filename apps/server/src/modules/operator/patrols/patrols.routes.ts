import {
  patrolCurrentResponse,
  patrolDetailResponse,
  patrolFinishBody,
  patrolIdQuery,
  patrolListQuery,
  patrolListResponse,
  patrolPointsBody,
  patrolPointsResponse,
  patrolRowResponse,
  patrolStartBody,
  patrolToolsResponse,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { actorOf, operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { PatrolHandler, PatrolsService } from './patrols.service';

const handlerOf = (request: FastifyRequest): PatrolHandler => ({
  principal: operatorOf(request),
  actor: actorOf(request),
  ip: request.ip,
});

/**
 * Spec §7 "Platform: … patrol": the patrol records (volist, vodetail) and the tools (tools/list); and
 * the write side the spec leaves out — start, points, finish — with the patroller's own active patrol.
 */
export function patrolsRoutes(patrols: PatrolsService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['patrols'], access: 'operator:grid:patrol', signed: false });

    route.get(
      '/adm/patrol/volist',
      {
        summary: '巡查记录（本人管辖范围；网格长看本网格及下级，网格员只看本人）：巡查人、网格、方式、状态、开始时间',
        query: patrolListQuery,
        response: patrolListResponse,
      },
      async (request) => ok(await patrols.list(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/patrol/vodetail',
      {
        summary: '巡查详情：轨迹（超过 5000 点时抽稀）、里程、时长、巡查中上报的事件',
        query: patrolIdQuery,
        response: patrolDetailResponse,
      },
      async (request) => ok(await patrols.detail(Number(request.query.patrolId), operatorOf(request))),
    );
    route.get(
      '/adm/patrol/tools/list',
      {
        summary: '巡查方式（数据字典 patrolTools：步行、自行车、电动车、汽车、无人机）',
        description: '巡查记录的筛选与手机端开始巡查都要用到，任何已登录的运营人员可读（与数据字典一致）。',
        access: 'operator:self',
        response: patrolToolsResponse,
      },
      async () => ok(await patrols.toolList()),
    );
    route.get(
      '/adm/patrol/current',
      {
        summary: '本人进行中的巡查（手机端重启后续传轨迹用），没有则为 null',
        access: 'operator:grid:report',
        response: patrolCurrentResponse,
      },
      async (request) => ok(await patrols.current(operatorOf(request))),
    );

    route.post(
      '/adm/patrol/start',
      {
        summary: '开始巡查（同一人同时只能有一次进行中的巡查，否则 409）',
        description: '所属网格取自本人的网格角色；没有网格角色时按本人所在单位的区域记录。',
        access: 'operator:grid:report',
        body: patrolStartBody,
        response: patrolRowResponse,
      },
      async (request) => ok(await patrols.start(request.body, handlerOf(request)), '巡查已开始'),
    );
    route.post(
      '/adm/patrol/points',
      {
        summary: '上传巡查轨迹点（每批最多 500 个；只能上传本人进行中的巡查）',
        description:
          't 为 Unix 毫秒（手机 GPS 时间），服务器按秒保存、每秒一个点：断线后重发同一批不会重复保存。早于巡查开始或超前服务器 5 分钟以上的点拒收，隐含速度超过 200 km/h 的跳点视为 GPS 漂移丢弃；答复中分别计数。',
        access: 'operator:grid:report',
        body: patrolPointsBody,
        response: patrolPointsResponse,
      },
      async (request) => ok(await patrols.points(request.body, operatorOf(request))),
    );
    route.post(
      '/adm/patrol/finish',
      {
        summary: '结束巡查（只能结束本人的巡查）',
        access: 'operator:grid:report',
        body: patrolFinishBody,
        response: patrolRowResponse,
      },
      async (request) => ok(await patrols.finish(request.body, handlerOf(request)), '巡查已结束'),
    );
  };
}
