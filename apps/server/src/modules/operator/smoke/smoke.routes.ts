import {
  alarmDetailResponse,
  enterpriseIdBody,
  enterpriseIdQuery,
  enterpriseListQuery,
  enterpriseListResponse,
  enterpriseResponse,
  enterpriseSaveBody,
  enterpriseUpdateBody,
  smokeAlarmCountQuery,
  smokeAlarmCountResponse,
  smokeAlarmHandleBody,
  smokeAlarmPageResponse,
  smokeAlarmQuery,
  smokeAreaQuery,
  smokeHistoryQuery,
  smokeHistoryResponse,
  smokeLivePageResponse,
  smokeLiveQuery,
  smokeLiveResponse,
  smokeMapResponse,
  smokeOverDaysQuery,
  smokeOverDaysResponse,
  smokeOverviewResponse,
  smokeRunningQuery,
  smokeRunningResponse,
  smokeSiteQuery,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { actorOf, operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { Editor, EnterprisesService } from './enterprises.service';
import type { SmokeService } from './smoke.service';

const editorOf = (request: FastifyRequest): Editor => ({
  actor: actorOf(request),
  ip: request.ip,
  scope: operatorOf(request).scope,
});

const SCOPE_NOTE = '限本人所辖区域；地区参数超出辖区为 403 AREA_OUT_OF_SCOPE，辖区外的企业与设备为 404。';
const SITE_NOTE = `${SCOPE_NOTE}以 stationCode（企业编号）、siteCode（站点编码）或 deviceCode（油烟监测仪 MN）之一指定监测点。`;

/**
 * Spec §7's smoke calls (smoke:view to read, smoke:edit to write): the enterprise register
 * `/enterprise/manager/*` (JSON posts, audited), the live state `/smk/dataLives/*`, the histories
 * `/smk/smkDataHistories/*` and the smoke alarms `/smk/alarm/*` of the shared alarm lifecycle.
 */
export function smokeRoutes(parts: { register: EnterprisesService; smoke: SmokeService }) {
  const { register, smoke } = parts;
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['smoke'], access: 'operator:smoke:view', signed: false });
    const edit = 'operator:smoke:edit' as const;

    route.get(
      '/enterprise/manager/list',
      {
        summary: '企业名录（分页）：名称/信用代码/地址搜索，地区、行业、规模、经营状态、启用筛选',
        description: SCOPE_NOTE,
        query: enterpriseListQuery,
        response: enterpriseListResponse,
      },
      async (request) => ok(await register.list(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/enterprise/manager/detail',
      { summary: '企业详情', description: SCOPE_NOTE, query: enterpriseIdQuery, response: enterpriseResponse },
      async (request) => ok(await register.detail(Number(request.query.enterpriseId), operatorOf(request).scope)),
    );
    route.post(
      '/enterprise/manager/save',
      {
        summary: '登记企业（统一社会信用代码按 GB 32100-2015 校验，全国唯一；站点须在本辖区）',
        access: edit,
        body: enterpriseSaveBody,
        response: enterpriseResponse,
      },
      async (request) => ok(await register.create(request.body, editorOf(request)), '已登记'),
    );
    route.post(
      '/enterprise/manager/update',
      { summary: '修改企业', access: edit, body: enterpriseUpdateBody, response: enterpriseResponse },
      async (request) => ok(await register.update(request.body, editorOf(request)), '已保存'),
    );
    route.post(
      '/enterprise/manager/disable',
      { summary: '停用企业（不再列入油烟监测）', access: edit, body: enterpriseIdBody, response: enterpriseResponse },
      async (request) =>
        ok(await register.setEnabled(Number(request.body.enterpriseId), false, editorOf(request)), '已停用'),
    );
    route.post(
      '/enterprise/manager/enable',
      { summary: '启用企业', access: edit, body: enterpriseIdBody, response: enterpriseResponse },
      async (request) =>
        ok(await register.setEnabled(Number(request.body.enterpriseId), true, editorOf(request)), '已启用'),
    );

    route.get(
      '/smk/dataLives/list',
      {
        summary: '油烟实时状态（分页）：最新浓度、风机与净化器状态、在线、超标与净化器未开',
        description: `${SCOPE_NOTE}超标与净化器未开以未解除的油烟告警为准（10 分钟均值判断）。`,
        query: smokeLiveQuery,
        response: smokeLivePageResponse,
      },
      async (request) => ok(await smoke.live(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/smk/dataLives/overview',
      {
        summary: '油烟监测总览：企业数、在线、运行、超标、净化器未开、未解除告警',
        description: SCOPE_NOTE,
        query: smokeAreaQuery,
        response: smokeOverviewResponse,
      },
      async (request) => ok(await smoke.overview(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/smk/dataLives/mapPoints',
      { summary: '油烟监测地图点位', description: SCOPE_NOTE, query: smokeAreaQuery, response: smokeMapResponse },
      async (request) => ok(await smoke.map(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/smk/dataLives/detail',
      {
        summary: '某企业的实时状态与登记信息',
        description: SITE_NOTE,
        query: smokeSiteQuery,
        response: smokeLiveResponse,
      },
      async (request) => ok(await smoke.detail(request.query, operatorOf(request).scope)),
    );

    route.get(
      '/smk/smkDataHistories/list',
      {
        summary: '油烟历史数据：油烟浓度、风机与净化器电流（10 分钟、小时、日）及限值',
        description: `${SITE_NOTE}默认 10 分钟值、最近 24 小时；10 分钟值至多 7 天，小时 92 天，日 366 天。`,
        query: smokeHistoryQuery,
        response: smokeHistoryResponse,
      },
      async (request) => ok(await smoke.history(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/smk/smkDataHistories/runningState',
      {
        summary: '风机与净化器运行状态时间轴（10 分钟时段）',
        description: `${SITE_NOTE}时段状态取该 10 分钟电流均值与运行阈值比较；无数据为未知。默认最近 24 小时，至多 7 天。`,
        query: smokeRunningQuery,
        response: smokeRunningResponse,
      },
      async (request) => ok(await smoke.running(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/smk/smkDataHistories/overLimitDays',
      {
        summary: '逐日超标分钟数（10 分钟均值超过限值的时段 × 10）、日均值与最大值',
        description: `${SITE_NOTE}默认最近 7 天，至多 31 天。`,
        query: smokeOverDaysQuery,
        response: smokeOverDaysResponse,
      },
      async (request) => ok(await smoke.overDays(request.query, operatorOf(request).scope)),
    );

    route.get(
      '/smk/alarm/list',
      {
        summary: '油烟告警（分页）：超标、净化器未开、离线等，状态/类型/地区/企业/时间筛选',
        description: `${SCOPE_NOTE}告警与告警中心为同一生命周期（待处理 → 已确认 → 已解除）。`,
        query: smokeAlarmQuery,
        response: smokeAlarmPageResponse,
      },
      async (request) => ok(await smoke.alarms(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/smk/alarm/typeCount',
      {
        summary: '油烟告警按类型计数（期间产生的与当前未解除的）',
        description: `${SCOPE_NOTE}默认最近 30 天，至多 366 天。`,
        query: smokeAlarmCountQuery,
        response: smokeAlarmCountResponse,
      },
      async (request) => ok(await smoke.alarmCounts(request.query, operatorOf(request).scope)),
    );
    route.post(
      '/smk/alarm/handle',
      {
        summary: '处理油烟告警：确认（acknowledge）或解除（clear，须填写说明），记入审计',
        access: edit,
        body: smokeAlarmHandleBody,
        response: alarmDetailResponse,
      },
      async (request) => ok(await smoke.handle(request.body, editorOf(request)), '已处理'),
    );
  };
}
