import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock';
import { COUNTRY_AREA } from '../../../platform/db/area-scope';
import { hashSecret } from '../../../platform/security/passwords';
import { randomId } from '../../../platform/security/secrets';
import { type AuditLog, SYSTEM_ACTOR } from '../audit';
import type { OperatorsRepository } from './operators.repository';
import type { OrgsRepository } from './orgs.repository';
import type { RolesRepository } from './roles.repository';

export const ROOT_ORG_NAME = '生态环境局';
export const SUPER_ROLE_NAME = '超级管理员';
export const ADMIN_USERNAME = 'admin';

/** A random first password that passes the operator password rules (upper, lower, digit, symbol). */
export function randomOperatorPassword(): string {
  return `Lt-${randomBytes(9).toString('base64url')}9a`;
}

/**
 * First start: the root organisation (the whole country), the built-in super-administrator role and,
 * when no operator exists, `admin` with PLATFORM_ADMIN_PASSWORD — or a random password logged once.
 * Either way admin must change it at the first sign-in. Idempotent: later starts change nothing.
 */
export async function bootstrapPlatform(deps: {
  orgs: OrgsRepository;
  roles: RolesRepository;
  operators: OperatorsRepository;
  audit: AuditLog;
  now: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  adminPassword: string | undefined;
}): Promise<{ created: boolean; password?: string }> {
  const now = deps.now();
  let root = await deps.orgs.root();
  if (root === undefined) {
    root = {
      id: randomId(),
      parent_id: null,
      name: ROOT_ORG_NAME,
      area_code: COUNTRY_AREA,
      created_at: now,
      updated_at: now,
    };
    await deps.orgs.insert(root);
  }
  let superRole = await deps.roles.builtin();
  if (superRole === undefined) {
    superRole = {
      id: randomId(),
      name: SUPER_ROLE_NAME,
      description: '拥有全部权限（内置，不能修改）',
      builtin: 1,
      created_at: now,
      updated_at: now,
    };
    await deps.roles.save(superRole, [], true);
  }
  if ((await deps.operators.count()) > 0) return { created: false };
  const password = deps.adminPassword ?? randomOperatorPassword();
  const id = randomId();
  await deps.operators.insert(
    {
      id,
      username: ADMIN_USERNAME,
      username_key: ADMIN_USERNAME,
      name: '系统管理员',
      phone: null,
      password_hash: await hashSecret(password),
      org_id: root.id,
      status: 'active',
      must_change_password: 1,
      created_at: now,
      updated_at: now,
      password_changed_at: now,
      last_login_at: null,
    },
    [superRole.id],
  );
  await deps.audit.record({
    actor: SYSTEM_ACTOR,
    action: 'operator.create',
    target: { type: 'operator', id, name: ADMIN_USERNAME },
    detail: '首次启动创建管理员',
  });
  if (deps.adminPassword === undefined) {
    // Printed once: it exists nowhere else, and must be changed at the first sign-in.
    deps.log.warn(
      `运营平台首次启动：已创建管理员 admin，初始密码 ${password}（首次登录后须修改）/ platform admin created, first password: ${password}`,
    );
    return { created: true, password };
  }
  deps.log.info('运营平台首次启动：已创建管理员 admin（密码取自 PLATFORM_ADMIN_PASSWORD，首次登录后须修改）');
  return { created: true };
}
