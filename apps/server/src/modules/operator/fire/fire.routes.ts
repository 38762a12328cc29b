import {
  fireAlarmDetailResponse,
  fireAlarmHandleBody,
  fireAlarmIdQuery,
  fireAlarmListQuery,
  fireAlarmListResponse,
  fireAlarmTypeCountResponse,
  fireQuery,
  fireRankQuery,
  fireRankResponse,
  fireSiteListResponse,
  fireSiteQuery,
  fireSurveyResponse,
  fireTrendResponse,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { actorOf, operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { FireAlarmsService, FireHandler } from './fire-alarms.service';
import type { FireSitesService } from './fire-sites.service';

const SCOPE_NOTE =
  '限本人所辖区域；地区参数超出辖区为 403 AREA_OUT_OF_SCOPE，未知地区或站点 404。期间 dateType 默认本月（截至当前）。';

const handlerOf = (request: FastifyRequest): FireHandler => ({
  actor: actorOf(request),
  ip: request.ip,
  scope: operatorOf(request).scope,
});

/** Spec §7 /fire/alarm/* and /fire/site/findList (fire:view), and handling a fire alarm (alarm:handle). */
export function fireRoutes(alarms: FireAlarmsService, sites: FireSitesService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['fire'], access: 'operator:fire:view', signed: false });
    route.get(
      '/fire/alarm/survey',
      {
        summary: '消防告警概况：期间告警数、去重事件数、环比、火警、待处理、误报，站点与设备在线数',
        description: SCOPE_NOTE,
        query: fireQuery,
        response: fireSurveyResponse,
      },
      async (request) => ok(await alarms.survey(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/fire/alarm/rank',
      {
        summary: '消防告警排名：按站点或区县的告警数（含火警数）',
        description: SCOPE_NOTE,
        query: fireRankQuery,
        response: fireRankResponse,
      },
      async (request) => ok(await alarms.rank(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/fire/alarm/trend',
      {
        summary: '消防告警趋势：今日逐小时、本周与本月逐日、本年逐月，按告警类型',
        description: SCOPE_NOTE,
        query: fireQuery,
        response: fireTrendResponse,
      },
      async (request) => ok(await alarms.trend(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/fire/alarm/alarmTypeCount',
      {
        summary: '消防告警类型统计：火警、烟感报警、温度异常、设备故障、设备离线',
        description: SCOPE_NOTE,
        query: fireQuery,
        response: fireAlarmTypeCountResponse,
      },
      async (request) => ok(await alarms.typeCount(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/fire/alarm/list',
      {
        summary: '消防告警列表（分页，最新在前）：类型、状态、处理结论、关键字筛选，附最近的视频设备',
        description: `${SCOPE_NOTE}视频设备为半径 FIRE_CAMERA_RADIUS_METERS（默认 1000 米）内的 C01 设备。`,
        query: fireAlarmListQuery,
        response: fireAlarmListResponse,
      },
      async (request) => ok(await alarms.list(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/fire/alarm/detail',
      {
        summary: '消防告警详情：处理记录、处理结论、告警前后的探测温度与最快温升、最近的视频设备',
        description: '辖区外或非消防设备的告警为 404。',
        query: fireAlarmIdQuery,
        response: fireAlarmDetailResponse,
      },
      async (request) =>
        ok(await alarms.detail(Number(request.query.alarmId), request.query.videoType, operatorOf(request).scope)),
    );
    route.post(
      '/fire/alarm/handle',
      {
        summary: '处理消防告警：确认，或解除并填写处理结论（确认火警、误报、测试、设备故障）',
        description: '与告警中心同一生命周期（待处理 → 已确认 → 已解除）；已解除的告警不能再处理（409）。',
        access: 'operator:alarm:handle',
        body: fireAlarmHandleBody,
        response: fireAlarmDetailResponse,
      },
      async (request) =>
        ok(
          await alarms.handle(request.body, handlerOf(request)),
          request.body.action === 'clear' ? '已解除' : '已确认',
        ),
    );
    route.get(
      '/fire/site/findList',
      {
        summary: '消防监测站点（分页）：探测器最新信号与在线状态、站点状态、最近的视频设备',
        description: `${SCOPE_NOTE}状态：报警（火警、烟感、温度告警未解除）> 故障 > 离线 > 正常。`,
        query: fireSiteQuery,
        response: fireSiteListResponse,
      },
      async (request) => ok(await sites.list(request.query, operatorOf(request).scope)),
    );
  };
}
