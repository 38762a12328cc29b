import { PassThrough } from 'node:stream';
import {
  breakdownResponse,
  catalogCountTreeResponse,
  catalogStatsQuery,
  catalogStatsResponse,
  dateCountsResponse,
  eventCountsQuery,
  eventDateResponse,
  eventListResponse,
  gridAnalyzeQuery,
  gridAnalyzeResponse,
  gridCodeRequired,
  gridEventQuery,
  gridIncidentCountQuery,
  gridIncidentCountResponse,
  handlingResponse,
  hotMapQuery,
  hotMapResponse,
  incidentPeriodQuery,
  indexDateQuery,
  indexEventPageQuery,
  locationQuery,
  locationResponse,
  orgEventTreeResponse,
  STATISTICS_SHEETS,
  stateCountsResponse,
  statisticsExportQuery,
  statisticsQuery,
  topCatalogsResponse,
} from '@lantian/contracts';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { EXPORT_EVENT_LIMIT, type IncidentsService } from './incidents.service';

const PERIOD_NOTE = '时间为北京时间，默认最近 30 天，最长 3 年；eventClassification 含其子类。';

/** An ASCII fallback and the RFC 5987 UTF-8 name: browsers take filename*, old clients the plain one. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Spec §7 "Platform: events, patrol, org, grid, hot map", the read side: the hot map
 * `/adm/incident/*`, `/adm/statistics/*` (with an Excel export), the index page's `/adm/index/*` and
 * chart counts, and the grid event counts under `/adm/grid/*`.
 */
export function incidentsRoutes(incidents: IncidentsService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['grid-events'], access: 'operator:grid:stats', signed: false });
    const view = 'operator:grid:view' as const;

    // --- Hot map ---------------------------------------------------------------------------------
    route.get(
      '/adm/incident/getVoLocationData',
      {
        summary:
          '事件热力图：按缩放级别把事件聚合到格子（格边长 360/2^(zoom+2) 度），每格给出平均位置、事件数和主要类别',
        description: `${PERIOD_NOTE} zoom 3–18（默认 10）；可给视野范围 minLon、minLat、maxLon、maxLat。`,
        query: hotMapQuery,
        response: hotMapResponse,
      },
      async (request) => ok(await incidents.hotMap(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/incident/getLocationData',
      {
        summary: '视野内的事件点位（放大后显示标记），最多 500 个，超出时 truncated 为 true',
        description: `${PERIOD_NOTE} 必须给出视野范围 minLon、minLat、maxLon、maxLat。`,
        query: locationQuery,
        response: locationResponse,
      },
      async (request) => ok(await incidents.locations(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/incident/getVoLocationTreeData',
      {
        summary: '事件类别树及各类事件数（子类计入上级）',
        description: PERIOD_NOTE,
        query: incidentPeriodQuery,
        response: catalogCountTreeResponse,
      },
      async (request) => ok(await incidents.catalogTree(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/incident/queryStatisticsByCatalogCode',
      {
        summary: '某类事件（含子类）的统计：按状态、按日/月、按网格',
        description: PERIOD_NOTE,
        query: catalogStatsQuery,
        response: catalogStatsResponse,
      },
      async (request) => ok(await incidents.catalogStatistics(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/incident/queryCatalogIncidentData',
      {
        summary: '各类事件数：总数、待处置、已结案、逾期',
        description: PERIOD_NOTE,
        query: incidentPeriodQuery,
        response: breakdownResponse,
      },
      async (request) => ok(await incidents.byCatalog(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/incident/queryVoTopTeenIncidentData',
      {
        summary: '事件数最多的 10 个类别',
        description: PERIOD_NOTE,
        query: incidentPeriodQuery,
        response: topCatalogsResponse,
      },
      async (request) => ok(await incidents.topCatalogs(request.query, operatorOf(request))),
    );

    // --- Statistics ------------------------------------------------------------------------------
    route.get(
      '/adm/statistics/byCatalog',
      { summary: '按事件类别统计', description: PERIOD_NOTE, query: incidentPeriodQuery, response: breakdownResponse },
      async (request) => ok(await incidents.byCatalog(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/statistics/byGrid',
      {
        summary: '按网格统计：不给 gridCode 按顶级网格，给出则按其下一级网格',
        description: `${PERIOD_NOTE} 直接归在 gridCode 本级的事件单列为「（本级）」。`,
        query: statisticsQuery,
        response: breakdownResponse,
      },
      async (request) => ok(await incidents.byGrid(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/statistics/byOrg',
      {
        summary: '按派遣组织统计（未派遣的单列）',
        description: PERIOD_NOTE,
        query: incidentPeriodQuery,
        response: breakdownResponse,
      },
      async (request) => ok(await incidents.byOrg(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/statistics/byPeriod',
      {
        summary: '按时间统计：timeType 为 day、month 或 year，范围内每个时段一行（没有事件的为 0）',
        description: PERIOD_NOTE,
        query: statisticsQuery,
        response: breakdownResponse,
      },
      async (request) => ok(await incidents.byPeriod(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/statistics/handling',
      {
        summary: '处置时效：响应（上报→受理）、派遣、处置（派遣→处置完成）、办结（上报→结案）的平均与中位时长，逾期率',
        description: `${PERIOD_NOTE} 逾期：曾被标记逾期，或未处置且已过处置时限。`,
        query: incidentPeriodQuery,
        response: handlingResponse,
      },
      async (request) => ok(await incidents.handling(request.query, operatorOf(request))),
    );
    app.get(
      '/adm/statistics/export',
      {
        config: { access: 'operator:grid:stats', signed: false, writes: false },
        schema: {
          tags: ['grid-events'],
          summary: '导出统计表（Excel .xlsx）',
          description: `sheet：${Object.entries(STATISTICS_SHEETS)
            .map(([k, v]) => `${k} ${v}`)
            .join(
              '、',
            )}；其余参数同对应的统计接口。事件明细至多 ${EXPORT_EVENT_LIMIT.toLocaleString('en-US')} 行，超出返回 400。`,
          querystring: statisticsExportQuery,
        },
      },
      async (request, reply) => {
        const file = await incidents.export(request.query, operatorOf(request));
        const body = new PassThrough();
        // Written while the reply streams it; a failure half-way can only cut the download short.
        file.write(body).catch((err: unknown) => {
          request.log.error({ err }, 'statistics export failed while streaming');
          body.destroy(err instanceof Error ? err : new Error(String(err)));
        });
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', contentDisposition(file.filename))
          .header('cache-control', 'no-store')
          .send(body);
      },
    );

    // --- Index page --------------------------------------------------------------------------------
    route.get(
      '/adm/index/voEventDate',
      {
        summary: '每日事件数（北京时间按日）',
        description: PERIOD_NOTE,
        query: indexDateQuery,
        response: eventDateResponse,
      },
      async (request) => ok(await incidents.eventsPerDay(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/index/voEventStateDate',
      {
        summary: '首页最新事件及其状态（分页：pageNo、pageSize）',
        access: view,
        query: indexEventPageQuery,
        response: eventListResponse,
      },
      async (request) => ok(await incidents.newestEvents(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/index/voOrgTreeData',
      {
        summary: '组织树及各组织的事件数（派遣给它的、其中未办完的、已结案的）',
        access: view,
        response: orgEventTreeResponse,
      },
      async (request) => ok(await incidents.orgTree(operatorOf(request))),
    );
    route.get(
      '/adm/event/voEventStatusChartDateCount',
      {
        summary: '各状态事件数随时间（按日或按月，每个状态一条序列）',
        description: PERIOD_NOTE,
        access: view,
        query: eventCountsQuery,
        response: dateCountsResponse,
      },
      async (request) => ok(await incidents.dateSeries('state', request.query, operatorOf(request))),
    );
    route.get(
      '/adm/event/voEventCatalogChartDateCount',
      {
        summary: '各大类事件数随时间（按日或按月，每个大类一条序列，子类计入大类）',
        description: PERIOD_NOTE,
        access: view,
        query: eventCountsQuery,
        response: dateCountsResponse,
      },
      async (request) => ok(await incidents.dateSeries('catalog', request.query, operatorOf(request))),
    );

    // --- Grid event counts ---------------------------------------------------------------------------
    route.get(
      '/adm/grid/getGridEventCountInfo',
      {
        summary: '网格（含下级网格）的事件数：按状态，及逾期数',
        access: view,
        query: gridCodeRequired,
        response: stateCountsResponse,
      },
      async (request) => ok(await incidents.gridCounts(request.query.gridCode, operatorOf(request))),
    );
    route.get(
      '/adm/grid/getGridEvent',
      {
        summary: '网格（含下级网格）的事件列表，行同 /adm/event/list',
        access: view,
        query: gridEventQuery,
        response: eventListResponse,
      },
      async (request) => ok(await incidents.gridEvents(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/grid/getGridEventAnalyzeData',
      {
        summary: '网格事件分析：各下级网格与各类别的事件数',
        description: PERIOD_NOTE,
        access: view,
        query: gridAnalyzeQuery,
        response: gridAnalyzeResponse,
      },
      async (request) => ok(await incidents.gridAnalysis(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/grid/getGridIncidentCount',
      {
        summary: '各下级网格的事件数（分级设色图）：parentCode 按其下一级网格，areaCode 按区县的顶级网格',
        description: PERIOD_NOTE,
        access: view,
        query: gridIncidentCountQuery,
        response: gridIncidentCountResponse,
      },
      async (request) => ok(await incidents.childGridCounts(request.query, operatorOf(request))),
    );
  };
}
