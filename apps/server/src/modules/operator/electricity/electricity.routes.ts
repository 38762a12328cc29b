import {
  alarmAcknowledgeBody,
  alarmClearBody,
  alarmDetailResponse,
  eleAlarmIdQuery,
  eleAlarmListQuery,
  eleAlarmListResponse,
  eleCompareQuery,
  eleCompareResponse,
  eleDayChartQuery,
  eleDayChartResponse,
  eleDoneResponse,
  eleEnterpriseIdQuery,
  eleEnterpriseListQuery,
  eleEnterpriseListResponse,
  eleEnterpriseRow,
  eleEnterpriseSaveBody,
  eleFreeMetersResponse,
  eleHistoryQuery,
  eleHistoryResponse,
  eleHomeMapResponse,
  eleHomeOverviewResponse,
  eleHomeTrendQuery,
  eleHomeTrendResponse,
  eleIdResponse,
  eleOperationDeleteBody,
  eleOperationListQuery,
  eleOperationListResponse,
  eleOperationSaveBody,
  eleOrderListQuery,
  eleOrderListResponse,
  eleOrderRevokeBody,
  eleOrderSaveBody,
  eleProblemActionBody,
  eleProblemDetailResponse,
  eleProblemIdQuery,
  eleProblemListQuery,
  eleProblemListResponse,
  eleProblemSaveBody,
  eleSiteDeleteBody,
  eleSiteDeviceBindBody,
  eleSiteDeviceUnbindBody,
  eleSiteIdQuery,
  eleSiteListQuery,
  eleSiteListResponse,
  eleSiteResponse,
  eleSiteSaveBody,
  eleTradeTypesResponse,
  envelope,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { actorOf, operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { ProblemsService } from './problems.service';
import type { ReadingsService } from './readings.service';
import type { EleEditor, RegisterService } from './register.service';

const editorOf = (request: FastifyRequest): EleEditor => ({
  actor: actorOf(request),
  ip: request.ip,
  scope: operatorOf(request).scope,
});
const scopeOf = (request: FastifyRequest) => operatorOf(request).scope;
const SCOPE_NOTE = '限本人所辖区域：辖区外的企业、监测点、问题单为 404，辖区外的地区参数为 403 AREA_OUT_OF_SCOPE。';

/**
 * Spec §7 `/ele/*` (分表计电): reads with ele:view, writes (JSON posts, audited) with ele:edit. The
 * spec names the groups; the calls inside them and the write side are ours (docs/ELECTRICITY.md).
 */
export function electricityRoutes(services: {
  register: RegisterService;
  readings: ReadingsService;
  problems: ProblemsService;
}) {
  const { register, readings, problems } = services;
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['electricity'], access: 'operator:ele:view', signed: false });
    const edit = 'operator:ele:edit' as const;

    // --- Enterprises ---
    route.get(
      '/ele/eleEnterpriseInfo/list',
      {
        summary: '用电监管企业列表：名称或信用代码、行业类别、生产状态、区域；含监测点、电表在线、告警与问题单数',
        description: SCOPE_NOTE,
        query: eleEnterpriseListQuery,
        response: eleEnterpriseListResponse,
      },
      async (request) => ok(await register.enterprises(request.query, scopeOf(request))),
    );
    route.get(
      '/ele/eleEnterpriseInfo/detail',
      { summary: '企业详情', query: eleEnterpriseIdQuery, response: envelope(eleEnterpriseRow) },
      async (request) => ok(await register.enterprise(Number(request.query.enterpriseId), scopeOf(request))),
    );
    route.get(
      '/ele/eleEnterpriseInfo/tradeTypes',
      { summary: '行业类别（GB/T 4754-2017 国民经济行业分类）', response: eleTradeTypesResponse },
      async () => ok(register.tradeTypes()),
    );
    route.post(
      '/ele/eleEnterpriseInfo/save',
      {
        summary: '新增或修改企业（enterpriseId 不填为新增）；统一社会信用代码全国唯一',
        access: edit,
        body: eleEnterpriseSaveBody,
        response: envelope(eleEnterpriseRow),
      },
      async (request) => ok(await register.saveEnterprise(request.body, editorOf(request)), '已保存'),
    );

    // --- Overview ---
    route.get(
      '/ele/home/overview',
      {
        summary: '总览：企业、电表在线、今日告警、未解除告警、未办结问题单、执行中停限产令、当前异常企业',
        response: eleHomeOverviewResponse,
      },
      async (request) => ok(await readings.overview(scopeOf(request))),
    );
    route.get(
      '/ele/home/trend',
      {
        summary: '近 N 天（默认 7）每日用电量：生产与治污分开合计（kWh）',
        query: eleHomeTrendQuery,
        response: eleHomeTrendResponse,
      },
      async (request) => ok(await readings.trend(request.query, scopeOf(request))),
    );
    route.get(
      '/ele/home/map',
      { summary: '地图：辖区企业的位置与当前状态（abnormal：生产运行而治污停运）', response: eleHomeMapResponse },
      async (request) => ok(await register.allEnterprises(scopeOf(request))),
    );

    // --- Histories ---
    route.get(
      '/ele/eleDataHistories/list',
      {
        summary: '电表历史数据：功率、三相电流、累计电量与运行状态（默认最近 24 小时，最长 31 天，新的在前）',
        query: eleHistoryQuery,
        response: eleHistoryResponse,
      },
      async (request) => ok(await readings.history(request.query, scopeOf(request))),
    );
    route.get(
      '/ele/eleDataHistories/dayChart',
      {
        summary: '电表日曲线：一天的功率，默认每 15 分钟一个点（无数据为 null），与当日用电量',
        query: eleDayChartQuery,
        response: eleDayChartResponse,
      },
      async (request) => ok(await readings.dayChart(request.query, scopeOf(request))),
    );
    route.get(
      '/ele/eleDataHistories/compare',
      {
        summary: '企业生产与治污对比：各监测点一天的功率曲线，与持续不少于 minMinutes 的异常时段',
        query: eleCompareQuery,
        response: eleCompareResponse,
      },
      async (request) => ok(await readings.compare(request.query, scopeOf(request))),
    );

    // --- Alarms ---
    route.get(
      '/ele/eleAlarmInfo/list',
      {
        summary: '分表计电告警：企业电表的告警（与告警中心同一生命周期），及其问题单',
        query: eleAlarmListQuery,
        response: eleAlarmListResponse,
      },
      async (request) => ok(await problems.alarmList(request.query, scopeOf(request))),
    );
    route.get(
      '/ele/eleAlarmInfo/detail',
      { summary: '告警详情与处理记录', query: eleAlarmIdQuery, response: alarmDetailResponse },
      async (request) => ok((await problems.alarm(Number(request.query.id), scopeOf(request))).alarm),
    );
    route.post(
      '/ele/eleAlarmInfo/acknowledge',
      {
        summary: '确认告警（告警中心的同一操作）',
        access: edit,
        body: alarmAcknowledgeBody,
        response: alarmDetailResponse,
      },
      async (request) =>
        ok(
          await problems.handleAlarm('acknowledge', Number(request.body.alarmId), request.body.note, editorOf(request)),
          '已确认',
        ),
    );
    route.post(
      '/ele/eleAlarmInfo/clear',
      { summary: '解除告警（须填写说明）', access: edit, body: alarmClearBody, response: alarmDetailResponse },
      async (request) =>
        ok(
          await problems.handleAlarm('clear', Number(request.body.alarmId), request.body.note, editorOf(request)),
          '已解除',
        ),
    );

    // --- Monitoring points and meters ---
    route.get(
      '/ele/eleSite/list',
      {
        summary: '监测点（生产线、治污设施）：功率阈值、额定与基准功率、关联、电表与当前状态',
        query: eleSiteListQuery,
        response: eleSiteListResponse,
      },
      async (request) => ok(await register.sites(request.query, scopeOf(request))),
    );
    route.get(
      '/ele/eleSite/detail',
      { summary: '监测点详情', query: eleSiteIdQuery, response: eleSiteResponse },
      async (request) => ok(await register.site(Number(request.query.siteId), scopeOf(request))),
    );
    route.post(
      '/ele/eleSite/save',
      {
        summary: '新增或修改监测点；治污设施的 linkedSiteIds 为它服务的生产线（生产线的为服务它的治污设施）',
        access: edit,
        body: eleSiteSaveBody,
        response: eleSiteResponse,
      },
      async (request) => ok(await register.saveSite(request.body, editorOf(request)), '已保存'),
    );
    route.post(
      '/ele/eleSite/delete',
      { summary: '删除监测点（须先解绑电表）', access: edit, body: eleSiteDeleteBody, response: eleDoneResponse },
      async (request) => {
        await register.deleteSite(Number(request.body.siteId), editorOf(request));
        return ok(null, '已删除');
      },
    );
    route.get(
      '/ele/eleSitedevice/list',
      {
        summary: '监测点与电表：已绑定电表的监测点，电表在线、功率与运行状态',
        query: eleSiteListQuery,
        response: eleSiteListResponse,
      },
      async (request) => ok(await register.sites({ ...request.query, bound: 'yes' }, scopeOf(request))),
    );
    route.get(
      '/ele/eleSitedevice/freeMeters',
      { summary: '辖区内尚未绑定的电表（设备类型 P01）', response: eleFreeMetersResponse },
      async (request) => ok(await register.freeMeters(scopeOf(request))),
    );
    route.post(
      '/ele/eleSitedevice/bind',
      {
        summary: '为监测点绑定电表（deviceCode：电表 MN）',
        access: edit,
        body: eleSiteDeviceBindBody,
        response: eleSiteResponse,
      },
      async (request) =>
        ok(await register.bind(Number(request.body.siteId), request.body.deviceCode, editorOf(request)), '已绑定'),
    );
    route.post(
      '/ele/eleSitedevice/unbind',
      { summary: '解绑监测点的电表', access: edit, body: eleSiteDeviceUnbindBody, response: eleSiteResponse },
      async (request) => ok(await register.unbind(Number(request.body.siteId), editorOf(request)), '已解绑'),
    );

    // --- Problem forms ---
    route.get(
      '/ele/eleProblemForms/list',
      { summary: '问题单列表：企业、状态', query: eleProblemListQuery, response: eleProblemListResponse },
      async (request) => ok(await problems.problems(request.query, scopeOf(request))),
    );
    route.get(
      '/ele/eleProblemForms/detail',
      { summary: '问题单详情与流转记录', query: eleProblemIdQuery, response: eleProblemDetailResponse },
      async (request) => ok(await problems.problem(Number(request.query.problemId), scopeOf(request))),
    );
    route.post(
      '/ele/eleProblemForms/save',
      {
        summary: '新建问题单：由告警生成（alarmId）或手工填写（enterpriseId、title）',
        access: edit,
        body: eleProblemSaveBody,
        response: eleProblemDetailResponse,
      },
      async (request) => ok(await problems.createProblem(request.body, editorOf(request)), '已新建'),
    );
    route.post(
      '/ele/eleProblemForms/transition',
      {
        summary:
          '问题单流转：assign 指派（assignee）、rectify 提交整改、approve 复核通过、reject 复核退回、close 直接办结（后三者与整改须填写说明）',
        access: edit,
        body: eleProblemActionBody,
        response: eleProblemDetailResponse,
      },
      async (request) => ok(await problems.act(request.body, editorOf(request)), '已提交'),
    );

    // --- Operations ---
    route.get(
      '/ele/eleOperations/list',
      {
        summary: '电表运维记录：巡检、校验、维修、更换',
        query: eleOperationListQuery,
        response: eleOperationListResponse,
      },
      async (request) => ok(await problems.operations(request.query, scopeOf(request))),
    );
    route.post(
      '/ele/eleOperations/save',
      {
        summary: '登记电表运维（电表须已绑定到监测点）',
        access: edit,
        body: eleOperationSaveBody,
        response: eleIdResponse,
      },
      async (request) => ok(await problems.saveOperation(request.body, editorOf(request)), '已登记'),
    );
    route.post(
      '/ele/eleOperations/delete',
      { summary: '删除运维记录', access: edit, body: eleOperationDeleteBody, response: eleDoneResponse },
      async (request) => {
        await problems.deleteOperation(Number(request.body.id), editorOf(request));
        return ok(null, '已删除');
      },
    );

    // --- 停限产 orders (the spec's groups have none: ours) ---
    route.get(
      '/ele/eleOrders/list',
      {
        summary: '停限产令：企业、状态（未开始、执行中、已结束、已撤销）',
        query: eleOrderListQuery,
        response: eleOrderListResponse,
      },
      async (request) => ok(await register.orders(request.query, scopeOf(request))),
    );
    route.post(
      '/ele/eleOrders/save',
      {
        summary: '下达停限产令：停产（生产线不得运行）或限产 ratio%（功率不得超过基准的 100−ratio %）',
        access: edit,
        body: eleOrderSaveBody,
        response: eleIdResponse,
      },
      async (request) => ok(await register.saveOrder(request.body, editorOf(request)), '已下达'),
    );
    route.post(
      '/ele/eleOrders/revoke',
      { summary: '撤销未结束的停限产令', access: edit, body: eleOrderRevokeBody, response: eleDoneResponse },
      async (request) => {
        await register.revokeOrder(Number(request.body.orderId), editorOf(request));
        return ok(null, '已撤销');
      },
    );
  };
}
