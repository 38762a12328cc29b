import { expect, test } from '@playwright/test';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

test.describe('public shell', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`renders the frame at ${name} width without errors`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const errors = watchForErrors(page);
      await page.goto('/');
      await expect(page).toHaveURL(/\/city\/$/);
      await expect(page.getByRole('heading', { name: '城市空气质量' })).toBeVisible();
      await expect(page.getByRole('button', { name: /蓝天/ })).toBeVisible();
      await expect(page.getByPlaceholder('请输入城市或区县')).toBeVisible();
      for (const tab of ['城市空气质量', '站点空气质量', '城市气象数据']) {
        await expect(page.getByRole('link', { name: tab })).toBeVisible();
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `shell-${name}`);
      expect(errors).toEqual([]);
    });
  }

  test('a deep link is answered by the app (history fallback) with its tab active', async ({ page }) => {
    const errors = watchForErrors(page);
    const response = await page.goto('/city/beijing');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('link', { name: '城市空气质量' })).toHaveClass(/lt-tab-active/);
    await expect(page.getByRole('heading', { name: '城市空气质量' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('switching tabs keeps the city in the address', async ({ page }) => {
    await page.goto('/city/beijing');
    await page.getByRole('link', { name: '站点空气质量' }).click();
    await expect(page).toHaveURL(/\/site\/beijing$/);
    await expect(page.getByRole('heading', { name: '站点空气质量' })).toBeVisible();
  });

  test('a path outside the three pages goes back to /', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/city\/$/);
  });
});

test('the operator console shell is served under /platform/', async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto('/platform/');
  await expect(page.getByRole('heading', { name: /生态环境监管平台/ })).toBeVisible();
  await screenshot(page, 'console-desktop');
  expect(errors).toEqual([]);
});

test('the API docs render under the security policy', async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto('/api/docs');
  await expect(page.getByText('/healthz').first()).toBeVisible();
  await screenshot(page, 'api-docs');
  expect(errors).toEqual([]);
});
