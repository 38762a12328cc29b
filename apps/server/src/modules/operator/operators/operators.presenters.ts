import type { OperatorProfile, OperatorRow, OrgNode, RoleRow } from '@lantian/contracts';
import { formatChinaDateTime, formatChinaDateTimeOrNull } from '@lantian/domain';
import { areaName, type OperatorProfileFacts } from './directory.service';
import type { OperatorWithOrg } from './operators.repository';
import type { Org } from './orgs.repository';
import type { Role } from './roles.repository';

export function presentOrgRef(id: string, name: string, areaCode: string) {
  return { id, name, areaCode, areaName: areaName(areaCode) };
}

/**
 * Spec §3 session state, derived from the permissions: an administrator or an operator; whether the
 * air-data screens and the lidar are open to them.
 */
function sessionState(permissions: ReadonlySet<string>) {
  const admin = [...permissions].some((p) => p.startsWith('system:') && p !== 'system:status');
  return {
    userType: admin ? 'admin' : 'operator',
    userTypeAqidata: permissions.has('air:view') ? '1' : '0',
    lidarPermission: permissions.has('lidar:view') ? '1' : null,
  };
}

export function presentProfile(facts: OperatorProfileFacts): OperatorProfile {
  const { operator, roles, permissions } = facts;
  return {
    id: operator.id,
    username: operator.username,
    name: operator.name,
    phone: operator.phone,
    ...sessionState(permissions),
    org: presentOrgRef(operator.org_id, operator.org_name, operator.org_area),
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
    permissions: [...permissions].sort(),
    mustChangePassword: operator.must_change_password === 1,
    lastLoginAt: formatChinaDateTimeOrNull(operator.last_login_at),
  };
}

export function presentOperatorRow(operator: OperatorWithOrg, roles: readonly Role[]): OperatorRow {
  return {
    id: operator.id,
    username: operator.username,
    name: operator.name,
    phone: operator.phone,
    status: operator.status === 'disabled' ? 'disabled' : 'active',
    org: presentOrgRef(operator.org_id, operator.org_name, operator.org_area),
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
    mustChangePassword: operator.must_change_password === 1,
    lastLoginAt: formatChinaDateTimeOrNull(operator.last_login_at),
    createdAt: formatChinaDateTime(operator.created_at),
  };
}

export function presentRole(role: Role, permissions: readonly string[], operatorCount: number): RoleRow {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    permissions: [...permissions],
    operatorCount,
    builtin: role.builtin === 1,
    updatedAt: formatChinaDateTime(role.updated_at),
  };
}

/**
 * The organisations as trees: an org whose parent is not in the list (outside the reader's scope) is
 * a root, so a district administrator sees their own district's tree.
 */
export function orgForest(orgs: readonly Org[], operatorCounts: ReadonlyMap<string, number>): OrgNode[] {
  const nodes = new Map<string, OrgNode>(
    orgs.map((o) => [
      o.id,
      {
        id: o.id,
        parentId: o.parent_id,
        name: o.name,
        areaCode: o.area_code,
        areaName: areaName(o.area_code),
        operatorCount: operatorCounts.get(o.id) ?? 0,
        children: [],
      },
    ]),
  );
  const roots: OrgNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent === undefined) roots.push(node);
    else parent.children.push(node);
  }
  return roots;
}
