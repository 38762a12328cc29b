import {
  complaintDetailResponse,
  complaintIdQuery,
  complaintListQuery,
  complaintListResponse,
  complaintProgressResponse,
  complaintReplyBody,
  complaintSaveBody,
  complaintStatusQuery,
  complaintSubmitBody,
  complaintSubmitResponse,
  complaintToEventBody,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { isSafeMethod, refuseCrossSite } from '../../../platform/http/csrf';
import { FORM } from '../../../platform/http/params';
import { actorOf, operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { ComplaintHandler, ComplaintsService } from './complaints.service';

const handlerOf = (request: FastifyRequest): ComplaintHandler => ({
  principal: operatorOf(request),
  actor: actorOf(request),
  ip: request.ip,
});

/**
 * The public form (`/api/complaint/*`): calls of the public site like `/api/user/*`, so signed and
 * form-encoded (JSON accepted), never cached, and a cross-site browser post is refused.
 */
export function publicComplaintRoutes(complaints: ComplaintsService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['complaints-public'], access: 'public', signed: true, consumes: FORM });
    app.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!isSafeMethod(request.method)) refuseCrossSite(request);
    });

    route.post(
      '/api/complaint/submit',
      {
        summary: '提交投诉（需图片验证码；同一地址每小时最多 5 次）；返回投诉编号',
        description:
          '图片验证码取自 /api/user/getCaptchaImage（uuid + 4 个字符，校验一次即作废）。位置（经纬度）落在网格内时按网格所属区县受理，否则按所选区县 areaCode。手机号选填，填写须为大陆手机号，查询进度时需其后 4 位。',
        body: complaintSubmitBody,
        response: complaintSubmitResponse,
      },
      async (request) => ok(await complaints.submit(request.body, request.ip), '投诉已提交'),
    );
    route.get(
      '/api/complaint/status',
      {
        summary: '查询投诉进度：投诉编号 + 手机号后 4 位 → 状态与答复（不含个人信息）',
        query: complaintStatusQuery,
        response: complaintProgressResponse,
      },
      async (request) => ok(await complaints.progress(request.query, request.ip)),
    );
  };
}

/** Spec §7 "Platform: notices, alarms, complaints": the complaint centre, and the write side the spec leaves out. */
export function complaintRoutes(complaints: ComplaintsService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['complaints'], access: 'operator:complaint:view', signed: false });

    route.get(
      '/adm/complaint/bd/list',
      {
        summary: '投诉列表（本人管辖范围）：类别（含子类）、状态、来源、关键字或投诉编号、收到时间；手机号打码',
        query: complaintListQuery,
        response: complaintListResponse,
      },
      async (request) => ok(await complaints.list(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/complaint/bd/detail',
      { summary: '投诉详情（含完整手机号与关联事件状态）', query: complaintIdQuery, response: complaintDetailResponse },
      async (request) => ok(await complaints.detail(Number(request.query.id), operatorOf(request))),
    );
    route.post(
      '/adm/complaint/bd/save',
      {
        summary: '登记投诉（热线电话或窗口来访），登记即受理',
        access: 'operator:grid:dispatch',
        body: complaintSaveBody,
        response: complaintDetailResponse,
      },
      async (request) => ok(await complaints.save(request.body, handlerOf(request)), '投诉已登记'),
    );
    route.post(
      '/adm/complaint/bd/toEvent',
      {
        summary: '投诉转为网格事件（来源：群众投诉），每件投诉只能转一次（已转为事件返回 409）',
        access: 'operator:grid:dispatch',
        body: complaintToEventBody,
        response: complaintDetailResponse,
      },
      async (request) => ok(await complaints.toEvent(request.body, handlerOf(request)), '已转为事件'),
    );
    route.post(
      '/adm/complaint/bd/reply',
      {
        summary: '答复投诉：办结（closed）或不予受理（rejected）；答复内容公众查询进度时可见',
        access: 'operator:grid:dispatch',
        body: complaintReplyBody,
        response: complaintDetailResponse,
      },
      async (request) => ok(await complaints.reply(request.body, handlerOf(request)), '已答复'),
    );
  };
}
