import {
  configureResponse,
  currentUserResponse,
  ErrorCode,
  emptyPlatformResponse,
  modifyPasswordBody,
  OPERATOR_PASSWORD_RULES,
  PERMISSIONS,
  PLATFORMS,
  permissionsQuery,
  permissionsResponse,
  platformCaptchaResponse,
  refreshQuery,
  sessionStatusResponse,
  sessionTimeResponse,
  signInBody,
  signInResponse,
  todoNumResponse,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors';
import { isBrowserRequest } from '../../../platform/http/cookies';
import { refuseCrossSite, requestOrigin } from '../../../platform/http/csrf';
import { operatorOf } from '../../../platform/http/principal';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { presentedOperatorToken } from './access-check';
import type { OperatorDirectory } from './directory.service';
import { presentProfile } from './operators.presenters';
import { clearSessionCookies, setSessionCookies } from './session-cookies';
import type { OperatorSessions } from './sessions.service';
import type { SignInService } from './sign-in.service';
import type { TodoCounter } from './todos';

export const PLATFORM_TITLE = '蓝天生态环境综合管理平台';

export interface SessionRoutesDeps {
  signIn: SignInService;
  sessions: OperatorSessions;
  directory: OperatorDirectory;
  todos: TodoCounter;
  sessionIdleMinutes: number;
  pollSeconds: number;
  secureCookies: boolean;
}

/** Errors after which the browser's session cookies are stale: they go with the refusal. */
const ENDED = new Set<number>([ErrorCode.SESSION_EXPIRED, ErrorCode.OPERATOR_DISABLED]);

/**
 * Spec §7 "Platform session": sign-in with the image captcha, the session's state and lifetime, the
 * operator's profile and permissions, the header's badge, the password change and sign-out.
 */
export function sessionRoutes(deps: SessionRoutesDeps) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['platform-session'], access: 'operator:session', signed: false });
    const { signIn, sessions, directory, todos } = deps;

    app.addHook('onError', async (request, reply, error) => {
      const thrown: unknown = error;
      if (
        thrown instanceof AppError &&
        ENDED.has(thrown.code) &&
        presentedOperatorToken(request, deps.secureCookies)?.viaCookie
      ) {
        clearSessionCookies(reply, deps.secureCookies);
      }
    });

    route.get(
      '/zhhb/getCaptchaImage',
      {
        summary: '平台登录图片验证码：4 个字符的 JPEG（base64），2 分钟内有效，校验一次即作废',
        access: 'public',
        response: platformCaptchaResponse,
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await signIn.captcha());
      },
    );

    route.post(
      '/zhhb',
      {
        summary: '运营人员登录（用户名、密码、图片验证码）；浏览器另得 HttpOnly 会话 Cookie',
        description:
          '表单或 JSON 均可。连续 5 次密码错误锁定该账号 15 分钟，同一地址 20 次失败锁定该地址 15 分钟（429，附 Retry-After）。',
        access: 'public',
        body: signInBody,
        response: signInResponse,
      },
      async (request, reply) => {
        refuseCrossSite(request);
        const { token, session, profile } = await signIn.signIn(request.body, request.ip);
        const operator = presentProfile(profile);
        setSessionCookies(reply, token, operator, deps.secureCookies);
        reply.header('cache-control', 'no-store');
        // The console keeps the token in the HttpOnly cookie only; other clients need it in the answer.
        const time = sessions.time(session);
        return ok(
          isBrowserRequest(request) ? { operator, session: time } : { token, operator, session: time },
          '登录成功',
        );
      },
    );

    const sessionOf = (request: FastifyRequest) => sessions.current(operatorOf(request).session.key);

    route.get(
      '/sys/getSessionTime',
      { summary: '当前会话的空闲超时与结束时间（不延长会话）', response: sessionTimeResponse },
      async (request) => ok(sessions.time(await sessionOf(request))),
    );

    route.get(
      '/zhhb/center/refresh',
      {
        summary: '续期：把空闲计时从现在重新开始（绝对有效期不变）',
        query: refreshQuery,
        response: sessionTimeResponse,
      },
      async (request) => ok(sessions.time(await sessions.refresh(await sessionOf(request)))),
    );

    route.get(
      '/zhhb/center/status',
      {
        summary: '会话状态：控制台定时询问；会话已结束（登出、停用、超时）时为 401',
        response: sessionStatusResponse,
      },
      async (request) => {
        const principal = operatorOf(request);
        const [session, facts] = await Promise.all([sessionOf(request), directory.profileById(principal.id)]);
        return ok({
          signedIn: true as const,
          username: principal.username,
          mustChangePassword: facts?.operator.must_change_password === 1,
          session: sessions.time(session),
        });
      },
    );

    route.get(
      '/zhhb/center/permissions',
      {
        summary: '当前运营人员的权限代码；plateformcode 只取该平台的',
        access: 'operator:self',
        query: permissionsQuery,
        response: permissionsResponse,
      },
      async (request) => {
        const { plateformcode } = request.query;
        const held = operatorOf(request).permissions;
        const codes = PERMISSIONS.filter(
          (p) => held.has(p.code) && (plateformcode === undefined || p.platform === plateformcode),
        ).map((p) => p.code);
        return ok({ plateformcode: plateformcode ?? null, permissions: codes });
      },
    );

    route.get(
      '/zhhb/center/configure',
      {
        summary: '平台配置：名称、平台列表、密码规则、会话空闲时长、控制台询问会话的间隔（登录页也用，无需登录）',
        access: 'public',
        response: configureResponse,
      },
      async () =>
        ok({
          title: PLATFORM_TITLE,
          platforms: PLATFORMS.map((p) => ({ code: p.code, name: p.name })),
          passwordRules: OPERATOR_PASSWORD_RULES.text,
          sessionIdleMinutes: deps.sessionIdleMinutes,
          pollSeconds: deps.pollSeconds,
        }),
    );

    route.get(
      '/zhhb/center/todoNum',
      {
        summary: '页头角标：各模块待办与未读通知数（本人所辖区域、有权限的模块）',
        access: 'operator:self',
        response: todoNumResponse,
      },
      async (request) =>
        ok(
          await todos.count(operatorOf(request), (name, err) =>
            request.log.error({ err, source: name }, 'todo source failed'),
          ),
        ),
    );

    route.get(
      '/sys/user/currentUser',
      {
        summary: '当前运营人员：组织、区域、角色、权限，及 spec §3 的 userType 等会话状态',
        response: currentUserResponse,
      },
      async (request) => {
        const facts = await directory.profileById(operatorOf(request).id);
        if (facts === undefined) throw new AppError(ErrorCode.SESSION_EXPIRED, '登录已过期，请重新登录');
        return ok(presentProfile(facts));
      },
    );

    route.post(
      '/zhhb/center/modifyPwd',
      {
        summary: '修改本人密码（须原密码；新密码须符合密码规则）；本人其他会话随即结束',
        body: modifyPasswordBody,
        response: emptyPlatformResponse,
      },
      async (request) => {
        await signIn.changePassword(operatorOf(request), request.body, request.ip);
        return ok(null, '密码已修改');
      },
    );

    route.get(
      '/zhhb/logout',
      {
        summary: '退出登录：结束本次会话并清除 Cookie（会话已失效也算成功）',
        access: 'public',
        response: emptyPlatformResponse,
      },
      async (request, reply) => {
        const presented = presentedOperatorToken(request, deps.secureCookies);
        // A page of another site must not sign the operator out through the cookie (a GET is easy to forge).
        if (presented !== undefined && !(presented.viaCookie && requestOrigin(request) === 'cross')) {
          await signIn.signOutToken(presented.token, request.ip);
        }
        clearSessionCookies(reply, deps.secureCookies);
        reply.header('cache-control', 'no-store');
        return ok(null, '已退出登录');
      },
    );
  };
}
