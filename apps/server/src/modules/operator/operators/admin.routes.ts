import {
  emptyPlatformResponse,
  idBody,
  operatorCreateBody,
  operatorListQuery,
  operatorListResponse,
  operatorOptionsQuery,
  operatorOptionsResponse,
  operatorResponse,
  operatorUpdateBody,
  orgResponse,
  orgSaveBody,
  orgTreeResponse,
  orgUpdateBody,
  PERMISSIONS,
  PLATFORMS,
  permissionCatalogResponse,
  resetPasswordBody,
  roleListQuery,
  roleListResponse,
  roleOptionsResponse,
  roleResponse,
  roleSaveBody,
  roleUpdateBody,
} from '@lantian/contracts';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { OperatorsService } from './operators.service';
import type { OrgsService } from './orgs.service';
import type { RolesService } from './roles.service';

export interface AdminRoutesDeps {
  operators: OperatorsService;
  roles: RolesService;
  orgs: OrgsService;
}

/**
 * Administration of operators, roles and organisations (system management). Lists are paged and
 * sorted on the server and limited to the administrator's area; writes take JSON and are audited.
 */
export function adminRoutes(deps: AdminRoutesDeps) {
  return (app: ApiApp) => {
    const { operators, roles, orgs } = deps;
    const route = routesOf(app, { tags: ['platform-admin'], access: 'operator:system:operator:view', signed: false });

    // --- Operators ---
    route.get(
      '/sys/user/list',
      {
        summary: '运营人员列表：按用户名/姓名、组织（含下级）、状态筛选，服务器分页与排序，仅本人所辖区域',
        query: operatorListQuery,
        response: operatorListResponse,
      },
      async (request) => {
        const page = pageOf(request.query, request.query.pageSize);
        return ok(pageAnswer(page, await operators.page(request.query, operatorOf(request), page)));
      },
    );

    route.get(
      '/sys/user/options',
      {
        summary: '人员选择：本人所辖区域内在岗的运营人员（派遣、下达任务、设置网格员时选择）',
        description: '需持有 grid:dispatch、grid:manage、system:operator:view 之一；按姓名排序，最多 50 行。',
        access: 'operator:self',
        query: operatorOptionsQuery,
        response: operatorOptionsResponse,
      },
      async (request) => ok(await operators.options(request.query, operatorOf(request))),
    );

    const editOperators = 'operator:system:operator:edit' as const;
    route.post(
      '/sys/user/save',
      {
        summary: '新增运营人员（初始密码由管理员设定，首次登录须修改；只能授予自己拥有的权限）',
        access: editOperators,
        body: operatorCreateBody,
        response: operatorResponse,
      },
      async (request) => ok(await operators.create(request.body, operatorOf(request), request.ip), '已新增'),
    );
    route.post(
      '/sys/user/update',
      {
        summary: '修改运营人员的姓名、手机号、组织、角色',
        access: editOperators,
        body: operatorUpdateBody,
        response: operatorResponse,
      },
      async (request) => ok(await operators.update(request.body, operatorOf(request), request.ip), '已保存'),
    );
    route.post(
      '/sys/user/disable',
      { summary: '停用运营人员：其所有会话立即结束', access: editOperators, body: idBody, response: operatorResponse },
      async (request) =>
        ok(await operators.setStatus(request.body.id, 'disabled', operatorOf(request), request.ip), '已停用'),
    );
    route.post(
      '/sys/user/enable',
      { summary: '启用运营人员', access: editOperators, body: idBody, response: operatorResponse },
      async (request) =>
        ok(await operators.setStatus(request.body.id, 'active', operatorOf(request), request.ip), '已启用'),
    );
    route.post(
      '/sys/user/resetPassword',
      {
        summary: '重置运营人员密码：其所有会话立即结束，下次登录须修改密码',
        access: editOperators,
        body: resetPasswordBody,
        response: operatorResponse,
      },
      async (request) =>
        ok(
          await operators.resetPassword(request.body.id, request.body.password, operatorOf(request), request.ip),
          '密码已重置',
        ),
    );

    // --- Roles and permissions ---
    const viewRoles = 'operator:system:role:view' as const;
    const editRoles = 'operator:system:role:edit' as const;
    route.get(
      '/sys/role/list',
      {
        summary: '角色列表（含权限与使用人数），服务器分页',
        access: viewRoles,
        query: roleListQuery,
        response: roleListResponse,
      },
      async (request) => {
        const page = pageOf(request.query, request.query.pageSize);
        return ok(pageAnswer(page, await roles.page(request.query.keyword, page)));
      },
    );
    route.get(
      '/sys/role/options',
      { summary: '全部角色的名称（运营人员表单的选项）', access: editOperators, response: roleOptionsResponse },
      async () => ok(await roles.options()),
    );
    route.get(
      '/sys/permission/list',
      {
        summary: '权限目录：按平台（plateformcode）分组的菜单与操作权限',
        access: viewRoles,
        response: permissionCatalogResponse,
      },
      async () =>
        ok({
          platforms: PLATFORMS.map((p) => ({ code: p.code, name: p.name })),
          permissions: PERMISSIONS.map((p) => ({ code: p.code, platform: p.platform, name: p.name, kind: p.kind })),
        }),
    );
    route.post(
      '/sys/role/save',
      { summary: '新增角色（只能包含自己拥有的权限）', access: editRoles, body: roleSaveBody, response: roleResponse },
      async (request) => ok(await roles.create(request.body, operatorOf(request), request.ip), '已新增'),
    );
    route.post(
      '/sys/role/update',
      {
        summary: '修改角色的名称、说明、权限（内置角色不能修改）',
        access: editRoles,
        body: roleUpdateBody,
        response: roleResponse,
      },
      async (request) =>
        ok(await roles.update(request.body.id, request.body, operatorOf(request), request.ip), '已保存'),
    );
    route.post(
      '/sys/role/delete',
      {
        summary: '删除角色（仍有人使用或内置的不能删除）',
        access: editRoles,
        body: idBody,
        response: emptyPlatformResponse,
      },
      async (request) => {
        await roles.delete(request.body.id, operatorOf(request), request.ip);
        return ok(null, '已删除');
      },
    );

    // --- Organisations ---
    const editOrgs = 'operator:system:org:edit' as const;
    route.get(
      '/adm/org/votreeData',
      {
        summary: '组织机构树（本人所辖区域内），每个组织绑定一个行政区划，即其人员的数据范围',
        access: 'operator:self',
        response: orgTreeResponse,
      },
      async (request) => ok(await orgs.tree(operatorOf(request).scope)),
    );
    route.post(
      '/sys/org/save',
      {
        summary: '新增下级组织（区域须在上级组织区域之内）',
        access: editOrgs,
        body: orgSaveBody,
        response: orgResponse,
      },
      async (request) => ok(await orgs.create(request.body, operatorOf(request), request.ip), '已新增'),
    );
    route.post(
      '/sys/org/update',
      { summary: '修改组织名称与区域', access: editOrgs, body: orgUpdateBody, response: orgResponse },
      async (request) => ok(await orgs.update(request.body, operatorOf(request), request.ip), '已保存'),
    );
    route.post(
      '/sys/org/delete',
      { summary: '删除组织（须无下级组织、无人员）', access: editOrgs, body: idBody, response: emptyPlatformResponse },
      async (request) => {
        await orgs.delete(request.body.id, operatorOf(request), request.ip);
        return ok(null, '已删除');
      },
    );
  };
}
