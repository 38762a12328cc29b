import {
  canModifyResponse,
  companyListResponse,
  configDetailResponse,
  configIdBody,
  configIdQuery,
  configListQuery,
  configListResponse,
  configRowResponse,
  configSaveBody,
  configStatusBody,
  configTemplateResponse,
  configTemplateSaveBody,
  configTokenResponse,
  configTypesResponse,
  dataSourceListQuery,
  dataSourceListResponse,
  liveValuesResponse,
  RESOURCE_LIMITS,
  resourceListQuery,
  resourceListResponse,
  resourceRowResponse,
  resourceUploadFields,
  streamQuery,
  templateTypeListResponse,
  templateTypeRowResponse,
  templateTypeSaveBody,
  valuesQuery,
} from '@lantian/contracts';
import { invalidField } from '../../../platform/errors';
import { operatorCallerOf, operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { readMultipart } from '../../../platform/uploads/multipart';
import type { ConfigsService } from './configs.service';
import type { DashboardLive } from './live';
import type { ResourcesService } from './resources.service';
import type { ConfigTemplatesService } from './templates.service';
import type { ValuesService } from './values.service';

const VIEW = 'operator:dashboard:view';
const EDIT = 'operator:dashboard:edit';
const PUBLISH = 'operator:dashboard:publish';

export interface ConfigurationServices {
  configs: ConfigsService;
  resources: ResourcesService;
  templates: ConfigTemplatesService;
  values: ValuesService;
  live: DashboardLive;
}

/** Spec §7 "Platform: configuration" — /configuration/* for operators (the token variants: embed.routes.ts). */
export function configurationRoutes({ configs, resources, templates, values, live }: ConfigurationServices) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['configuration'], access: VIEW, signed: false });

    route.get(
      '/configuration/typeList',
      { summary: '组态类型，及本辖区各类型的组态图数', response: configTypesResponse },
      async (request) => ok(await configs.types(operatorOf(request).scope)),
    );
    route.get(
      '/configuration/configList',
      {
        summary: '组态图列表（本辖区）：名称或编码、类型、单位、发布状态',
        query: configListQuery,
        response: configListResponse,
      },
      async (request) => ok(await configs.list(request.query, operatorOf(request).scope)),
    );
    route.get(
      '/configuration/configList/companyList',
      { summary: '组态图所属单位（本辖区），及各单位的组态图数', response: companyListResponse },
      async (request) => ok(await configs.companies(operatorOf(request).scope)),
    );
    route.get(
      '/configuration/detail',
      { summary: '组态图详情（含 Konva JSON）', query: configIdQuery, response: configDetailResponse },
      async (request) => ok(await configs.detail(Number(request.query.id), operatorOf(request).scope)),
    );
    route.post(
      '/configuration/save',
      {
        summary: '保存组态图（有 id 为修改）',
        description:
          'konva 为 Konva JSON（Stage → Layer → 图元），可为 JSON 文本；空值字段视为未填。绑定的设备须在本辖区内，图片须为可用素材，否则 400。',
        access: EDIT,
        body: configSaveBody,
        response: configDetailResponse,
      },
      async (request) => ok(await configs.save(request.body, operatorCallerOf(request)), '组态图已保存'),
    );
    route.post(
      '/configuration/delete',
      { summary: '删除组态图（已发布的嵌入链接随即失效）', access: EDIT, body: configIdBody },
      async (request) => {
        await configs.remove(Number(request.body.id), operatorCallerOf(request));
        return ok(null, '组态图已删除');
      },
    );
    route.post(
      '/configuration/update/status',
      {
        summary: '发布或停止发布组态图：status 1 发布（签发嵌入令牌），0 停止发布（默认；令牌作废）',
        access: PUBLISH,
        body: configStatusBody,
        response: configRowResponse,
      },
      async (request) => ok(await configs.setStatus(request.body, operatorCallerOf(request)), '状态已更新'),
    );
    route.get(
      '/configuration/getToken',
      {
        summary: '已发布组态图的嵌入令牌与地址（无需登录即可只读打开，停止发布或重置令牌后失效）',
        access: PUBLISH,
        query: configIdQuery,
        response: configTokenResponse,
      },
      async (request) => ok(await configs.token(Number(request.query.id), operatorOf(request).scope)),
    );
    route.post(
      '/configuration/token/reset',
      { summary: '重置嵌入令牌：旧链接立即失效', access: PUBLISH, body: configIdBody, response: configTokenResponse },
      async (request) => ok(await configs.resetToken(Number(request.body.id), operatorCallerOf(request)), '令牌已重置'),
    );

    // --- Data sources and live values ---
    route.get(
      '/configuration/dataSourceList',
      {
        summary: '可绑定的数据源：本辖区的设备及其监测因子',
        query: dataSourceListQuery,
        response: dataSourceListResponse,
      },
      async (request) => ok(await values.dataSources(request.query.keyword, operatorOf(request).scope)),
    );
    route.get(
      '/configuration/values',
      { summary: '绑定值的最新数据（编辑时预览）', query: valuesQuery, response: liveValuesResponse },
      async (request) => {
        const pairs = request.query.bindings.split(',').map((pair) => {
          const [deviceId = '', factor = ''] = pair.split(':');
          return { deviceId, factor };
        });
        if (pairs.length > 200) throw invalidField('bindings', '最多 200 个绑定');
        return ok(await values.latest(pairs, operatorOf(request).scope));
      },
    );
    app.get(
      '/configuration/stream',
      {
        config: { access: VIEW, signed: false, writes: false },
        schema: {
          tags: ['configuration'],
          summary: '设备数据实时推送（Server-Sent Events）：event: values，data 为 [{deviceId, factor, value, time}]',
          description: '只推送本辖区内所列设备的数据；每 25 秒一行注释保持连接。',
          querystring: streamQuery,
        },
      },
      async (request, reply) => {
        const ids = [...new Set(request.query.devices.split(',').map(Number))].slice(0, 200);
        const allowed = await values.devicesIn(ids, operatorOf(request).scope);
        reply.hijack();
        live.attach(reply.raw, new Set([...allowed].map(String)), null);
      },
    );

    // --- Static resources ---
    route.get(
      '/configuration/staticResource',
      { summary: '素材库：系统素材与本辖区的自定义素材', query: resourceListQuery, response: resourceListResponse },
      async (request) => ok(await resources.list(request.query, operatorOf(request))),
    );
    app.get(
      '/configuration/staticResource/file',
      {
        config: { access: VIEW, signed: false, writes: false },
        schema: { tags: ['configuration'], summary: '素材图片（PNG 或 JPEG，已重新编码）', querystring: configIdQuery },
      },
      async (request, reply) => {
        const file = await resources.file(Number(request.query.id), operatorOf(request).scope);
        return reply
          .header('content-type', file.mime)
          .header('cache-control', 'private, max-age=86400, immutable')
          .header('etag', `"${file.sha256}"`)
          .header('x-content-type-options', 'nosniff')
          .send(file.data);
      },
    );
    route.post(
      '/configuration/staticResource/upload',
      {
        summary: '上传素材',
        description: `multipart/form-data：图片放在文件字段 file（${RESOURCE_LIMITS.text}），字段 type（icon、device、background、other）、resourceType（custom 默认；system 需维护系统素材权限）、fileName（可选）。按文件内容识别类型并重新编码。`,
        access: EDIT,
        consumes: ['multipart/form-data'],
        response: resourceRowResponse,
      },
      async (request) => {
        const body = await readMultipart(request, {
          limits: { files: 1, fileBytes: RESOURCE_LIMITS.maxBytes, fields: 3, fieldBytes: 256 },
          fileFields: ['file'],
          fields: resourceUploadFields,
        });
        const [file] = body.files;
        if (file === undefined) throw invalidField('file', '请选择要上传的图片');
        return ok(await resources.upload(body.fields, file, operatorCallerOf(request)), '素材已上传');
      },
    );
    route.post(
      '/configuration/staticResource/delete',
      { summary: '删除素材（系统素材需维护系统素材权限）', access: EDIT, body: configIdBody },
      async (request) => {
        await resources.remove(Number(request.body.id), operatorCallerOf(request));
        return ok(null, '素材已删除');
      },
    );
    route.get(
      '/configuration/canModifySystemResource',
      { summary: '当前运营人员能否维护系统素材', response: canModifyResponse },
      async (request) => ok({ canModify: resources.canModifySystem(operatorOf(request)) }),
    );

    // --- Templates ---
    route.get(
      '/configuration/templateTypeList',
      { summary: '组态模板：分类及其下的模板', response: templateTypeListResponse },
      async () => ok(await templates.typeList()),
    );
    route.post(
      '/configuration/templateTypeList/save',
      {
        summary: '保存模板分类（有 id 为改名）',
        access: EDIT,
        body: templateTypeSaveBody,
        response: templateTypeRowResponse,
      },
      async (request) => ok(await templates.saveType(request.body, operatorCallerOf(request)), '分类已保存'),
    );
    route.post(
      '/configuration/templateTypeList/delete',
      { summary: '删除模板分类（分类下须没有模板）', access: EDIT, body: configIdBody },
      async (request) => {
        await templates.deleteType(Number(request.body.id), operatorCallerOf(request));
        return ok(null, '分类已删除');
      },
    );
    route.get(
      '/configuration/template/detail',
      { summary: '组态模板详情（含 Konva JSON）', query: configIdQuery, response: configTemplateResponse },
      async (request) => ok(await templates.template(Number(request.query.id))),
    );
    route.post(
      '/configuration/template/save',
      {
        summary: '把组态图另存为模板（不保留数据绑定）',
        access: EDIT,
        body: configTemplateSaveBody,
        response: configTemplateResponse,
      },
      async (request) => ok(await templates.saveTemplate(request.body, operatorCallerOf(request)), '模板已保存'),
    );
    route.post(
      '/configuration/template/delete',
      { summary: '删除组态模板', access: EDIT, body: configIdBody },
      async (request) => {
        await templates.deleteTemplate(Number(request.body.id), operatorCallerOf(request));
        return ok(null, '模板已删除');
      },
    );
  };
}
