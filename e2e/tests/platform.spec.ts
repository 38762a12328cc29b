import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminSession, consoleMenu, signInThroughPage } from './platform-support';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * The operator platform's foundation, end to end in Chromium: sign-in with the image captcha, a role
 * holding only the air menu, a district operator bound to 朝阳区 with it, what that operator can and
 * cannot reach, and an administrator's disable ending the operator's open session within one poll
 * (PLATFORM_SESSION_POLL_SECONDS=3 in playwright.config.ts).
 */

const suffix = Date.now().toString(36).slice(-5);
const ROLE = `空气质量查看-${suffix}`;
const ORG = `朝阳区分局-${suffix}`;
const OPERATOR = {
  username: `cy${suffix}`,
  name: `朝阳值班员${suffix}`,
  first: 'Chaoyang#First1',
  own: 'Chaoyang#Mine22',
};

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
});

async function openSection(page: Page, label: string, path: string) {
  await consoleMenu(page).getByRole('menuitem', { name: label }).click();
  await expect(page).toHaveURL(new RegExp(`/platform/${path}$`));
  await expect(page).toHaveTitle(new RegExp(`^${label} · `));
}

test('a wrong captcha or password is refused on the sign-in page, with the reason', async ({ page }) => {
  await page.goto('/platform/');
  const form = page.getByRole('form', { name: '运营人员登录' });
  await expect(page.getByRole('img', { name: '图片验证码' })).toBeVisible();
  await form.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(form.getByText('此项不能为空').first()).toBeVisible();
  await form.getByLabel('用户名', { exact: true }).fill('nobody-here');
  await form.getByLabel('密码', { exact: true }).fill('Whatever#123');
  await form.getByLabel('验证码', { exact: true }).fill('ZZZZ');
  await form.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: '验证码' })).toBeVisible();
  // The captcha is used up by any attempt: the field is emptied for the new picture.
  await expect(form.getByLabel('验证码', { exact: true })).toHaveValue('');
  await screenshot(page, 'platform-signin-error');
});

test('admin signs in, makes a role with only the air menu, a 朝阳区 organisation and an operator', async ({
  page,
  baseURL,
}) => {
  const errors = watchForErrors(page);
  // The first admin password is changed through the API here if no other spec did it yet.
  await adminSession(page.request, baseURL ?? '');
  await page.context().clearCookies();
  await page.goto('/platform/');
  await screenshot(page, 'platform-signin');
  await signInThroughPage(page, ADMIN.username, ADMIN.password);
  await expect(page.getByText('系统管理员，您好')).toBeVisible();
  await expect(page.getByRole('button', { name: '当前用户' })).toContainText('生态环境局');

  await openSection(page, '角色权限', 'roles');
  await page.getByRole('button', { name: /新增$/ }).click();
  const roleForm = page.getByRole('form', { name: '新增角色' });
  await roleForm.getByLabel('角色名称').fill(ROLE);
  await page.getByRole('tree').getByText('空气质量监测', { exact: true }).click();
  await screenshot(page, 'platform-role-form');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByRole('row').filter({ hasText: ROLE })).toBeVisible();

  await openSection(page, '组织机构', 'orgs');
  await page
    .getByRole('button', { name: /新增下级/ })
    .first()
    .click();
  const orgForm = page.getByRole('form', { name: '新增组织' });
  await orgForm.getByLabel('组织名称').fill(ORG);
  const area = orgForm.getByLabel('行政区划');
  await area.click();
  await area.fill('朝阳区');
  await page
    .locator('.ant-cascader-menu-item, .ant-select-tree-node-content-wrapper, .ant-select-item-option')
    .filter({ hasText: /北京.*朝阳区|朝阳区.*北京|^朝阳区$/ })
    .first()
    .click();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(ORG).first()).toBeVisible();

  await openSection(page, '运营人员', 'operators');
  await page.getByRole('button', { name: /新增$/ }).click();
  const opForm = page.getByRole('form', { name: '新增运营人员' });
  await opForm.getByLabel('用户名').fill(OPERATOR.username);
  await opForm.getByLabel('姓名').fill(OPERATOR.name);
  await opForm.getByLabel('初始密码').fill(OPERATOR.first);
  await opForm.getByLabel('所属组织').click();
  await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: ORG }).click();
  await opForm.getByLabel('角色').click();
  await page.locator('.ant-select-item-option').filter({ hasText: ROLE }).click();
  await page.keyboard.press('Escape');
  await screenshot(page, 'platform-operator-form');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  const row = page.getByRole('row').filter({ hasText: OPERATOR.username });
  await expect(row).toContainText(ORG);
  await expect(row).toContainText(ROLE);
  await expect(row).toContainText('待改密码');
  await screenshot(page, 'platform-operators');
  // The browser logs the 401 of "who is signed in?" before the sign-in; nothing else may fail.
  expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
});

test('the district operator changes the first password, sees only air, and nothing of other districts', async ({
  page,
}) => {
  const errors = watchForErrors(page);
  await page.goto('/platform/');
  await signInThroughPage(page, OPERATOR.username, OPERATOR.first);
  const change = page.getByRole('form', { name: '修改密码' });
  await expect(page.getByText('首次登录，请修改密码')).toBeVisible();
  await change.getByLabel('原密码').fill(OPERATOR.first);
  await change.getByLabel('新密码', { exact: true }).fill('short');
  await expect(change.getByText('密码不能少于8位')).toBeVisible();
  await change.getByLabel('新密码', { exact: true }).fill(OPERATOR.own);
  await change.getByLabel('确认新密码').fill(OPERATOR.own);
  await screenshot(page, 'platform-forced-password');
  await change.getByRole('button', { name: '确认修改' }).click();

  await expect(page.getByText(`${OPERATOR.name}，您好`)).toBeVisible();
  await expect(page.getByText('数据范围：朝阳区')).toBeVisible();
  const items = consoleMenu(page).getByRole('menuitem');
  // The two air sections the role's air:view grants, and every operator's own notices and tasks.
  await expect(items).toHaveCount(4);
  await expect(items.first()).toContainText('空气质量监测');
  await expect(items.nth(1)).toContainText('风场与探空');
  await expect(items.nth(2)).toContainText('消息通知');
  await expect(items.nth(3)).toContainText('任务中心');
  await screenshot(page, 'platform-district-home');

  // A grid call without the grid permission: 403 with a message, never data.
  const grid = await page.request.get('/adm/grid/allGridTreeData');
  expect(grid.status()).toBe(403);
  expect(await grid.json()).toEqual({ code: 40300, msg: '没有权限：网格事件' });
  // Another district (海淀区) is outside the scope whatever is asked; the own outline is fine.
  expect((await page.request.get('/sys/user/getCityBoundary?areaCode=110108')).status()).toBe(403);
  expect((await page.request.get('/sys/user/getCityBoundary?areaCode=110105')).status()).toBe(200);
  const orgs = (await (await page.request.get('/adm/org/votreeData')).json()) as {
    data: { name: string; areaCode: string }[];
  };
  expect(orgs.data.map((o) => o.areaCode)).toEqual(['110105']);
  // An administration screen by its address: the console says 403 before any call.
  await page.goto('/platform/operators');
  await expect(page.getByText('没有访问权限')).toBeVisible();
  expect((await page.request.get('/sys/user/list')).status()).toBe(403);
  expect(errors.filter((e) => !/40[13]/.test(e))).toEqual([]);
});

test('disabling the operator ends the open session within one poll', async ({ page, browser, baseURL }) => {
  await page.goto('/platform/');
  await signInThroughPage(page, OPERATOR.username, OPERATOR.own);
  await expect(page.getByText(`${OPERATOR.name}，您好`)).toBeVisible();

  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await adminPage.setViewportSize(VIEWPORTS.desktop);
  await adminSession(adminPage.request, baseURL ?? '');
  await adminPage.goto(`/platform/operators?keyword=${OPERATOR.username}`);
  const row = adminPage.getByRole('row').filter({ hasText: OPERATOR.username });
  await row.getByRole('button', { name: /^停\s*用$/ }).click();
  await adminPage
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^停\s*用$/ })
    .click();
  await expect(row.getByRole('button', { name: /^启\s*用$/ })).toBeVisible();
  await admin.close();

  // One poll is 3 s here; allow for it and the round trip, nothing more.
  await expect(page.getByRole('form', { name: '运营人员登录' })).toBeVisible({ timeout: 6_000 });
  await expect(page.getByRole('alert')).toContainText(/登录已过期|已停用/);
  await screenshot(page, 'platform-session-ended');
  // The account cannot sign in again either.
  await signInThroughPage(page, OPERATOR.username, OPERATOR.own);
  await expect(page.getByRole('alert').filter({ hasText: '停用' })).toBeVisible();
});

test('admin registers an open-API application, whose secret is shown once and works; the audit log has every step', async ({
  page,
  baseURL,
}) => {
  const errors = watchForErrors(page);
  await adminSession(page.request, baseURL ?? '');
  const appName = `市局大屏-${suffix}`;

  await page.goto('/platform/open-apps');
  await page
    .getByRole('button', { name: /登记|新增/ })
    .first()
    .click();
  const form = page.getByRole('form', { name: '登记开放接口应用' });
  await form.getByLabel('应用名称').fill(appName);
  await form.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: '登记并生成密钥' }).click();

  const dialog = page.getByRole('dialog', { name: `应用已登记：${appName}` });
  await expect(dialog).toContainText('密钥只显示这一次，请立即妥善保存');
  const cells = dialog.locator('.ant-descriptions-item-content');
  const appKey = (await cells.nth(0).innerText()).trim();
  const appSecret = (await cells.nth(1).innerText()).trim();
  expect(appKey).toMatch(/^ak[0-9a-f]{32}$/);
  await screenshot(page, 'platform-open-app-secret');
  const done = dialog.getByRole('button', { name: '完成' });
  await expect(done).toBeDisabled();
  await dialog.getByText('我已妥善保存 appSecret').click();
  await done.click();
  await expect(page.getByRole('row').filter({ hasText: appName })).toContainText(appKey);

  // The credentials from the screen work at the token exchange, once shown and never again.
  const token = await page.request.post('/api/open/token', { data: { appKey, appSecret } });
  expect(token.status()).toBe(200);
  expect(((await token.json()) as { data: { token: string } }).data.token.length).toBeGreaterThan(20);
  expect(await page.getByText(appSecret).count()).toBe(0);

  await page.goto('/platform/dictionary?type=deviceType');
  await expect(page.getByRole('row').filter({ hasText: '颗粒物激光雷达' })).toContainText('L01');
  await screenshot(page, 'platform-dictionary');

  await page.goto('/platform/audit');
  const table = page.locator('.ant-table');
  await expect(table).toContainText('登记开放接口应用');
  await expect(table).toContainText('新增运营人员');
  await expect(table).toContainText('停用运营人员');
  await expect(table).toContainText('登录失败');
  await page
    .getByRole('row')
    .filter({ hasText: '登记开放接口应用' })
    .first()
    .getByRole('button', { name: '详情' })
    .click();
  const detail = page.getByRole('dialog', { name: '审计记录：登记开放接口应用' });
  await expect(detail).toContainText(appName);
  await screenshot(page, 'platform-audit-detail');
  expect(errors.filter((e) => !/40[13]/.test(e))).toEqual([]);
});
