import {
  aqiImageQuery,
  controlAddBody,
  elementCatalogResponse,
  exportQuery,
  imageIdQuery,
  imageUploadFields,
  imageUploadResponse,
  projectInfoResponse,
  REPORT_IMAGE_LIMITS,
  recordDetailResponse,
  recordIdBody,
  recordIdQuery,
  recordInfoResponse,
  recordListQuery,
  recordListResponse,
  recordSaveBody,
  recordUpdateBody,
  reportNumbersResponse,
  templateDetailResponse,
  templateIdBody,
  templateIdQuery,
  templateListQuery,
  templateListResponse,
  templateSaveBody,
  templateTreeResponse,
  templateUpdateBody,
} from '@lantian/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invalidField } from '../../../platform/errors';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { readMultipart } from '../../../platform/uploads/multipart';
import { handlerOf } from './handler';
import type { RecordsService } from './records.service';
import type { TemplatesService } from './templates.service';

const VIEW = 'operator:report:view';
const EDIT = 'operator:report:edit';
const GENERATE = 'operator:report:generate';

export type ProjectInfo = (request: FastifyRequest) => Promise<z.output<typeof projectInfoResponse>['data']>;

/** Sends bytes the server made (PNG, docx, PDF): never sniffed, cached only by the signed-in browser. */
function sendFile(reply: FastifyReply, data: Buffer, mime: string, fileName?: string) {
  reply
    .header('content-type', mime)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (fileName !== undefined) {
    reply.header(
      'content-disposition',
      `attachment; filename="report.${fileName.split('.').pop()}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    );
  }
  return reply.send(data);
}

/** One image in the field `image_file` (spec §7: the report upload and /upload/uploadPhotoById). */
async function readImageFile(request: FastifyRequest) {
  const body = await readMultipart(request, {
    limits: { files: 1, fileBytes: REPORT_IMAGE_LIMITS.maxBytes, fields: 2, fieldBytes: 64 },
    fileFields: ['image_file'],
    fields: imageUploadFields,
  });
  const [file] = body.files;
  if (file === undefined) throw invalidField('image_file', '请选择要上传的图片');
  return { file, templateId: body.fields.id === undefined ? null : Number(body.fields.id) };
}

/** Spec §7 "Platform: reports" — /cmsReport/* (templates, elements, records, export, images) and the uploads. */
export function reportsRoutes(templates: TemplatesService, records: RecordsService, projectInfo: ProjectInfo) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['reports'], access: VIEW, signed: false });

    // --- Templates ---
    route.get(
      '/cmsReport/template/list',
      { summary: '报告模板列表（本辖区，不含回收站）', query: templateListQuery, response: templateListResponse },
      async (request) => ok(await templates.list(request.query, handlerOf(request))),
    );
    route.get(
      '/cmsReport/template/detail',
      { summary: '报告模板详情（含元素）', query: templateIdQuery, response: templateDetailResponse },
      async (request) => ok(await templates.detail(Number(request.query.id), handlerOf(request))),
    );
    route.get(
      '/cmsReport/template/tree',
      { summary: '报告模板树：分类与其下的模板', response: templateTreeResponse },
      async (request) => ok(await templates.tree(handlerOf(request))),
    );
    route.post(
      '/cmsReport/template/save',
      {
        summary: '新增报告模板',
        description: 'content 为元素数组（或其 JSON 文本）；富文本中的未知占位符返回 400。',
        access: EDIT,
        body: templateSaveBody,
        response: templateDetailResponse,
      },
      async (request) => ok(await templates.save(request.body, handlerOf(request)), '模板已保存'),
    );
    route.post(
      '/cmsReport/template/update',
      { summary: '修改报告模板', access: EDIT, body: templateUpdateBody, response: templateDetailResponse },
      async (request) => ok(await templates.update(request.body, handlerOf(request)), '模板已保存'),
    );
    route.post(
      '/cmsReport/template/delete',
      { summary: '删除报告模板（移入回收站，可恢复）', access: EDIT, body: templateIdBody },
      async (request) => {
        await templates.remove(Number(request.body.id), handlerOf(request));
        return ok(null, '已移入回收站');
      },
    );
    route.get(
      '/cmsReport/template/recovery',
      { summary: '回收站：已删除的报告模板', query: templateListQuery, response: templateListResponse },
      async (request) => ok(await templates.list(request.query, handlerOf(request), true)),
    );
    route.post(
      '/cmsReport/template/recovery',
      { summary: '从回收站恢复报告模板', access: EDIT, body: templateIdBody, response: templateDetailResponse },
      async (request) => ok(await templates.restore(Number(request.body.id), handlerOf(request)), '模板已恢复'),
    );
    route.post(
      '/cmsReport/template/control/add',
      { summary: '向模板添加一个元素（控件）', access: EDIT, body: controlAddBody, response: templateDetailResponse },
      async (request) => ok(await templates.addControl(request.body, handlerOf(request)), '已添加'),
    );
    route.get(
      '/cmsReport/element/list',
      { summary: '元素列表：元素类型、可绑定的数据查询、富文本占位符', response: elementCatalogResponse },
      async () => ok(templates.catalog()),
    );
    route.get(
      '/cmsReport/project/info',
      { summary: '项目信息：编制单位（本人所在组织）与其模板、报告、定时报告数', response: projectInfoResponse },
      async (request) => ok(await projectInfo(request)),
    );

    // --- Records ---
    route.post(
      '/cmsReport/record/save',
      {
        summary: '生成报告：按模板为一个区域、一个已结束的报告期生成',
        description:
          '数值与公众接口同源：月报取 getCityMonthData 的城市月统计，其他报告期按同一 HJ 663-2013 规则由城市日值计算；排名与 getCityRank 同规则。图表在服务端渲染。',
        access: GENERATE,
        body: recordSaveBody,
        response: recordDetailResponse,
      },
      async (request) => ok(await records.generateFor(request.body, handlerOf(request)), '报告已生成'),
    );
    route.post(
      '/cmsReport/record/update',
      { summary: '修改报告的标题与综述', access: GENERATE, body: recordUpdateBody, response: recordDetailResponse },
      async (request) => ok(await records.update(request.body, handlerOf(request)), '报告已保存'),
    );
    route.post(
      '/cmsReport/record/delete',
      { summary: '删除报告', access: GENERATE, body: recordIdBody },
      async (request) => {
        await records.remove(Number(request.body.id), handlerOf(request));
        return ok(null, '报告已删除');
      },
    );
    route.get(
      '/cmsReport/record/list',
      { summary: '报告列表（本辖区）', query: recordListQuery, response: recordListResponse },
      async (request) => ok(await records.list(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/cmsReport/record/detail',
      { summary: '报告详情：渲染后的元素、综述、图片、数值', query: recordIdQuery, response: recordDetailResponse },
      async (request) => ok(await records.detail(Number(request.query.id), operatorOf(request).scope)),
    );
    route.get(
      '/cmsReport/record/getInfo',
      { summary: '报告概要与导出地址', query: recordIdQuery, response: recordInfoResponse },
      async (request) => ok(await records.info(Number(request.query.id), operatorOf(request).scope)),
    );
    route.get(
      '/cmsReport/reportInfo',
      { summary: '报告的数值（生成时计算并保存）', query: recordIdQuery, response: reportNumbersResponse },
      async (request) => ok(await records.numbersOf(Number(request.query.id), operatorOf(request).scope)),
    );

    const files = { access: VIEW, signed: false, writes: false } as const;
    app.get(
      '/cmsReport/export',
      {
        config: files,
        schema: {
          tags: ['reports'],
          summary: '导出报告：Word（docx）或 PDF（内嵌中文字体）',
          querystring: exportQuery,
        },
      },
      async (request, reply) => {
        const file = await records.export(Number(request.query.id), request.query.format, operatorOf(request).scope);
        return sendFile(reply, file.data, file.mime, file.fileName);
      },
    );
    app.get(
      '/cmsReport/image',
      { config: files, schema: { tags: ['reports'], summary: '报告图片（PNG）', querystring: imageIdQuery } },
      async (request, reply) => {
        const image = await records.image(Number(request.query.id), operatorOf(request).scope);
        return sendFile(reply, image.data, image.mime);
      },
    );
    app.get(
      '/cmsReport/aqiImage',
      {
        config: files,
        schema: {
          tags: ['reports'],
          summary: 'AQI 日历图（PNG）：一个区域若干天的逐日 AQI 与级别',
          querystring: aqiImageQuery,
        },
      },
      async (request, reply) => {
        const png = await records.aqiImage(request.query, operatorOf(request).scope);
        return sendFile(reply, png.data, 'image/png');
      },
    );

    // --- Uploads ---
    const upload = {
      access: EDIT,
      consumes: ['multipart/form-data'],
      response: imageUploadResponse,
      description: `multipart/form-data，图片放在文件字段 image_file（${REPORT_IMAGE_LIMITS.text}），可选字段 id（模板编号）；按文件内容识别类型并重新编码。`,
    } as const;
    const uploads = [
      ['/cmsReport/upload', '上传报告图片'],
      ['/upload/uploadPhotoById', '上传图片（按编号归属模板）'],
    ] as const;
    for (const [path, summary] of uploads) {
      route.post(path, { summary, ...upload }, async (request) => {
        const { file, templateId } = await readImageFile(request);
        return ok(await records.upload(file.bytes, file.filename, templateId, handlerOf(request)), '图片已上传');
      });
    }
  };
}
