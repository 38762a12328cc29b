import { ErrorCode, isPermissionCode, PERMISSION_CODES, SELF_PERMISSION } from '@lantian/contracts';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { AppError, forbidden } from '../../../platform/errors';
import type { OperatorPrincipal } from '../../../platform/http/principal';
import type { AuditActor } from '../audit';

/**
 * Whoever runs `lantian operator …` on the server's shell: the whole country and every permission,
 * like the built-in administrator, but no operator (the audit log names them `cli`).
 */
export const SHELL_PRINCIPAL: OperatorPrincipal = {
  kind: 'operator',
  id: 'shell',
  username: 'cli',
  scope: NATIONWIDE,
  permissions: new Set([SELF_PERMISSION, ...PERMISSION_CODES]),
  session: { key: '', viaCookie: false },
};

/** The principal as the audit log names them. */
export function actorOfPrincipal(principal: OperatorPrincipal): AuditActor {
  if (principal === SHELL_PRINCIPAL) return { id: null, name: principal.username, areaCode: null };
  return { id: principal.id, name: principal.username, areaCode: principal.scope.areaCode };
}

/**
 * No one grants what they do not hold: a role may only carry permissions its editor has, and an
 * operator may only be given roles whose permissions the administrator has (no escalation).
 */
export function requireGrantable(principal: OperatorPrincipal, permissions: Iterable<string>): void {
  for (const code of permissions) {
    if (!isPermissionCode(code)) throw new AppError(ErrorCode.VALIDATION, `参数错误：permissions 未知的权限 ${code}`);
    if (!principal.permissions.has(code)) throw forbidden(`不能授予自己没有的权限：${code}`);
  }
}
