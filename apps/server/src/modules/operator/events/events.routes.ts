import {
  attachmentIdQuery,
  catalogTreeResponse,
  eventAssigneesResponse,
  eventAttachFields,
  eventAttachmentsResponse,
  eventDetailResponse,
  eventIdQuery,
  eventListQuery,
  eventListResponse,
  eventLogResponse,
  eventProcessResponse,
  eventReportFields,
  eventTransitionBody,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { actorOf, operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { readPhotoForm } from '../../../platform/uploads/photo-form';
import { sendPhoto } from '../../../platform/uploads/photos';
import type { EventHandler, EventsService } from './events.service';

const handlerOf = (request: FastifyRequest): EventHandler => ({
  principal: operatorOf(request),
  actor: actorOf(request),
  ip: request.ip,
});

const MULTIPART_NOTE =
  'multipart/form-data：表单字段见下，照片放在文件字段 photos（JPG、PNG、WebP，单张不超过 15 MB，最多 9 张）。照片会读取 EXIF 拍摄位置与时间后重新编码并去除全部元数据；任何一张照片不合格则整张表单不保存。';

/**
 * The field names of a multipart form, for the OpenAPI description: the body is read and checked by
 * readPhotoForm in the handler (a declared body schema would make Fastify parse the stream first).
 */
function fieldsOf(fields: z.ZodObject): string {
  return Object.keys(fields.shape).join('、');
}

/**
 * Spec §7 "Platform: events": the event list and detail, logs, attachments, process history, the
 * catalogue tree; and the write side the spec leaves out — report (with photos), transitions of the
 * flow, photos added later, dispatch candidates.
 */
export function eventsRoutes(events: EventsService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['grid-events'], access: 'operator:grid:view', signed: false });

    route.get(
      '/adm/event/list',
      {
        summary: '事件列表（本人管辖范围）：状态、类别（含子类）、来源、网格、组织、优先级、逾期、关键字、时间',
        query: eventListQuery,
        response: eventListResponse,
      },
      async (request) => ok(await events.list(request.query, operatorOf(request))),
    );
    route.get(
      '/adm/event/voDetail',
      {
        summary: '事件详情：基本信息、照片、处理记录，以及当前用户可执行的操作',
        query: eventIdQuery,
        response: eventDetailResponse,
      },
      async (request) => ok(await events.detail(Number(request.query.eventId), operatorOf(request))),
    );
    route.get(
      '/adm/event/voAttachmentDetail',
      { summary: '事件的照片与附件', query: eventIdQuery, response: eventAttachmentsResponse },
      async (request) => ok(await events.attachments(Number(request.query.eventId), operatorOf(request))),
    );
    app.get(
      '/adm/event/attachment',
      {
        config: { access: 'operator:grid:view', signed: false, writes: false },
        schema: {
          tags: ['grid-events'],
          summary: '事件照片（image/jpeg，已去除 EXIF 等元数据）',
          querystring: attachmentIdQuery,
        },
      },
      async (request, reply) => {
        return sendPhoto(reply, await events.attachmentData(Number(request.query.attachmentId), operatorOf(request)));
      },
    );
    route.get(
      '/adm/event/voLogDetail',
      { summary: '事件处理记录（每一步：谁、何时、说明、派遣对象）', query: eventIdQuery, response: eventLogResponse },
      async (request) => ok(await events.logs(Number(request.query.eventId), operatorOf(request))),
    );
    route.get(
      '/adm/event/getEventProcessHis',
      {
        summary: '事件流程进度：上报 → 受理 → 派遣 → 处置 → 已处置 → 审核 → 结案，各步时间、人员与耗时',
        query: eventIdQuery,
        response: eventProcessResponse,
      },
      async (request) => ok(await events.processHistory(Number(request.query.eventId), operatorOf(request))),
    );
    route.get(
      '/adm/catalog/voCatalogTreeList',
      {
        summary: '事件类别树（数据字典 eventCatalog：大类与子类，含处置时限）',
        response: catalogTreeResponse,
      },
      async () => ok(await events.catalogueTree()),
    );
    route.get(
      '/adm/event/assignees',
      {
        summary: '可派遣对象：事件所在网格及上级网格的网格员，和辖区内的组织',
        access: 'operator:grid:dispatch',
        query: eventIdQuery,
        response: eventAssigneesResponse,
      },
      async (request) => ok(await events.assignees(Number(request.query.eventId), operatorOf(request))),
    );

    route.post(
      '/adm/event/report',
      {
        summary: '上报事件（含现场照片）',
        description: `${MULTIPART_NOTE} 字段：${fieldsOf(eventReportFields)}。事件位置决定所属网格（点在多边形内）；处置时限按类别与优先级计算。`,
        access: 'operator:grid:report',
        consumes: ['multipart/form-data'],
        response: eventDetailResponse,
      },
      async (request) => {
        const form = await readPhotoForm(request, eventReportFields);
        return ok(await events.report(form.fields, form.photos, handlerOf(request)), '事件已上报');
      },
    );
    route.post(
      '/adm/event/transition',
      {
        summary: '事件流转：受理、驳回、派遣、开始处置、退回、处置完成、审核通过、审核不通过、结案',
        description:
          '非法流转（如对已结案事件派遣）返回 409 ILLEGAL_TRANSITION；没有权限或不是被派遣人返回 403；须填写说明的操作（驳回、退回、处置完成、审核不通过）未填写返回 400。派遣须给出 assigneeId（网格员）或 orgCode（组织）。',
        body: eventTransitionBody,
        response: eventDetailResponse,
      },
      async (request) => ok(await events.transition(request.body, handlerOf(request)), '已办理'),
    );
    route.post(
      '/adm/event/attach',
      {
        summary: '补充事件照片（如处置后的现场照片）',
        description: `${MULTIPART_NOTE} 字段：${fieldsOf(eventAttachFields)}。`,
        // A write: only viewing events is not enough to add to them.
        access: 'operator:grid:edit',
        consumes: ['multipart/form-data'],
        response: eventAttachmentsResponse,
      },
      async (request) => {
        const form = await readPhotoForm(request, eventAttachFields);
        return ok(
          await events.attach(Number(form.fields.eventId), form.fields.note, form.photos, handlerOf(request)),
          '照片已上传',
        );
      },
    );
  };
}
