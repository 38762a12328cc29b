import {
  airAlarmInfoQuery,
  airAlarmInfoResponse,
  alarmAcknowledgeBody,
  alarmAnalysisQuery,
  alarmClearBody,
  alarmCountsResponse,
  alarmDetailResponse,
  alarmIdQuery,
  alarmListQuery,
  alarmListResponse,
  alarmRuleIdBody,
  alarmRuleListQuery,
  alarmRuleListResponse,
  alarmRuleResponse,
  alarmRuleSaveBody,
  alarmRuleUpdateBody,
  deviceAlarmTrendResponse,
  emptyPlatformResponse,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { actorOf, operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { AlarmsService, Handler } from './alarms.service';
import type { AlarmLive } from './live';

const handlerOf = (request: FastifyRequest): Handler => ({
  actor: actorOf(request),
  ip: request.ip,
  scope: operatorOf(request).scope,
});

/** Spec §7 alarm centre, air alarm information and alarm analysis; the rules; the live stream. */
export function deviceAlarmsRoutes(alarms: AlarmsService, live: AlarmLive) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['device-alarms'], access: 'operator:alarm:view', signed: false });
    const handle = 'operator:alarm:handle' as const;
    const rule = 'operator:alarm:rule' as const;

    route.get(
      '/adm/alarm/center/bd/list',
      {
        summary: '告警中心列表（本辖区）：状态、类型、级别、设备、关键字、时间筛选',
        query: alarmListQuery,
        response: alarmListResponse,
      },
      async (request) => ok(await alarms.list(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/adm/alarm/center/bd/detail',
      { summary: '告警详情与处理记录', query: alarmIdQuery, response: alarmDetailResponse },
      async (request) => ok(await alarms.detail(Number(request.query.alarmId), operatorOf(request).scope)),
    );
    route.post(
      '/adm/alarm/center/bd/acknowledge',
      {
        summary: '确认告警（待处理 → 已确认）',
        access: handle,
        body: alarmAcknowledgeBody,
        response: alarmDetailResponse,
      },
      async (request) =>
        ok(await alarms.acknowledge(Number(request.body.alarmId), request.body.note, handlerOf(request)), '已确认'),
    );
    route.post(
      '/adm/alarm/center/bd/clear',
      { summary: '手动解除告警（须填写说明）', access: handle, body: alarmClearBody, response: alarmDetailResponse },
      async (request) =>
        ok(await alarms.clear(Number(request.body.alarmId), request.body.note, handlerOf(request)), '已解除'),
    );
    app.get(
      '/adm/alarm/center/stream',
      {
        config: { access: 'operator:alarm:view', signed: false, writes: false },
        schema: {
          tags: ['device-alarms'],
          summary: '告警实时推送（Server-Sent Events）：event: alarm，data: {action, alarm}',
          description:
            '每条消息的 data 为 JSON：{action, alarm}（契约 alarmStreamEvent）；action 为 raise（新告警）、repeat（持续中再次触发）、acknowledge（已确认）、clear（已解除）；alarm 与告警列表的行相同。只推送本辖区的告警；每 25 秒一行注释保持连接。',
        },
      },
      (request, reply) => {
        const scope = operatorOf(request).scope;
        reply.hijack();
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        reply.raw.write(`retry: 3000\n: connected\n\n`);
        live.attach(reply.raw, scope, () => undefined);
      },
    );

    route.get(
      '/alarm/info/voAirAlarmInformation',
      {
        summary: '空气监测设备最新告警：按时间段，或最新 limit 条（默认 20）',
        query: airAlarmInfoQuery,
        response: airAlarmInfoResponse,
      },
      async (request) => ok(await alarms.airAlarms(request.query, operatorOf(request).scope)),
    );
    const analysis = [
      ['levelCount', '按级别统计告警数', 'countByLevel'],
      ['typeCount', '按类型统计告警数', 'countByType'],
      ['deviceRank', '告警最多的设备（前 20）', 'deviceRank'],
    ] as const;
    for (const [path, summary, method] of analysis) {
      route.get(
        `/alarm/analysis/${path}`,
        { summary: `告警分析：${summary}（默认近 30 天）`, query: alarmAnalysisQuery, response: alarmCountsResponse },
        async (request) => ok(await alarms[method](request.query, operatorOf(request).scope)),
      );
    }
    route.get(
      '/alarm/analysis/trend',
      {
        summary: '告警分析：每日新增告警数（默认近 30 天）',
        query: alarmAnalysisQuery,
        response: deviceAlarmTrendResponse,
      },
      async (request) => ok(await alarms.trend(request.query, operatorOf(request).scope)),
    );

    route.get(
      '/adm/alarm/rule/list',
      { summary: '告警规则列表', query: alarmRuleListQuery, response: alarmRuleListResponse },
      async (request) => ok(await alarms.rules(request.query)),
    );
    route.post(
      '/adm/alarm/rule/save',
      { summary: '新增告警规则', access: rule, body: alarmRuleSaveBody, response: alarmRuleResponse },
      async (request) => ok(await alarms.createRule(request.body, handlerOf(request)), '已新增'),
    );
    route.post(
      '/adm/alarm/rule/update',
      { summary: '修改告警规则', access: rule, body: alarmRuleUpdateBody, response: alarmRuleResponse },
      async (request) => ok(await alarms.updateRule(request.body, handlerOf(request)), '已保存'),
    );
    route.post(
      '/adm/alarm/rule/delete',
      {
        summary: '删除告警规则（有未解除告警时不能删除）',
        access: rule,
        body: alarmRuleIdBody,
        response: emptyPlatformResponse,
      },
      async (request) => {
        await alarms.deleteRule(Number(request.body.ruleId), handlerOf(request));
        return ok(null, '已删除');
      },
    );
  };
}
