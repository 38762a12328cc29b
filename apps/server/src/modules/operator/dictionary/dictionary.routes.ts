import {
  dictItemDeleteBody,
  dictItemResponse,
  dictItemSaveBody,
  dictItemsResponse,
  dictItemUpdateBody,
  dictQuery,
  dictResponse,
  dictTypeDeleteBody,
  dictTypeResponse,
  dictTypeSaveBody,
  dictTypesResponse,
  dictTypeUpdateBody,
  emptyPlatformResponse,
  openDictQuery,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { DictionaryService, Editor } from './dictionary.service';

const editorOf = (request: FastifyRequest): Editor => ({ actor: actorOf(request), ip: request.ip });

/**
 * The dictionary: read by type (spec §7 getDict, for every signed-in operator and for open-API
 * applications), listed and edited by administrators (system:dict:view / system:dict:edit; writes
 * take JSON and are audited).
 */
export function dictionaryRoutes(dictionary: DictionaryService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['dictionary'], access: 'operator:system:dict:view', signed: false });

    route.get(
      '/sys/dict/getDict',
      {
        summary: '按类型读取数据字典：启用的字典项，按排序',
        description: '内置类型：deviceType、factor、eventCatalog、alarmLevel、goverSite。未知类型返回 404。',
        access: 'operator:self',
        query: dictQuery,
        response: dictResponse,
      },
      async ({ query }) => ok(await dictionary.dict(query.type)),
    );
    route.get(
      '/api/open/auto/getDict',
      {
        summary: '开放接口：按类型读取数据字典',
        description: '需开放接口令牌（Authorization: Bearer 或 Authentication-Token），且应用获准调用 dict。',
        access: 'openApi:dict',
        query: openDictQuery,
        response: dictResponse,
      },
      async ({ query }) => ok(await dictionary.dict(query.type)),
    );

    route.get(
      '/sys/dict/type/list',
      { summary: '字典类型列表（含字典项数），内置类型在前', response: dictTypesResponse },
      async () => ok(await dictionary.types()),
    );
    route.get(
      '/sys/dict/item/list',
      { summary: '某类型的全部字典项（含停用的）', query: dictQuery, response: dictItemsResponse },
      async ({ query }) => ok(await dictionary.allItems(query.type)),
    );

    const edit = 'operator:system:dict:edit' as const;
    route.post(
      '/sys/dict/type/save',
      { summary: '新增字典类型', access: edit, body: dictTypeSaveBody, response: dictTypeResponse },
      async (request) => ok(await dictionary.createType(request.body, editorOf(request)), '已新增'),
    );
    route.post(
      '/sys/dict/type/update',
      {
        summary: '修改字典类型的名称与说明（内置类型不能修改）',
        access: edit,
        body: dictTypeUpdateBody,
        response: dictTypeResponse,
      },
      async (request) => ok(await dictionary.updateType(request.body, editorOf(request)), '已保存'),
    );
    route.post(
      '/sys/dict/type/delete',
      {
        summary: '删除字典类型及其全部字典项（内置类型不能删除）',
        access: edit,
        body: dictTypeDeleteBody,
        response: emptyPlatformResponse,
      },
      async (request) => {
        await dictionary.deleteType(request.body.code, editorOf(request));
        return ok(null, '已删除');
      },
    );
    route.post(
      '/sys/dict/item/save',
      { summary: '新增字典项', access: edit, body: dictItemSaveBody, response: dictItemResponse },
      async (request) => ok(await dictionary.createItem(request.body, editorOf(request)), '已新增'),
    );
    route.post(
      '/sys/dict/item/update',
      {
        summary: '修改字典项的名称、排序、启用状态与附加属性（代码不变）',
        access: edit,
        body: dictItemUpdateBody,
        response: dictItemResponse,
      },
      async (request) => ok(await dictionary.updateItem(request.body, editorOf(request)), '已保存'),
    );
    route.post(
      '/sys/dict/item/delete',
      {
        summary: '删除字典项（内置字典项不能删除，可停用）',
        access: edit,
        body: dictItemDeleteBody,
        response: emptyPlatformResponse,
      },
      async (request) => {
        await dictionary.deleteItem(request.body.type, request.body.value, editorOf(request));
        return ok(null, '已删除');
      },
    );
  };
}
