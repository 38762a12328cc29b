import { ErrorCode, PERMISSION_CODES, type RoleRow, type RoleSaveBody } from '@lantian/contracts';
import type { Clock } from '../../../platform/clock';
import { AppError, conflict, notFound } from '../../../platform/errors';
import type { Page } from '../../../platform/http/params';
import type { OperatorPrincipal } from '../../../platform/http/principal';
import { randomId } from '../../../platform/security/secrets';
import type { AuditLog } from '../audit';
import { actorOfPrincipal, requireGrantable } from './grants';
import { presentRole } from './operators.presenters';
import type { Role, RolesRepository } from './roles.repository';

/** Roles: a name, a description and permissions. The built-in super-administrator role is fixed. */
export class RolesService {
  constructor(
    private readonly roles: RolesRepository,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  async page(keyword: string | undefined, page: Page): Promise<{ list: RoleRow[]; total: number }> {
    const { rows, total } = await this.roles.page(keyword, page);
    return { list: await this.present(rows), total };
  }

  async options(): Promise<{ id: string; name: string; builtin: boolean }[]> {
    return (await this.roles.all()).map((r) => ({ id: r.id, name: r.name, builtin: r.builtin === 1 }));
  }

  async create(body: RoleSaveBody, principal: OperatorPrincipal, ip: string): Promise<RoleRow> {
    const permissions = [...new Set(body.permissions)].sort();
    requireGrantable(principal, permissions);
    if ((await this.roles.byName(body.name)) !== undefined) throw conflict('角色名称已存在');
    const now = this.now();
    const role: Role = {
      id: randomId(),
      name: body.name,
      description: body.description,
      builtin: 0,
      created_at: now,
      updated_at: now,
    };
    await this.roles.save(role, permissions, true);
    const row = presentRole(role, permissions, 0);
    await this.audit.record({
      actor: actorOfPrincipal(principal),
      ip,
      action: 'role.create',
      target: { type: 'role', id: role.id, name: role.name },
      after: row,
    });
    return row;
  }

  async update(id: string, body: RoleSaveBody, principal: OperatorPrincipal, ip: string): Promise<RoleRow> {
    const role = await this.editable(id);
    const permissions = [...new Set(body.permissions)].sort();
    requireGrantable(principal, permissions);
    const other = await this.roles.byName(body.name);
    if (other !== undefined && other.id !== id) throw conflict('角色名称已存在');
    const [before] = await this.present([role]);
    const updated: Role = { ...role, name: body.name, description: body.description, updated_at: this.now() };
    await this.roles.save(updated, permissions, false);
    const [after] = await this.present([updated]);
    await this.audit.record({
      actor: actorOfPrincipal(principal),
      ip,
      action: 'role.update',
      target: { type: 'role', id, name: updated.name },
      before,
      after,
    });
    if (after === undefined) throw notFound('未找到该角色');
    return after;
  }

  async delete(id: string, principal: OperatorPrincipal, ip: string): Promise<void> {
    const role = await this.editable(id);
    const used = (await this.roles.operatorCounts([id])).get(id) ?? 0;
    if (used > 0) throw conflict(`仍有 ${used} 位运营人员使用该角色，请先调整他们的角色`);
    const [before] = await this.present([role]);
    await this.roles.delete(id);
    await this.audit.record({
      actor: actorOfPrincipal(principal),
      ip,
      action: 'role.delete',
      target: { type: 'role', id, name: role.name },
      before,
    });
  }

  private async editable(id: string): Promise<Role> {
    const role = await this.roles.byId(id);
    if (role === undefined) throw notFound('未找到该角色');
    if (role.builtin === 1) throw new AppError(ErrorCode.FORBIDDEN, '内置角色不能修改或删除');
    return role;
  }

  private async present(roles: readonly Role[]): Promise<RoleRow[]> {
    const ids = roles.map((r) => r.id);
    const [permissions, counts] = await Promise.all([this.roles.permissionsOf(ids), this.roles.operatorCounts(ids)]);
    return roles.map((r) =>
      presentRole(r, r.builtin === 1 ? [...PERMISSION_CODES] : (permissions.get(r.id) ?? []), counts.get(r.id) ?? 0),
    );
  }
}
