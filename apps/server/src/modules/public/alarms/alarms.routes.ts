import { alarmCodesResponse, alarmInfoResponse, alarmTrendResponse } from '@lantian/contracts';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { ALARM_RULE } from './alarm-codes';
import { alarmInfoBody, alarmTrendBody } from './alarms.schemas';
import type { AlarmService } from './alarms.service';

/** The public threshold alarms (spec §7 "Public data"). */
export function alarmRoutes(service: AlarmService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['alarms'], access: 'public', signed: true });

    route.post(
      '/api/getAlarmInfo',
      {
        summary: '超标告警事件：城市或站点 AQI / 污染物达到告警级别（默认近 24 小时，最长 7 天，默认 20 条）',
        description: ALARM_RULE,
        body: alarmInfoBody,
        response: alarmInfoResponse,
      },
      async ({ body }) => ok(await service.info(body)),
    );

    route.post(
      '/api/getAlarmItemTrend',
      {
        summary: '告警项目的逐小时趋势与分级阈值（城市或站点，最长 7 天）',
        body: alarmTrendBody,
        response: alarmTrendResponse,
      },
      async ({ body }) => ok(await service.trend(body)),
    );

    route.get(
      '/api/getAlarmCode',
      { summary: '告警级别字典：级别代码、名称、颜色与各项目的分级断点', response: alarmCodesResponse },
      async (_request, reply) => {
        // The dictionary changes only with a deploy.
        reply.header('cache-control', 'public, max-age=3600');
        return ok(service.codes());
      },
    );
  };
}
