import {
  clusterDataResponse,
  clusterEachResponse,
  clusterMsgResponse,
  EXPORT_FORMATS,
  exportTicketResponse,
  HISTORY_LIMITS,
  historyDataResponse,
} from '@lantian/contracts';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { ClustersService } from './clusters.service';
import { clusterQuery, exportBody, exportFileParams, historyQueryBody } from './data-analysis.schemas';
import { EXPORT_TICKET_SECONDS, type ExportService } from './export.service';
import type { HistoryService } from './history.service';

const LIMITS = `一次最多 ${HISTORY_LIMITS.maxTargets} 个城市或站点；逐小时（及站点的逐日、逐月）最长 ${HISTORY_LIMITS.maxHourSpanDays} 天，城市逐日最长 ${HISTORY_LIMITS.maxDaySpanDays} 天、逐月最长 ${HISTORY_LIMITS.maxMonthSpan} 个月。`;
const ERRORS =
  '结束早于开始或超出上限 → 400（40001，msg 指明字段与上限）；未知城市 → 404（40402），未知站点 → 404（40430），data 列出未知的代码。';
const CLUSTER_NOTE =
  '按站点污染物日变化曲线的形状聚类（24 小时平均曲线、z-score 标准化、k-means++ 固定种子），三个接口共用同一次计算，按数据小时缓存。';

/** Content-Disposition with the Chinese name (RFC 6266 filename*) and an ASCII fallback for old clients. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function dataAnalysisRoutes({
  history,
  exports,
  clusters,
}: {
  history: HistoryService;
  exports: ExportService;
  clusters: ClustersService;
}) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['data-analysis'], access: 'public', signed: true });

    route.post(
      '/api/getHistoryData',
      {
        summary: '历史数据查询：多个城市或站点、多项污染物，逐小时/逐日/逐月，分页表格与图表序列',
        description: `cities 与 stations 二选一（逗号分隔）。${LIMITS}单次查询至多 ${HISTORY_LIMITS.maxQueryRows.toLocaleString('en-US')} 行（目标数 × 时段数），超出 400（40030），可改用导出。${ERRORS}`,
        body: historyQueryBody,
        response: historyDataResponse,
      },
      async ({ body }) => ok(await history.query(body)),
    );

    route.post(
      '/api/createDataExport',
      {
        summary: '创建导出：检查查询并发放一次性下载凭证（CSV 或 XLSX）',
        description: `参数同 getHistoryData（无分页）加 format。凭证 ${EXPORT_TICKET_SECONDS / 60} 分钟内有效、仅可下载一次；下载地址无需签名（浏览器直接下载）。${LIMITS}${ERRORS}`,
        body: exportBody,
        response: exportTicketResponse,
      },
      async ({ body }) => ok(await exports.create(body)),
    );

    app.get(
      '/api/dataExport/:file',
      {
        config: { access: 'public', signed: false, writes: false },
        schema: {
          tags: ['data-analysis'],
          summary: `下载导出文件（${EXPORT_FORMATS.join(' / ')}），流式生成`,
          description: '凭证来自 createDataExport；未知、已用或过期的凭证返回 404（40431）。CSV 为带 BOM 的 UTF-8。',
          params: exportFileParams,
        },
      },
      async (request, reply) => {
        const file = await exports.open(request.params.file);
        file.body.on('error', (err) => request.log.error({ err }, 'data export failed while streaming'));
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.body);
      },
    );

    route.get(
      '/api/getClusterData',
      {
        summary: '站点聚类：各站点及其所属类（GeoJSON FeatureCollection，附方法说明 method）',
        description: CLUSTER_NOTE,
        query: clusterQuery,
        response: clusterDataResponse,
      },
      async ({ query }) => ok(await clusters.data(query)),
    );

    route.get(
      '/api/getClusterMsg',
      {
        summary: '站点聚类的方法说明：算法、特征、标准化、k、时段、惯性与轮廓系数',
        description: CLUSTER_NOTE,
        query: clusterQuery,
        response: clusterMsgResponse,
      },
      async ({ query }) => ok(await clusters.msg(query)),
    );

    route.get(
      '/api/getClusterEachData',
      {
        summary: '各聚类：中心曲线（z-score）、成员平均曲线、峰值时刻与成员站点',
        description: CLUSTER_NOTE,
        query: clusterQuery,
        response: clusterEachResponse,
      },
      async ({ query }) => ok(await clusters.each(query)),
    );
  };
}
