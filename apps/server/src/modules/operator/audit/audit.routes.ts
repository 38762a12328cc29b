import { auditListQuery, auditListResponse } from '@lantian/contracts';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { AuditLog } from './audit.service';

/** The audit log, for administrators: filtered, paged, newest first, within the reader's area. */
export function auditRoutes(audit: AuditLog) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['audit'], access: 'operator:system:audit:view', signed: false });

    route.get(
      '/sys/audit/list',
      {
        summary: '审计日志：按操作者、动作、对象类型、结果、时间筛选，服务器分页，默认最新在前',
        description: '只列出本人所辖区域内操作者的记录（命令行与系统的记录只有全国范围的管理员可见）。',
        query: auditListQuery,
        response: auditListResponse,
      },
      async (request) => {
        const { query } = request;
        const page = pageOf(query, query.pageSize);
        return ok(pageAnswer(page, await audit.list(query, operatorOf(request).scope, page)));
      },
    );
  };
}
