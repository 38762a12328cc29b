import {
  noticeIdQuery,
  noticeListQuery,
  noticeListResponse,
  noticeReadBody,
  noticeReadResponse,
  noticeResponse,
} from '@lantian/contracts';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { NoticesService } from './notices.service';

/** Spec §7 GET /adm/notice/bd/list and /detail, and marking read: every operator's own notices. */
export function noticesRoutes(notices: NoticesService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['notices'], access: 'operator:self', signed: false });
    route.get(
      '/adm/notice/bd/list',
      {
        summary: '消息通知列表（本辖区）：类型、已读/未读、时间筛选，含未读数',
        query: noticeListQuery,
        response: noticeListResponse,
      },
      async (request) => ok(await notices.list(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/notice/bd/detail',
      { summary: '消息详情（读取即标记已读）', writes: true, query: noticeIdQuery, response: noticeResponse },
      async (request) => ok(await notices.detail(Number(request.query.noticeId), operatorOf(request))),
    );
    route.post(
      '/adm/notice/bd/read',
      { summary: '标记已读（不传 noticeIds 为全部已读）', body: noticeReadBody, response: noticeReadResponse },
      async (request) =>
        ok(await notices.markRead(request.body.noticeIds?.map(Number) ?? null, operatorOf(request)), '已标记已读'),
    );
  };
}
