import type { LightMyRequestResponse } from 'fastify';
import { operators } from '../modules/operator/operators';
import type { Clock } from '../platform/clock';
import { createTestApp, type TestApp } from './app';

/**
 * Helpers for the operator platform's API tests: an app whose operator captcha always reads
 * PLATFORM_CAPTCHA and whose first `admin` has ADMIN_PASSWORD, and calls made the way a client other
 * than the console makes them (the token in `Authorization: Bearer`), or the console (cookie, same origin).
 */

export const PLATFORM_CAPTCHA = 'M4XK';
export const ADMIN_PASSWORD = 'Admin#2026pw';
/** What the admin's password becomes after the forced change at the first sign-in. */
export const ADMIN_NEW_PASSWORD = 'Lantian#Root9';
export const OPERATOR_PASSWORD = 'District#2026';
export const OPERATOR_NEW_PASSWORD = 'District#Own7';

export async function createPlatformApp(
  env: Record<string, string> = {},
  now?: Clock,
  instanceOf?: TestApp,
): Promise<TestApp> {
  const app = await createTestApp({
    env: { TEST_CAPTCHA_TEXT: PLATFORM_CAPTCHA, PLATFORM_ADMIN_PASSWORD: ADMIN_PASSWORD, ...env },
    ...(now === undefined ? {} : { now }),
    ...(instanceOf === undefined ? {} : { instanceOf }),
  });
  await app.use(operators).bootstrap();
  return app;
}

export interface PlatformCall {
  method?: 'GET' | 'POST';
  url: string;
  /** The operator's token, sent as `Authorization: Bearer`. */
  token?: string;
  query?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  headers?: Record<string, string>;
  ip?: string;
}

export function platformCall(app: TestApp, call: PlatformCall): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.token !== undefined) headers.authorization = `Bearer ${call.token}`;
  const method = call.method ?? (call.body === undefined ? 'GET' : 'POST');
  return app.server.inject({
    method,
    url: call.url,
    headers,
    ...(call.query === undefined ? {} : { query: call.query }),
    ...(call.body === undefined ? {} : { payload: call.body as Record<string, unknown> }),
    ...(call.ip === undefined ? {} : { remoteAddress: call.ip }),
  });
}

/** The `data` of a successful answer (fails the test with the answer's text otherwise). */
export function dataOf<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  const body = response.json() as { code: number; msg: string; data: T };
  if (response.statusCode !== 200 || body.code !== 0) {
    throw new Error(`expected success, got ${response.statusCode}: ${response.body}`);
  }
  return body.data;
}

/** POST /zhhb with the test captcha (a fresh captcha each time, as the console does). */
export async function signInCall(
  app: TestApp,
  username: string,
  password: string,
  options: { ip?: string; validateCode?: string } = {},
): Promise<LightMyRequestResponse> {
  const captcha = dataOf<{ uuid: string }>(await platformCall(app, { url: '/zhhb/getCaptchaImage' }));
  return platformCall(app, {
    url: '/zhhb',
    body: { username, password, validateCode: options.validateCode ?? PLATFORM_CAPTCHA, uuid: captcha.uuid },
    ...(options.ip === undefined ? {} : { ip: options.ip }),
  });
}

/** Signs in and, when the password must be changed first (always, for a new operator), changes it. */
export async function signedIn(app: TestApp, username: string, password: string, newPassword: string): Promise<string> {
  const data = dataOf<{ token: string; operator: { mustChangePassword: boolean } }>(
    await signInCall(app, username, password),
  );
  if (data.operator.mustChangePassword) {
    dataOf(
      await platformCall(app, {
        url: '/zhhb/center/modifyPwd',
        token: data.token,
        body: { oldPassword: password, newPassword, confirmPassword: newPassword },
      }),
    );
  }
  return data.token;
}

/** The apps whose admin has already changed the first password. */
const adminPasswordChanged = new WeakSet<TestApp>();

/** A token of the bootstrap administrator (the first sign-in's password change done, on the first call). */
export async function adminToken(app: TestApp): Promise<string> {
  if (adminPasswordChanged.has(app)) {
    return dataOf<{ token: string }>(await signInCall(app, 'admin', ADMIN_NEW_PASSWORD)).token;
  }
  const token = await signedIn(app, 'admin', ADMIN_PASSWORD, ADMIN_NEW_PASSWORD);
  adminPasswordChanged.add(app);
  return token;
}

export interface DistrictOperator {
  token: string;
  operatorId: string;
  orgId: string;
  roleId: string;
  username: string;
}

/** The root organisation's id (the whole country). */
export async function rootOrgId(app: TestApp, token: string): Promise<string> {
  const tree = dataOf<Array<{ id: string }>>(await platformCall(app, { url: '/adm/org/votreeData', token }));
  const root = tree[0];
  if (root === undefined) throw new Error('no root organisation');
  return root.id;
}

/**
 * An organisation for `areaCode` under the root, a role with `permissions`, an operator of both,
 * signed in with their own password: what an administrator sets up for a district's staff.
 */
export async function districtOperator(
  app: TestApp,
  admin: string,
  options: { username: string; areaCode: string; orgName: string; permissions: string[]; roleName?: string },
): Promise<DistrictOperator> {
  const parentId = await rootOrgId(app, admin);
  const org = dataOf<{ id: string }>(
    await platformCall(app, {
      url: '/sys/org/save',
      token: admin,
      body: { parentId, name: options.orgName, areaCode: options.areaCode },
    }),
  );
  const role = dataOf<{ id: string }>(
    await platformCall(app, {
      url: '/sys/role/save',
      token: admin,
      body: { name: options.roleName ?? `${options.orgName}角色`, description: '', permissions: options.permissions },
    }),
  );
  const operator = dataOf<{ id: string }>(
    await platformCall(app, {
      url: '/sys/user/save',
      token: admin,
      body: {
        username: options.username,
        name: `${options.orgName}人员`,
        password: OPERATOR_PASSWORD,
        orgId: org.id,
        roleIds: [role.id],
      },
    }),
  );
  const token = await signedIn(app, options.username, OPERATOR_PASSWORD, OPERATOR_NEW_PASSWORD);
  return { token, operatorId: operator.id, orgId: org.id, roleId: role.id, username: options.username };
}
