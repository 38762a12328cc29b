import {
  batchSaveShortcutsQuery,
  emptyPlatformResponse,
  goverSitesResponse,
  patrolNavigationFor,
  patrolNavigationResponse,
  saveShortcutQuery,
  shortcutIdQuery,
  shortcutResponse,
  shortcutsResponse,
  sortShortcutQuery,
  updateShortcutQuery,
  userMenusResponse,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { actorOf, operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { GoverSite } from './gover-sites';
import { type Owner, type ShortcutsService, userMenu } from './shortcuts.service';

export interface PortalRoutesDeps {
  shortcuts: ShortcutsService;
  goverSites: () => Promise<GoverSite[]>;
}

const ownerOf = (request: FastifyRequest): Owner => {
  const operator = operatorOf(request);
  return { id: operator.id, permissions: operator.permissions, actor: actorOf(request), ip: request.ip };
};

const WRITE_NOTE =
  '规范给出的是 GET：以 Cookie 认证的调用须来自本站页面（与 POST 相同的跨站校验）。同一路径也接受 POST（JSON 请求体，字段相同）。';

/**
 * The portal (spec §7 "Platform: … shortcuts", all GET, paths verbatim): the operator's own
 * shortcuts, the government sites, the menu. Every call is the signed-in operator's own
 * (`operator:self`). The spec's writes are GETs declared `writes: true`, and the same paths take
 * POST with a JSON body, the way the platform's other writes come.
 */
export function portalRoutes(deps: PortalRoutesDeps) {
  return (app: ApiApp) => {
    const { shortcuts } = deps;
    const route = routesOf(app, { tags: ['portal'], access: 'operator:self', signed: false });

    route.get(
      '/portal/shortcut/getUserShortCut',
      { summary: '本人的快捷方式，按排序', response: shortcutsResponse },
      async (request) => ok(await shortcuts.list(ownerOf(request))),
    );
    route.get(
      '/portal/shortcut/getGoverSites',
      { summary: '政府网站链接（数据字典 goverSite 中启用的项）', response: goverSitesResponse },
      async () => ok(await deps.goverSites()),
    );
    route.get(
      '/portal/shortcut/getUserMenus',
      {
        summary: '本人的菜单：由服务器按本人权限生成（只含有菜单项的分组）',
        response: userMenusResponse,
      },
      async (request) => ok(userMenu(operatorOf(request).permissions)),
    );
    route.get(
      '/zhhb/center/patrolNavigation',
      {
        summary: '移动端巡查导航：本人可打开的手机页面（我的任务、上报事件、巡查），由权限决定',
        response: patrolNavigationResponse,
      },
      async (request) => ok(patrolNavigationFor(operatorOf(request).permissions).map((entry) => ({ ...entry }))),
    );

    // The spec's writes: each path as a GET (query, `writes: true`) and a POST (JSON body), one call behind both.
    const save = async (input: z.output<typeof saveShortcutQuery>, request: FastifyRequest) =>
      ok(await shortcuts.save(input, ownerOf(request)), '已添加');
    const rename = async (input: z.output<typeof updateShortcutQuery>, request: FastifyRequest) =>
      ok(await shortcuts.rename(input.id, input.name, ownerOf(request)), '已保存');
    const move = async (input: z.output<typeof sortShortcutQuery>, request: FastifyRequest) =>
      ok(await shortcuts.move(input.id, input.sorting, ownerOf(request)), '已保存');
    const remove = async (input: z.output<typeof shortcutIdQuery>, request: FastifyRequest) => {
      await shortcuts.delete(input.id, ownerOf(request));
      return ok(null, '已删除');
    };
    const replaceMenu = async (input: z.output<typeof batchSaveShortcutsQuery>, request: FastifyRequest) =>
      ok(await shortcuts.replaceMenu(input.ids, ownerOf(request)), '已保存');

    const saveSpec = {
      summary: '新增快捷方式（每人最多 50 个）；menu 类型的地址须为本人菜单中的页面（/platform/…）',
      description: WRITE_NOTE,
      response: shortcutResponse,
    };
    route.get('/portal/shortcut/saveUserShortCut', { ...saveSpec, writes: true, query: saveShortcutQuery }, (r) =>
      save(r.query, r),
    );
    route.post('/portal/shortcut/saveUserShortCut', { ...saveSpec, body: saveShortcutQuery }, (r) => save(r.body, r));

    const renameSpec = { summary: '重命名本人的快捷方式', description: WRITE_NOTE, response: shortcutResponse };
    route.get('/portal/shortcut/updateUserShortCut', { ...renameSpec, writes: true, query: updateShortcutQuery }, (r) =>
      rename(r.query, r),
    );
    route.post('/portal/shortcut/updateUserShortCut', { ...renameSpec, body: updateShortcutQuery }, (r) =>
      rename(r.body, r),
    );

    const moveSpec = {
      summary: '调整本人快捷方式的排序位置（0–9999，小的在前）',
      description: WRITE_NOTE,
      response: shortcutResponse,
    };
    route.get('/portal/shortcut/updateShortCutSort', { ...moveSpec, writes: true, query: sortShortcutQuery }, (r) =>
      move(r.query, r),
    );
    route.post('/portal/shortcut/updateShortCutSort', { ...moveSpec, body: sortShortcutQuery }, (r) => move(r.body, r));

    const removeSpec = { summary: '删除本人的快捷方式', description: WRITE_NOTE, response: emptyPlatformResponse };
    route.get('/portal/shortcut/delUserShortCut', { ...removeSpec, writes: true, query: shortcutIdQuery }, (r) =>
      remove(r.query, r),
    );
    route.post('/portal/shortcut/delUserShortCut', { ...removeSpec, body: shortcutIdQuery }, (r) => remove(r.body, r));

    const batchSpec = {
      summary: '以菜单键（逗号分隔，按顺序）替换本人的全部菜单快捷方式；不在本人菜单中的键返回 403',
      description: WRITE_NOTE,
      response: shortcutsResponse,
    };
    route.get(
      '/portal/shortcut/batchSaveUserShortCut',
      { ...batchSpec, writes: true, query: batchSaveShortcutsQuery },
      (r) => replaceMenu(r.query, r),
    );
    route.post('/portal/shortcut/batchSaveUserShortCut', { ...batchSpec, body: batchSaveShortcutsQuery }, (r) =>
      replaceMenu(r.body, r),
    );
  };
}
