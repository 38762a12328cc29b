import { expect, test } from '@playwright/test';
import { cityResolved, searchBox, searchDropdown } from './support';

/**
 * Spec §8 on a failing server. Each test makes one path fail on the network (`page.route`): a fault
 * injected between browser and server, while every other call goes to the real server.
 */

const toast = (page: import('@playwright/test').Page, text: string) =>
  page.locator('.ant-message-notice').filter({ hasText: text });

test('the city list failing to load shows 服务器连接失败 for 3 s; the page still works', async ({ page }) => {
  await page.route('**/api/getCityList', (route) => route.abort('connectionrefused'));
  await page.goto('/city/shanghai');
  await expect(toast(page, '服务器连接失败')).toBeVisible();
  // Only the specific message: the city list's failure is not also announced as 服务器请求失败.
  await expect(toast(page, '服务器请求失败')).toHaveCount(0);
  // The address is kept (it cannot be checked), the page and the shell are there.
  await expect(page).toHaveURL(/\/city\/shanghai$/);
  await expect(page.getByRole('navigation', { name: '页面切换' })).toBeVisible();
  await expect(page.locator('main')).not.toBeEmpty();
  await searchBox(page).click();
  await expect(searchDropdown(page).getByRole('status')).toHaveText('城市列表加载失败，请刷新页面重试');
  // Spec §9: 3 s, then it goes.
  await expect(toast(page, '服务器连接失败')).toHaveCount(0, { timeout: 5_000 });
});

test('any failed request shows 服务器请求失败 as an error toast for 3 s', async ({ page }) => {
  await page.route('**/anon/user/getUniqueId', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":50300,"msg":"服务暂不可用"}' }),
  );
  const shown = Date.now();
  await page.goto('/city/beijing');
  await expect(toast(page, '服务器请求失败')).toBeVisible();
  await expect(
    toast(page, '服务器请求失败').locator('.ant-message-error, .anticon-close-circle').first(),
  ).toBeVisible();
  await cityResolved(page, '北京市');
  await expect(toast(page, '服务器请求失败')).toHaveCount(0, { timeout: 6_000 });
  expect(Date.now() - shown).toBeGreaterThanOrEqual(2_900);
});

test('a burst of failures shows one toast, not a stack', async ({ page, baseURL }) => {
  await page.route('**/api/getAllFocusCityData', (route) => route.abort('failed'));
  await page.route('**/anon/user/getUniqueId', (route) => route.abort('failed'));
  await page.context().addCookies([{ name: 'webVersion', value: '1.0.13', url: baseURL ?? '' }]);
  await page.addInitScript(() =>
    localStorage.setItem(
      'followCity',
      JSON.stringify([
        {
          stationCode: '110000',
          regionCode: '110000',
          stationType: 3,
          stationName: '北京市',
          pyName: 'beijing',
          longitude: 116.4,
          latitude: 39.9,
        },
      ]),
    ),
  );
  await page.goto('/city/beijing');
  await expect(toast(page, '服务器请求失败')).toHaveCount(1);
  await searchBox(page).click();
  await searchDropdown(page).getByRole('tab', { name: '关注' }).click();
  // The card still shows, with what is known.
  await expect(searchDropdown(page).locator('.lt-follow-card')).toContainText('北京市');
  await expect(toast(page, '服务器请求失败')).toHaveCount(1);
});

test('a page whose code fails to download leaves the shell standing, with a retry', async ({ page }) => {
  let fail = true;
  await page.route(/\/assets\/WeatherPage-[^/]+\.js$/, (route) => (fail ? route.abort('failed') : route.continue()));
  await page.goto('/weather/beijing');
  const alert = page.getByRole('alert').filter({ hasText: '页面加载失败' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: '重试' })).toBeVisible();
  await expect(searchBox(page)).toBeVisible();
  // The other pages still open from the tabs.
  await page.getByRole('navigation', { name: '页面切换' }).getByRole('link', { name: '城市空气质量' }).click();
  await expect(page).toHaveURL(/\/city\/beijing$/);
  await expect(page.getByRole('alert').filter({ hasText: '页面加载失败' })).toHaveCount(0);
  // Back on the failed page, the network is fine again: retry loads it.
  await page.goBack();
  fail = false;
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page).toHaveURL(/\/weather\/beijing$/);
  await expect(page.getByRole('alert').filter({ hasText: '页面加载失败' })).toHaveCount(0);
});
