import {
  approvalDecideBody,
  approvalIdQuery,
  approvalListQuery,
  approvalListResponse,
  approvalResponse,
  taskCompleteBody,
  taskIdQuery,
  taskListQuery,
  taskListResponse,
  taskResponse,
  taskSaveBody,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { actorOf, operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { Handler, TasksService } from './tasks.service';

const handlerOf = (request: FastifyRequest): Handler => ({
  principal: operatorOf(request),
  actor: actorOf(request),
  ip: request.ip,
});

/**
 * The task centre (`/adm/task/*`, every operator's own tasks) and the approval centre
 * (`/adm/approve/*`, reviewers of an area) — spec §2's centre pages "task" and "approve".
 */
export function tasksRoutes(tasks: TasksService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['tasks'], access: 'operator:self', signed: false });
    route.get(
      '/adm/task/list',
      {
        summary: '任务中心：我的待办、我下达的、本辖区全部；未完成的在前，按截止时间',
        query: taskListQuery,
        response: taskListResponse,
      },
      async (request) => ok(await tasks.listTasks(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/task/detail',
      { summary: '任务详情（执行人或本辖区人员可看）', query: taskIdQuery, response: taskResponse },
      async (request) => ok(await tasks.task(Number(request.query.taskId), operatorOf(request))),
    );
    route.post(
      '/adm/task/save',
      {
        summary: '下达任务给本辖区的运营人员（可设截止时间）',
        access: 'operator:grid:dispatch',
        body: taskSaveBody,
        response: taskResponse,
      },
      async (request) => ok(await tasks.assign(request.body, handlerOf(request)), '任务已下达'),
    );
    route.post(
      '/adm/task/complete',
      { summary: '完成指派任务（执行人）', body: taskCompleteBody, response: taskResponse },
      async (request) =>
        ok(await tasks.complete(Number(request.body.taskId), request.body.note, handlerOf(request)), '任务已完成'),
    );

    const review = routesOf(app, { tags: ['tasks'], access: 'operator:grid:review', signed: false });
    review.get(
      '/adm/approve/list',
      {
        summary: '审批中心：本辖区的审批，待审批的在前',
        query: approvalListQuery,
        response: approvalListResponse,
      },
      async (request) => ok(await tasks.listApprovals(request.query, operatorOf(request).scope)),
    );
    review.get(
      '/adm/approve/detail',
      { summary: '审批详情', query: approvalIdQuery, response: approvalResponse },
      async (request) => ok(await tasks.approval(Number(request.query.approvalId), operatorOf(request).scope)),
    );
    review.post(
      '/adm/approve/decide',
      {
        summary: '审批：通过或驳回（驳回须填写说明）；事件结案审核通过即「审核通过」，驳回即「审核不通过」',
        body: approvalDecideBody,
        response: approvalResponse,
      },
      async (request) => ok(await tasks.decide(request.body, handlerOf(request)), '已审批'),
    );
  };
}
