import { expect, type Page, test } from '@playwright/test';
import { adminSession, consoleMenu as menu } from './platform-support';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * The operator platform at /platform/, signed in as admin (who holds every permission): the menu and
 * routes built from the section list, and 系统状态. Sign-in itself and permissions: platform.spec.ts.
 */

const row = (page: Page, label: string) => page.locator('.ant-descriptions-row').filter({ hasText: label });
const SYSTEM_CHUNK = /\/platform\/assets\/system-[\w-]+\.js$/;

test.beforeEach(async ({ page, baseURL }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await adminSession(page.request, baseURL ?? '');
});

test('the menu lists the sections by group; planned ones are disabled and say 即将上线', async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto('/platform/');
  for (const group of ['环境监测', '告警与事件', '报表与大屏', '运维管理', '系统管理']) {
    await expect(menu(page).getByText(group, { exact: true })).toBeVisible();
  }
  for (const built of [
    '系统状态',
    '告警中心',
    '设备运维',
    '消息通知',
    '网格事件',
    '任务中心',
    '报表中心',
    '数据大屏',
    '激光雷达',
    '油烟监测',
    '消防告警',
    '水质监测',
    '分表计电',
    '视频监控',
    'VOC 分析',
  ]) {
    const item = menu(page).getByRole('menuitem', { name: built });
    await expect(item).not.toHaveAttribute('aria-disabled', 'true');
    await expect(item).not.toContainText('即将上线');
  }
  for (const planned of ['空气质量监测', '噪声监测']) {
    const item = menu(page).getByRole('menuitem', { name: new RegExp(planned) });
    await expect(item).toHaveAttribute('aria-disabled', 'true');
    await expect(item).toContainText('即将上线');
  }
  await expect(page.getByText('系统管理员，您好')).toBeVisible();
  await screenshot(page, 'console-home');
  expect(errors).toEqual([]);
});

test('系统状态 loads its own chunk when opened and shows the server’s checks', async ({ page }) => {
  const errors = watchForErrors(page);
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (SYSTEM_CHUNK.test(r.url())) chunks.push(r.url());
  });
  await page.goto('/platform/');
  await expect(menu(page)).toBeVisible();
  expect(chunks).toEqual([]);

  await menu(page).getByRole('menuitem', { name: '系统状态' }).click();
  await expect(page).toHaveURL(/\/platform\/system$/);
  await expect(page.getByRole('heading', { name: '系统状态' })).toBeVisible();
  expect(chunks).toHaveLength(1);
  await expect(page).toHaveTitle('系统状态 · 蓝天生态环境综合管理平台');
  await expect(menu(page).getByRole('menuitem', { name: '系统状态' })).toHaveClass(/ant-menu-item-selected/);

  await expect(page.getByRole('alert').filter({ hasText: '服务运行正常' })).toBeVisible();
  await expect(row(page, '数据库')).toContainText('正常');
  await expect(row(page, '共享状态')).toContainText('正常');
  // e2e/global-setup.ts waits for the demo seed to finish.
  await expect(row(page, '演示数据')).toContainText('已生成');
  await expect(row(page, '服务进程')).toContainText('运行中');
  await expect(row(page, '已运行')).toContainText(/\d+ (秒|分|小时|天)/);
  await expect(page.getByText(/^检查时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toHaveCount(2);
  await screenshot(page, 'console-system');
  expect(errors).toEqual([]);
});

test('a deep link to /platform/system works, and again after a reload', async ({ page }) => {
  await page.goto('/platform/system');
  await expect(row(page, '数据库')).toContainText('正常');
  await page.reload();
  await expect(page.getByRole('heading', { name: '系统状态' })).toBeVisible();
  await expect(row(page, '数据库')).toContainText('正常');
  await expect(menu(page).getByRole('menuitem', { name: '系统状态' })).toHaveClass(/ant-menu-item-selected/);
});

test('when /readyz answers 503 the page says the service is unavailable and which check failed', async ({ page }) => {
  const errors = watchForErrors(page);
  await page.route('**/readyz', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      headers: { 'retry-after': '5' },
      body: JSON.stringify({
        code: 50300,
        msg: '服务暂不可用：依赖的数据库或缓存无法连接',
        data: { database: 'failed', sharedState: 'ok', demoSeed: 'none' },
      }),
    }),
  );
  await page.goto('/platform/system');
  await expect(page.getByRole('alert').filter({ hasText: '服务暂不可用' })).toContainText(
    '服务暂不可用：依赖的数据库或缓存无法连接',
  );
  await expect(row(page, '数据库')).toContainText('无法连接');
  await expect(row(page, '共享状态')).toContainText('正常');
  await expect(page.locator('.ant-card').filter({ hasText: '就绪检查' })).toContainText('未就绪');
  // The process itself is alive: /healthz is answered as usual.
  await expect(row(page, '服务进程')).toContainText('运行中');
  await screenshot(page, 'console-system-503');
  // The browser logs the 503 itself; nothing else may fail.
  expect(errors.filter((e) => !e.includes('503'))).toEqual([]);
});

test('a section whose code does not download shows an error inside the shell', async ({ page }) => {
  await page.route(SYSTEM_CHUNK, (route) => route.abort('connectionfailed'));
  await page.goto('/platform/');
  await menu(page).getByRole('menuitem', { name: '系统状态' }).click();
  await expect(page.getByText('页面加载失败')).toBeVisible();
  await expect(page.getByText('网络不稳定，页面文件没有下载成功。')).toBeVisible();
  await expect(menu(page)).toBeVisible();
  await expect(page.getByRole('button', { name: '刷新页面' })).toBeVisible();
});

test('a planned section’s address says it is coming; an unknown address says not found', async ({ page }) => {
  await page.goto('/platform/noise');
  await expect(page.getByRole('main').getByText('噪声监测即将上线')).toBeVisible();
  await page.goto('/platform/no-such-section');
  await expect(page.getByText('页面不存在')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/platform\/?$/);
  await expect(page.getByText('系统管理员，您好')).toBeVisible();
});
