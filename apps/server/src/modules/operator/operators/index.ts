import type { AreaScope } from '../../../platform/db/area-scope';
import { defineModule, type ModuleContext } from '../../../platform/module';
import { PeriodicJobs } from '../../../platform/periodic';
import { CaptchaService } from '../../../platform/security/captcha.service';
import { audit } from '../audit';
import { operatorAccessCheck } from './access-check';
import { adminRoutes } from './admin.routes';
import { bootstrapPlatform } from './bootstrap';
import { OperatorDirectory } from './directory.service';
import * as m0006 from './migrations/0006_operators';
import { OperatorSessionsRepository } from './operator-sessions.repository';
import { OperatorsRepository } from './operators.repository';
import { OperatorsService } from './operators.service';
import { type OperatorsSettings, readOperatorsSettings } from './operators.settings';
import type { OperatorsTables } from './operators.tables';
import { OrgsRepository } from './orgs.repository';
import { OrgsService } from './orgs.service';
import { RolesRepository } from './roles.repository';
import { RolesService } from './roles.service';
import { sessionRoutes } from './session.routes';
import { OperatorSessions } from './sessions.service';
import { SignInService } from './sign-in.service';
import { TodoCounter } from './todos';

export { ADMIN_USERNAME, randomOperatorPassword } from './bootstrap';
export { areaName } from './directory.service';
export { SHELL_PRINCIPAL } from './grants';
export type { OperatorsSettings } from './operators.settings';
export type { OperatorsTables } from './operators.tables';
export { LOCKOUT } from './sign-in.service';
export type { TodoCount, TodoSource } from './todos';

/** Expired sessions are deleted this often (they are refused on use anyway; this keeps the table small). */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * The operator platform's foundation (spec §7 "Platform session", §6): operators, organisations
 * (each bound to an area, the data scope), roles and permissions, server-side sessions with sign-in
 * by image captcha and lockout, the `operator:` access rule every platform route declares, and the
 * header's todo badge that later modules feed (`use(operators).todos.register`).
 */
export const operators = defineModule({
  name: 'operators',
  tags: [
    { name: 'platform-session', description: '运营平台：登录、会话、当前用户、权限、修改密码' },
    { name: 'platform-admin', description: '运营平台：运营人员、角色权限、组织机构' },
  ],
  migrations: { '0006_operators': m0006 },
  settings: readOperatorsSettings,
  create(context: ModuleContext<OperatorsTables, OperatorsSettings>) {
    const { database, state, settings, now, log } = context;
    const auditLog = context.use(audit).log;
    const operatorsRepo = new OperatorsRepository(database);
    const rolesRepo = new RolesRepository(database);
    const orgsRepo = new OrgsRepository(database);
    const sessions = new OperatorSessions(
      new OperatorSessionsRepository(database),
      { idleSeconds: settings.sessionIdleMinutes * 60, absoluteSeconds: settings.sessionAbsoluteHours * 3600 },
      now,
    );
    const directory = new OperatorDirectory(operatorsRepo, rolesRepo);
    const captchas = new CaptchaService(state, settings.testCaptchaText, 'platform');
    const signIn = new SignInService(
      operatorsRepo,
      directory,
      sessions,
      captchas,
      state,
      auditLog,
      now,
      log,
      settings.signInMaxPerAddress,
    );
    const orgs = new OrgsService(orgsRepo, auditLog, now);
    const roles = new RolesService(rolesRepo, auditLog, now);
    const operatorsService = new OperatorsService(operatorsRepo, rolesRepo, orgs, directory, sessions, auditLog, now);
    const todos = new TodoCounter();
    const secureCookies = context.config.nodeEnv === 'production';
    const bootstrap = () =>
      bootstrapPlatform({
        orgs: orgsRepo,
        roles: rolesRepo,
        operators: operatorsRepo,
        audit: auditLog,
        now,
        log,
        adminPassword: settings.adminPassword,
      });
    const jobs = new PeriodicJobs(log);

    return {
      api: {
        /** First start: the root organisation, the super-administrator role and `admin` (idempotent). */
        bootstrap,
        directory,
        todos,
        operators: operatorsService,
        /** An operator with their organisation, when they lie in `scope` (other modules' pickers and checks). */
        inScope: (id: string, scope: AreaScope) => operatorsRepo.byIdInScope(id, scope),
        /** How many active operators of an organisation hold a permission (can anyone there do it?). */
        countHolding: (orgId: string, permission: string) => operatorsRepo.countHolding(orgId, permission),
        roles,
        orgs,
        /** Clears the sign-in lockout of a username (the CLI's rescue after a password reset). */
        unlock: (username: string) => signIn.unlock(username),
      },
      access: { operator: operatorAccessCheck(sessions, directory, secureCookies) },
      routes: async (app) => {
        await app.register(async (scope) =>
          sessionRoutes({
            signIn,
            sessions,
            directory,
            todos,
            sessionIdleMinutes: settings.sessionIdleMinutes,
            pollSeconds: settings.sessionPollSeconds,
            secureCookies,
          })(scope),
        );
        await app.register(async (scope) => adminRoutes({ operators: operatorsService, roles, orgs })(scope));
      },
      async start() {
        await bootstrap();
        jobs.every(SWEEP_EVERY_MS, 'operator session sweep failed', () => sessions.sweep());
      },
      async close() {
        jobs.stop();
      },
    };
  },
});
