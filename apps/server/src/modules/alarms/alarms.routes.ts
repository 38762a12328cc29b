import { alarmCodesResponse, alarmInfoResponse, alarmTrendResponse } from '@lantian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AirRepository } from '../air';
import type { PublicDataDeps } from '../public-api/deps';
import { ok } from '../public-api/presenters';
import { StationsRepository } from '../stations';
import { ALARM_RULE } from './alarm-codes';
import { alarmInfoBody, alarmTrendBody } from './alarms.schemas';
import { AlarmService } from './alarms.service';

const tags = ['alarms'];

export const alarmRoutes: FastifyPluginAsyncZod<PublicDataDeps> = async (app, deps) => {
  const service = new AlarmService(new AirRepository(deps.database), new StationsRepository(deps.database), deps.now);

  app.post(
    '/api/getAlarmInfo',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '超标告警事件：城市或站点 AQI / 污染物达到告警级别（默认近 24 小时，最长 7 天，默认 20 条）',
        description: ALARM_RULE,
        body: alarmInfoBody,
        response: { 200: alarmInfoResponse },
      },
    },
    async (request) => ok(await service.info(request.body)),
  );

  app.post(
    '/api/getAlarmItemTrend',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '告警项目的逐小时趋势与分级阈值（城市或站点，最长 7 天）',
        body: alarmTrendBody,
        response: { 200: alarmTrendResponse },
      },
    },
    async (request) => ok(await service.trend(request.body)),
  );

  app.get(
    '/api/getAlarmCode',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '告警级别字典：级别代码、名称、颜色与各项目的分级断点',
        response: { 200: alarmCodesResponse },
      },
    },
    async (_request, reply) => {
      // The dictionary changes only with a deploy.
      reply.header('cache-control', 'public, max-age=3600');
      return ok(service.codes());
    },
  );
};
