import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { CAPTCHA_TEXT } from './account-support';

/**
 * The operator platform in the browser. The server under test creates `admin` with
 * PLATFORM_ADMIN_PASSWORD (playwright.config.ts) and, as on any first start, requires a new password
 * at the first sign-in; TEST_CAPTCHA_TEXT fixes the captcha's answer.
 */
export const ADMIN = { username: 'admin', initialPassword: 'Admin#2026pw', password: 'Lantian#Root9' } as const;

/** The e2e server's HJ 212 gateway port (playwright.config.ts starts it there): the HTTP port + 1. */
export const HJ212_PORT = Number(process.env.E2E_HJ212_PORT ?? Number(process.env.E2E_PORT ?? 18_080) + 1);

/** The console's menu of sections. */
export const consoleMenu = (page: Page): Locator => page.getByRole('menu', { name: '平台功能' });

/**
 * Signs `request` (a page's or a context's: they share the cookie jar) in as admin through the API,
 * changing the first password if that has not happened yet, so that any spec can start signed in.
 */
export async function adminSession(request: APIRequestContext, baseURL: string): Promise<void> {
  for (const password of [ADMIN.password, ADMIN.initialPassword]) {
    const { data: captcha } = (await (await request.get('/zhhb/getCaptchaImage')).json()) as { data: { uuid: string } };
    const res = await request.post('/zhhb', {
      data: { username: ADMIN.username, password, validateCode: CAPTCHA_TEXT, uuid: captcha.uuid },
    });
    const body = (await res.json()) as {
      code: number;
      msg: string;
      data: { operator: { mustChangePassword: boolean } };
    };
    if (body.code !== 0) continue;
    if (body.data.operator.mustChangePassword) {
      const change = await request.post('/zhhb/center/modifyPwd', {
        // A cookie-authenticated write must name the console's own origin (the server's CSRF rule).
        headers: { origin: baseURL },
        data: { oldPassword: password, newPassword: ADMIN.password, confirmPassword: ADMIN.password },
      });
      expect(((await change.json()) as { code: number }).code).toBe(0);
    }
    return;
  }
  throw new Error('admin could not sign in with either password');
}

/** The sign-in page's form, filled and sent. */
export async function signInThroughPage(page: Page, username: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: '运营人员登录' });
  await expect(form).toBeVisible();
  await form.getByLabel('用户名', { exact: true }).fill(username);
  await form.getByLabel('密码', { exact: true }).fill(password);
  await form.getByLabel('验证码', { exact: true }).fill(CAPTCHA_TEXT);
  await form.getByRole('button', { name: /^登\s*录$/ }).click();
}

/** An MN nobody else uses in this run (the server may be shared with a rerun). */
export const uniqueMn = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`.slice(0, 24);

/**
 * A site in 朝阳区 and an air micro-station on it measuring PM2.5, registered through the API as an
 * administrator does (`request` signed in, e.g. by adminSession), so that a spec can send it HJ 212.
 */
export async function registerDevice(
  request: APIRequestContext,
  baseURL: string,
  device: { mn: string; name: string; siteName: string; password: string },
): Promise<void> {
  const post = async <T>(url: string, data: object) => {
    // A cookie-authenticated write must name the console's own origin (the server's CSRF rule).
    const res = await request.post(url, { data, headers: { origin: baseURL } });
    const body = (await res.json()) as { code: number; msg: string; data: T };
    expect(body.code, body.msg).toBe(0);
    return body.data;
  };
  const site = await post<{ siteId: string }>('/device/site/save', {
    siteCode: `E2E-${device.mn.slice(-6)}`,
    name: device.siteName,
    areaCode: '110105',
    lon: 116.47,
    lat: 39.94,
  });
  await post('/device/save', {
    mn: device.mn,
    name: device.name,
    type: 'A01',
    siteId: site.siteId,
    password: device.password,
    factors: [{ code: 'a34004' }],
  });
}
