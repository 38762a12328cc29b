import type { OperatorCreateBody, OperatorRow, OperatorUpdateBody } from '@lantian/contracts';
import type { Clock } from '../../../platform/clock';
import { conflict, forbidden, invalidField, notFound } from '../../../platform/errors';
import type { Page } from '../../../platform/http/params';
import type { OperatorPrincipal } from '../../../platform/http/principal';
import { hashSecret } from '../../../platform/security/passwords';
import { randomId } from '../../../platform/security/secrets';
import type { AuditLog } from '../audit';
import { areaName, type OperatorDirectory } from './directory.service';
import { actorOfPrincipal, requireGrantable } from './grants';
import { presentOperatorRow } from './operators.presenters';
import type { OperatorSort, OperatorsRepository, OperatorWithOrg } from './operators.repository';
import type { OrgsService } from './orgs.service';
import type { Role, RolesRepository } from './roles.repository';
import type { OperatorSessions } from './sessions.service';
import { checkOperatorPassword } from './sign-in.service';

export interface OperatorListQuery {
  keyword?: string | undefined;
  orgId?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  sortBy?: 'username' | 'name' | 'createdAt' | 'lastLoginAt' | undefined;
  sortOrder?: 'ascend' | 'descend' | undefined;
}

const SORT_COLUMNS = {
  username: 'username',
  name: 'name',
  createdAt: 'created_at',
  lastLoginAt: 'last_login_at',
} as const;

/**
 * Administration of operators, always inside the administrator's area: they list, create and change
 * only operators of organisations in their area, and give only roles whose permissions they hold.
 * Disabling an operator, or resetting their password, ends all their sessions at once.
 */
/** Who may pick colleagues in other screens' forms. */
const OPTION_PERMISSIONS = ['grid:dispatch', 'grid:manage', 'system:operator:view'];

export class OperatorsService {
  constructor(
    private readonly operators: OperatorsRepository,
    private readonly roles: RolesRepository,
    private readonly orgs: OrgsService,
    private readonly directory: OperatorDirectory,
    private readonly sessions: OperatorSessions,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  async page(
    query: OperatorListQuery,
    principal: OperatorPrincipal,
    page: Page,
  ): Promise<{ list: OperatorRow[]; total: number }> {
    const orgArea =
      query.orgId === undefined ? undefined : (await this.orgs.inScope(query.orgId, principal.scope)).area_code;
    const sort: OperatorSort = {
      by: SORT_COLUMNS[query.sortBy ?? 'username'],
      order: query.sortOrder === 'descend' ? 'desc' : 'asc',
    };
    const { rows, total } = await this.operators.page(
      { keyword: query.keyword, orgArea, status: query.status },
      principal.scope,
      page,
      sort,
    );
    return { list: await this.present(rows), total };
  }

  /** Active operators of the caller's area for other screens' pickers (see operatorOptionsQuery). */
  async options(query: { keyword?: string | undefined; pageSize: number }, principal: OperatorPrincipal) {
    if (!OPTION_PERMISSIONS.some((p) => principal.permissions.has(p))) {
      throw forbidden('选择人员需要「受理、派遣」「网格划分与网格员管理」或「运营人员」权限之一');
    }
    const { rows } = await this.operators.page(
      { keyword: query.keyword, status: 'active' },
      principal.scope,
      { pageNum: 1, pageSize: query.pageSize, offset: 0, limit: query.pageSize },
      { by: 'name', order: 'asc' },
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        username: r.username,
        name: r.name,
        org: { id: r.org_id, name: r.org_name, areaCode: r.org_area, areaName: areaName(r.org_area) },
      })),
    };
  }

  async create(body: OperatorCreateBody, principal: OperatorPrincipal, ip: string): Promise<OperatorRow> {
    checkOperatorPassword(body.password, body.username);
    await this.orgs.inScope(body.orgId, principal.scope);
    const roles = await this.grantableRoles(body.roleIds, principal);
    if ((await this.operators.byUsername(body.username)) !== undefined) throw conflict('用户名已存在');
    const now = this.now();
    const id = randomId();
    await this.operators.insert(
      {
        id,
        username: body.username,
        username_key: body.username.toLowerCase(),
        name: body.name,
        phone: body.phone ?? null,
        password_hash: await hashSecret(body.password),
        org_id: body.orgId,
        status: 'active',
        // Set by an administrator: the operator chooses their own at the first sign-in.
        must_change_password: 1,
        created_at: now,
        updated_at: now,
        password_changed_at: now,
        last_login_at: null,
      },
      roles.map((r) => r.id),
    );
    const row = await this.row(id);
    await this.audit.record({
      actor: actorOfPrincipal(principal),
      ip,
      action: 'operator.create',
      target: { type: 'operator', id, name: body.username },
      after: row,
    });
    return row;
  }

  async update(body: OperatorUpdateBody, principal: OperatorPrincipal, ip: string): Promise<OperatorRow> {
    const before = await this.inScopeRow(body.id, principal);
    await this.orgs.inScope(body.orgId, principal.scope);
    const roles = await this.grantableRoles(body.roleIds, principal);
    if (
      body.id === principal.id &&
      !sameIds(
        roles.map((r) => r.id),
        before.roles.map((r) => r.id),
      )
    ) {
      throw forbidden('不能修改自己的角色');
    }
    await this.operators.update(
      body.id,
      { name: body.name, org_id: body.orgId, phone: body.phone ?? null, updated_at: this.now() },
      roles.map((r) => r.id),
    );
    const after = await this.row(body.id);
    await this.audit.record({
      actor: actorOfPrincipal(principal),
      ip,
      action: 'operator.update',
      target: { type: 'operator', id: body.id, name: after.username },
      before,
      after,
    });
    return after;
  }

  async setStatus(
    id: string,
    status: 'active' | 'disabled',
    principal: OperatorPrincipal,
    ip: string,
  ): Promise<OperatorRow> {
    if (id === principal.id) throw forbidden('不能停用或启用自己');
    const before = await this.inScopeRow(id, principal);
    await this.operators.setStatus(id, status, this.now());
    // A disabled operator's open sessions end now: their next request (the console polls) is refused.
    if (status === 'disabled') await this.sessions.endAll(id);
    const after = await this.row(id);
    await this.audit.record({
      actor: actorOfPrincipal(principal),
      ip,
      action: status === 'disabled' ? 'operator.disable' : 'operator.enable',
      target: { type: 'operator', id, name: after.username },
      before: { status: before.status },
      after: { status: after.status },
    });
    return after;
  }

  async resetPassword(id: string, password: string, principal: OperatorPrincipal, ip: string): Promise<OperatorRow> {
    const before = await this.inScopeRow(id, principal);
    checkOperatorPassword(password, before.username);
    await this.operators.setPassword(id, await hashSecret(password), true, this.now());
    await this.sessions.endAll(id);
    const after = await this.row(id);
    await this.audit.record({
      actor: actorOfPrincipal(principal),
      ip,
      action: 'operator.reset_password',
      target: { type: 'operator', id, name: after.username },
      after: { mustChangePassword: true },
    });
    return after;
  }

  /** An operator by username, any case (the command line names operators this way), within the scope. */
  async byUsername(username: string, principal: OperatorPrincipal): Promise<OperatorRow> {
    const operator = await this.operators.byUsername(username);
    if (operator === undefined) throw notFound(`未找到运营人员 ${username}`);
    return this.inScopeRow(operator.id, principal);
  }

  /** The roles by id, each one the administrator may give (404 for an unknown one). */
  private async grantableRoles(ids: readonly string[], principal: OperatorPrincipal): Promise<Role[]> {
    const unique = [...new Set(ids)];
    const roles = await this.roles.byIds(unique);
    if (roles.length !== unique.length) throw invalidField('roleIds', '包含不存在的角色');
    const permissions = await this.directory.permissionsOf(roles);
    permissions.delete('self');
    requireGrantable(principal, permissions);
    return roles;
  }

  private async inScopeRow(id: string, principal: OperatorPrincipal): Promise<OperatorRow> {
    const operator = await this.operators.byIdInScope(id, principal.scope);
    if (operator === undefined) throw notFound('未找到该运营人员');
    const [row] = await this.present([operator]);
    if (row === undefined) throw notFound('未找到该运营人员');
    return row;
  }

  private async row(id: string): Promise<OperatorRow> {
    const operator = await this.operators.byId(id);
    if (operator === undefined) throw notFound('未找到该运营人员');
    const [row] = await this.present([operator]);
    if (row === undefined) throw notFound('未找到该运营人员');
    return row;
  }

  private async present(operators: readonly OperatorWithOrg[]): Promise<OperatorRow[]> {
    const roleIds = await this.operators.roleIdsOf(operators.map((o) => o.id));
    const roles = new Map((await this.roles.byIds([...new Set([...roleIds.values()].flat())])).map((r) => [r.id, r]));
    return operators.map((o) =>
      presentOperatorRow(
        o,
        (roleIds.get(o.id) ?? []).flatMap((id) => roles.get(id) ?? []),
      ),
    );
  }
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);
}
