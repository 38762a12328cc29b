import {
  idBody,
  openAppCredentialsResponse,
  openAppListQuery,
  openAppListResponse,
  openAppResponse,
  openAppSaveBody,
  openAppUpdateBody,
} from '@lantian/contracts';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { OpenAppsService } from './open-apps.service';

/**
 * Administration of open-API applications (system management): listed, registered, changed, revoked
 * and given a new secret within the administrator's area. Writes take JSON and are audited; the key
 * and secret are answered once.
 */
export function adminRoutes(apps: OpenAppsService) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['platform-openapi'], access: 'operator:system:openapi:view', signed: false });
    const edit = 'operator:system:openapi:edit' as const;
    const once = '应用密钥只在这次回答中出现：服务器只保存其摘要，之后无法再查看，遗失只能重置。';

    route.get(
      '/sys/openapi/list',
      {
        summary: '开放接口应用列表：按名称/appKey、状态筛选，服务器分页与排序，仅本人所辖区域登记的应用',
        query: openAppListQuery,
        response: openAppListResponse,
      },
      async (request) => {
        const page = pageOf(request.query, request.query.pageSize);
        return ok(pageAnswer(page, await apps.page(request.query, operatorOf(request), page)));
      },
    );
    route.post(
      '/sys/openapi/save',
      {
        summary: '登记开放接口应用：回答 appKey 与 appSecret（只显示这一次）',
        description: `应用归属登记者所属组织的区域。${once}`,
        access: edit,
        body: openAppSaveBody,
        response: openAppCredentialsResponse,
      },
      async (request) => ok(await apps.create(request.body, operatorOf(request), request.ip), '已登记'),
    );
    route.post(
      '/sys/openapi/update',
      {
        summary: '修改应用的名称、可调用接口、每分钟限额、到期时间（立即生效，已签发的令牌随之受限）',
        access: edit,
        body: openAppUpdateBody,
        response: openAppResponse,
      },
      async (request) => ok(await apps.update(request.body, operatorOf(request), request.ip), '已保存'),
    );
    route.post(
      '/sys/openapi/revoke',
      {
        summary: '停用应用：其令牌立即失效，不能再获取令牌（不可恢复）',
        access: edit,
        body: idBody,
        response: openAppResponse,
      },
      async (request) => ok(await apps.revoke(request.body.id, operatorOf(request), request.ip), '已停用'),
    );
    route.post(
      '/sys/openapi/resetSecret',
      {
        summary: '重置应用密钥：回答新的 appSecret（只显示这一次）；原密钥与已签发的令牌立即失效',
        description: once,
        access: edit,
        body: idBody,
        response: openAppCredentialsResponse,
      },
      async (request) => ok(await apps.resetSecret(request.body.id, operatorOf(request), request.ip), '密钥已重置'),
    );
  };
}
