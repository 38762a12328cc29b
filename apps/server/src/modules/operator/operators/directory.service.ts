import { areaByCode } from '@lantian/areas';
import { PERMISSION_CODES, SELF_PERMISSION } from '@lantian/contracts';
import { COUNTRY_AREA } from '../../../platform/db/area-scope';
import type { OperatorsRepository, OperatorWithOrg } from './operators.repository';
import type { Role, RolesRepository } from './roles.repository';

/** An operator as the platform sees them: their organisation, roles and permissions. */
export interface OperatorProfileFacts {
  operator: OperatorWithOrg;
  roles: Role[];
  /** Every permission the roles grant (the built-in role grants all), plus `self`. */
  permissions: ReadonlySet<string>;
}

/** The name of an area code, '全国' for the whole country. */
export function areaName(code: string): string {
  if (code === COUNTRY_AREA) return '全国';
  return areaByCode(code)?.name ?? code;
}

/** Reads operators with their roles and permissions (the access check, profiles, the admin screens). */
export class OperatorDirectory {
  constructor(
    private readonly operators: OperatorsRepository,
    private readonly roles: RolesRepository,
  ) {}

  async profile(operator: OperatorWithOrg): Promise<OperatorProfileFacts> {
    const roleIds = (await this.operators.roleIdsOf([operator.id])).get(operator.id) ?? [];
    const roles = await this.roles.byIds(roleIds);
    return { operator, roles, permissions: await this.permissionsOf(roles) };
  }

  async profileById(id: string): Promise<OperatorProfileFacts | undefined> {
    const operator = await this.operators.byId(id);
    return operator === undefined ? undefined : this.profile(operator);
  }

  async permissionsOf(roles: readonly Role[]): Promise<Set<string>> {
    const held = new Set<string>([SELF_PERMISSION]);
    if (roles.some((r) => r.builtin === 1)) {
      for (const code of PERMISSION_CODES) held.add(code);
      return held;
    }
    const byRole = await this.roles.permissionsOf(roles.map((r) => r.id));
    for (const list of byRole.values()) for (const code of list) held.add(code);
    return held;
  }
}
