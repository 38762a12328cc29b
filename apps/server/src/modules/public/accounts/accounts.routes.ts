import {
  ACCOUNT_COOKIES,
  ACCOUNT_HEADERS,
  ACCOUNT_MESSAGES,
  captchaResponse,
  checkSlidePuzzleBody,
  checkSlidePuzzleResponse,
  deleteUserConfigQuery,
  deleteUserConfigResponse,
  ErrorCode,
  emptyResponse,
  forgetUpdatePasswordBody,
  loginBody,
  loginResponse,
  messageCodeBody,
  messageCodeResponse,
  registerBody,
  slidePuzzleQuery,
  slidePuzzleResponse,
  tokenValidResponse,
  updatePasswordBody,
  userConfigBody,
  userConfigResponse,
  userVisRecordBody,
} from '@lantian/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors';
import { isBrowserRequest } from '../../../platform/http/cookies';
import { isSafeMethod, refuseCrossSite, requireSameOrigin } from '../../../platform/http/csrf';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import type { AccountService } from './accounts.service';
import { authOf, presentedToken } from './auth';
import { clearLoginCookies, readCookies, setLoginCookies } from './cookies';
import type { SessionPolicy, SessionService } from './sessions.service';
import type { UserDataService } from './user-data.service';
import type { VerificationService } from './verification.service';

export interface AccountRoutesDeps {
  accounts: AccountService;
  verification: VerificationService;
  userData: UserDataService;
  sessions: SessionService;
  policy: SessionPolicy;
  /** Secure cookies (production: HTTPS only). */
  secureCookies: boolean;
}

const isOn = (flag: string | undefined) => flag === '1' || flag === 'true' || flag === 'on';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The visitor id: the body's, else the Authentication-uniqueId header, else its cookie. */
function visitorId(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  const given = fromBody?.trim() || undefined;
  return given ?? header(request, ACCOUNT_HEADERS.uniqueId) ?? readCookies(request).get(ACCOUNT_COOKIES.uniqueId);
}

/**
 * /api/user/* (spec §7 "Account"): calls of the public site like any other, so signed. Every answer
 * is `no-store`; every write refuses a cross-site browser request, and cookie-authenticated writes
 * must come from the site itself (csrf.ts).
 */
export function accountRoutes(deps: AccountRoutesDeps) {
  return (app: ApiApp) => {
    registerRoutes(app, deps);
  };
}

function registerRoutes(app: ApiApp, deps: AccountRoutesDeps): void {
  const route = routesOf(app, { tags: ['accounts'], access: 'public', signed: true });
  const { accounts, verification, userData, sessions } = deps;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!isSafeMethod(request.method)) refuseCrossSite(request);
  });
  // A dead session's cookies go with the refusal, so the shell's cookie poll sees the logout.
  app.addHook('onError', async (request, reply, error) => {
    const thrown: unknown = error;
    if (
      thrown instanceof AppError &&
      thrown.code === ErrorCode.SESSION_EXPIRED &&
      presentedToken(request, deps.secureCookies)?.source === 'cookie'
    ) {
      clearLoginCookies(reply, deps.secureCookies);
    }
  });

  const captcha = async (request: FastifyRequest) => ok(await verification.captcha(request.ip));
  const captchaSpec = {
    summary: '图片验证码：4 个字符的 JPEG（base64），2 分钟内有效，校验一次即作废',
    response: captchaResponse,
  };
  route.get('/api/user/getCaptchaImage', captchaSpec, captcha);
  route.post('/api/user/getCaptchaImage', captchaSpec, captcha);
  route.post('/api/user/getCodeData', captchaSpec, captcha);

  route.get(
    '/api/user/getSlidePuzzle',
    {
      summary: '滑动拼图：服务器生成背景与拼图块，缺口位置只保存在服务器',
      query: slidePuzzleQuery,
      response: slidePuzzleResponse,
    },
    async (request) => ok(await verification.puzzle(request.ip, request.query)),
  );

  route.post(
    '/api/user/checkSlidePuzzle',
    {
      summary: '校验滑动拼图（位置在容差内且拖动轨迹并非完全匀速）；通过得到绑定手机号的一次性票据',
      body: checkSlidePuzzleBody,
      response: checkSlidePuzzleResponse,
    },
    async (request) => ok(await verification.checkPuzzle(request.ip, request.body), '验证通过'),
  );

  route.post(
    '/api/user/getMessageCodeData',
    {
      summary: '发送短信验证码（需滑动验证票据；同一手机号 120 秒内不能重发）',
      body: messageCodeBody,
      response: messageCodeResponse,
    },
    async (request) => {
      const { phone, username, isValidUser, ticket } = request.body;
      return ok(
        await verification.sendCode(request.ip, { phone: phone ?? username, isValidUser, ticket }),
        '验证码已发送',
      );
    },
  );

  route.post(
    '/api/user/login',
    {
      summary: '手机号 + 密码 + 图片验证码登录；设置 HttpOnly 令牌 Cookie 及页面可读的状态 Cookie',
      body: loginBody,
      response: loginResponse,
    },
    async (request, reply) => {
      const body = request.body;
      const remember = isOn(body.remember);
      const {
        result: { token, ...facts },
        session,
      } = await accounts.login(
        {
          username: body.username,
          password: body.password,
          code: body.verificationCode ?? body.code,
          uuid: body.uuid ?? header(request, ACCOUNT_HEADERS.uuid),
          remember,
          ticket: body.ticket,
        },
        request.ip,
      );
      setLoginCookies(reply, token, session, {
        secure: deps.secureCookies,
        maxAge: remember ? deps.policy.rememberSeconds : undefined,
      });
      // A browser keeps the token in the HttpOnly cookie only (isBrowserRequest); others need it here.
      const result = isBrowserRequest(request) ? facts : { token, ...facts };
      return { code: 0 as const, msg: '登录成功', ...result, data: result };
    },
  );

  route.post(
    '/api/user/register',
    {
      summary: '注册：手机号 + 短信验证码 + 密码',
      body: registerBody,
      response: emptyResponse,
    },
    async (request) => {
      const body = request.body;
      await accounts.register(
        {
          phone: body.phone ?? body.username,
          code: body.code ?? body.verificationCode,
          password: body.password,
          uuid: body.uuid,
          uniqueId: visitorId(request, body.uniqueId),
        },
        request.ip,
      );
      return ok(null, ACCOUNT_MESSAGES.registered);
    },
  );

  route.post(
    '/api/user/forgetUpdatePassword',
    {
      summary: '找回密码：手机号 + 短信验证码 + 新密码；该账号的所有会话失效',
      body: forgetUpdatePasswordBody,
      response: emptyResponse,
    },
    async (request) => {
      const body = request.body;
      await accounts.resetPassword(
        {
          phone: body.phone ?? body.username,
          code: body.code ?? body.verificationCode,
          password: body.password,
          uuid: body.uuid,
        },
        request.ip,
      );
      return ok(null, ACCOUNT_MESSAGES.passwordReset);
    },
  );

  route.post(
    '/api/user/updatePassword',
    {
      summary: '修改密码（需登录）：原密码 + 新密码；本会话以外的会话全部失效',
      body: updatePasswordBody,
      response: emptyResponse,
      access: 'user',
    },
    async (request) => {
      await accounts.changePassword(authOf(request).session, request.body, request.ip);
      return ok(null, ACCOUNT_MESSAGES.passwordChanged);
    },
  );

  route.post(
    '/api/user/loginOut',
    {
      summary: '退出登录：服务器端注销会话并清除登录 Cookie（会话已失效时同样成功）',
      response: emptyResponse,
    },
    async (request, reply) => {
      await accounts.logout(presentedToken(request, deps.secureCookies)?.token);
      clearLoginCookies(reply, deps.secureCookies);
      return ok(null, '已退出登录');
    },
  );

  route.post(
    '/api/user/tokenValid',
    {
      summary: '令牌是否有效（Authentication-Token 头或 Cookie）；Cookie 中的失效令牌会被清除',
      response: tokenValidResponse,
    },
    async (request, reply) => {
      const presented = presentedToken(request, deps.secureCookies);
      const { status } = await accounts.tokenStatus(presented?.token);
      if (!status.valid && presented?.source === 'cookie') clearLoginCookies(reply, deps.secureCookies);
      return ok(status);
    },
  );

  route.post(
    '/api/user/saveUserVisRecord',
    {
      summary: '记录一次访问（访客标识取 Authentication-uniqueId 头或 Cookie；已登录时同时记录用户）',
      body: userVisRecordBody.optional(),
      response: emptyResponse,
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const uniqueId = visitorId(request, body.uniqueId);
      const presented = presentedToken(request, deps.secureCookies);
      const session = presented === undefined ? undefined : await sessions.resolve(presented.token);
      if (presented?.source === 'cookie' && session === undefined) clearLoginCookies(reply, deps.secureCookies);
      await userData.recordVisit(request.ip, { uniqueId, userId: session?.userId, url: body.url });
      return ok(null);
    },
  );

  route.post(
    '/api/user/saveUserConfig',
    {
      summary: '保存个人设置（需登录）：任意非空字段；返回保存后的全部设置',
      body: userConfigBody,
      response: userConfigResponse,
      access: 'user',
    },
    async (request) => ok(await userData.saveConfig(authOf(request).session.userId, request.body), '保存成功'),
  );

  route.get(
    '/api/user/getUserConfig',
    { summary: '个人设置（需登录）', response: userConfigResponse, access: 'user' },
    async (request) => ok(await userData.config(authOf(request).session.userId)),
  );

  const deleteSpec = {
    summary: '删除个人设置（需登录）：key 指定一项，省略则全部删除',
    response: deleteUserConfigResponse,
    access: 'user' as const,
  };
  route.get('/api/user/deleteUserConfig', { ...deleteSpec, query: deleteUserConfigQuery }, async (request) => {
    const auth = authOf(request);
    // A GET that deletes: with the cookie it must still come from the site's own pages.
    if (auth.source === 'cookie') requireSameOrigin(request);
    return ok({ deleted: await userData.deleteConfig(auth.session.userId, request.query.key) }, '删除成功');
  });
  route.post(
    '/api/user/deleteUserConfig',
    { ...deleteSpec, body: deleteUserConfigQuery.optional() },
    async (request) => {
      const auth = authOf(request);
      return ok({ deleted: await userData.deleteConfig(auth.session.userId, request.body?.key) }, '删除成功');
    },
  );
}
