import {
  autoMonitorQuery,
  autoMonitorResponse,
  scheduleAddBody,
  scheduleAddOrUpdateBody,
  scheduleIdBody,
  scheduleListQuery,
  scheduleListResponse,
  scheduleRowResponse,
  scheduleUpdateBody,
} from '@lantian/contracts';
import { FORM } from '../../../platform/http/params';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { handlerOf } from './handler';
import type { SchedulesService } from './schedules.service';

const SCHEDULE = 'operator:report:schedule';
const NOTE =
  'JSON 或表单提交：summary 为定时设置的 JSON 文本（templateId、hour、weekday、dayOfMonth、minDays、enabled），区域为 area.name（区域全称或 6 位代码；JSON 中也可写 {"area":{"name":…}}）。';

/** Spec §7 "Platform: reports" — the report calls under /report/: scheduled reports and what they generated. */
export function schedulesRoutes(schedules: SchedulesService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['reports'], access: SCHEDULE, signed: false });
    const consumes = ['application/json', ...FORM];
    route.post(
      '/report/reportAdd',
      { summary: '新增定时报告', description: NOTE, consumes, body: scheduleAddBody, response: scheduleRowResponse },
      async (request) =>
        ok(await schedules.save({ ...request.body, id: undefined }, handlerOf(request)), '定时报告已保存'),
    );
    route.post(
      '/report/reportUpdate',
      { summary: '修改定时报告', description: NOTE, consumes, body: scheduleUpdateBody, response: scheduleRowResponse },
      async (request) => ok(await schedules.save(request.body, handlerOf(request)), '定时报告已保存'),
    );
    route.post(
      '/report/addOrUpdate',
      {
        summary: '新增或修改定时报告（有 id 为修改）',
        description: NOTE,
        consumes,
        body: scheduleAddOrUpdateBody,
        response: scheduleRowResponse,
      },
      async (request) => ok(await schedules.save(request.body, handlerOf(request)), '定时报告已保存'),
    );
    route.post(
      '/report/reportDelete',
      { summary: '删除定时报告（已生成的报告保留）', body: scheduleIdBody },
      async (request) => {
        await schedules.remove(Number(request.body.id), handlerOf(request));
        return ok(null, '定时报告已删除');
      },
    );
    route.get(
      '/report/reportList/autoMonitor',
      {
        summary: '定时生成的报告（按生成时间）',
        access: 'operator:report:view',
        query: autoMonitorQuery,
        response: autoMonitorResponse,
      },
      async (request) => ok(await schedules.autoMonitor(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/report/voreportlist',
      {
        summary: '定时报告列表：频率、区域、模板、下次与上次运行',
        access: 'operator:report:view',
        query: scheduleListQuery,
        response: scheduleListResponse,
      },
      async (request) => ok(await schedules.list(request.query, operatorOf(request).scope)),
    );
  };
}
