import { expect, test } from '@playwright/test';
import { cityResolved, watchForErrors } from './support';

/**
 * Spec §2 "Routing of the public application" and §4 "Initial city resolution", against the real
 * server. The browser comes from 127.0.0.1, which the IP lookup cannot place, so a visitor with nothing
 * in the address or the session lands on the default city, Beijing.
 */

const tab = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('navigation', { name: '页面切换' }).getByRole('link', { name });

test('/ goes to /city/ and then to the resolved city, Beijing by default', async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/city\/beijing$/);
  await cityResolved(page, '北京市');
  await expect(tab(page, '城市空气质量')).toHaveAttribute('aria-current', 'page');
  expect(errors).toEqual([]);
});

test('a path without one of the three page prefixes is sent back to /', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL(/\/city\/beijing$/);
  await page.goto('/cityy/shanghai');
  await expect(page).toHaveURL(/\/city\/beijing$/);
});

test('a deep link by area code resolves the city and rewrites the address to its pinyin', async ({ page }) => {
  await page.goto('/weather/310000');
  await expect(page).toHaveURL(/\/weather\/shanghai$/);
  await cityResolved(page, '上海市');
  await expect(tab(page, '城市气象数据')).toHaveAttribute('aria-current', 'page');
});

test('a deep link by pinyin keeps its address; a district is type 2 and keeps its own pinyin', async ({ page }) => {
  await page.goto('/site/guangzhou');
  await expect(page).toHaveURL(/\/site\/guangzhou$/);
  await cityResolved(page, '广州市');
  await expect(tab(page, '站点空气质量')).toHaveAttribute('aria-current', 'page');
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('currentCity') ?? 'null'));
  expect(stored).toMatchObject({ stationCode: '440100', stationType: 3, name: '广州市', pyName: 'guangzhou' });

  await page.goto('/city/110105');
  await expect(page).toHaveURL(/\/city\/chaoyangqu$/);
  await cityResolved(page, '朝阳区');
  const district = await page.evaluate(() => JSON.parse(sessionStorage.getItem('currentCity') ?? 'null'));
  expect(district).toMatchObject({ stationCode: '110105', stationType: 2, regionCode: '110000' });
});

test('an unknown city name falls back to the city of the session', async ({ page }) => {
  await page.goto('/city/hangzhou');
  await cityResolved(page, '杭州市');
  await page.goto('/weather/');
  await expect(page).toHaveURL(/\/weather\/hangzhou$/);
  await page.goto('/site/nosuchcity');
  await expect(page).toHaveURL(/\/site\/hangzhou$/);
  await cityResolved(page, '杭州市');
});

test('the active page is the first segment only when the path has more than two segments', async ({ page }) => {
  // '/site' splits into two segments: the active page is city (spec §2), so the city page opens.
  await page.goto('/site');
  await expect(page).toHaveURL(/\/city\/beijing$/);
  await page.goto('/site/');
  await expect(page).toHaveURL(/\/site\/beijing$/);
  await expect(tab(page, '站点空气质量')).toHaveAttribute('aria-current', 'page');
});

test('on the site page a station code stays in the address and selects its city', async ({ page }) => {
  await page.goto('/site/D310000-01');
  await cityResolved(page, '上海市');
  await expect(page).toHaveURL(/\/site\/D310000-01$/);
  // The other tabs lead to the city, by pinyin.
  await expect(tab(page, '城市空气质量')).toHaveAttribute('href', '/city/shanghai');
  await expect(tab(page, '站点空气质量')).toHaveAttribute('href', '/site/D310000-01');
});

test('switching tabs pushes /{page}/{pinyin} and keeps the query string', async ({ page }) => {
  await page.goto('/city/wuhan?from=share&lang=zh');
  await cityResolved(page, '武汉市');
  await tab(page, '站点空气质量').click();
  await expect(page).toHaveURL(/\/site\/wuhan\?from=share&lang=zh$/);
  await tab(page, '城市气象数据').click();
  await expect(page).toHaveURL(/\/weather\/wuhan\?from=share&lang=zh$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/site\/wuhan\?from=share&lang=zh$/);
  await expect(tab(page, '站点空气质量')).toHaveAttribute('aria-current', 'page');
});

test('title, keywords and description name the city', async ({ page }) => {
  await page.goto('/city/chengdu');
  await expect(page).toHaveTitle('成都市空气质量数据-蓝天空气质量');
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', '成都市空气质量数据 全国大气污染');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', '成都市空气质量数据 全国大气污染');
  await page.goto('/weather/xian');
  await expect(page).toHaveTitle('西安市空气质量数据-蓝天空气质量');
});

test('page content is loaded lazily, per route', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/city/beijing');
  await cityResolved(page, '北京市');
  await expect.poll(() => scripts.some((s) => s.includes('CityAirPage'))).toBe(true);
  expect(scripts.some((s) => s.includes('WeatherPage'))).toBe(false);
  await tab(page, '城市气象数据').click();
  await expect.poll(() => scripts.some((s) => s.includes('WeatherPage'))).toBe(true);
});

test('with no city in the address or the session, the visitor IP lookup decides', async ({ page }) => {
  // The test browser comes from 127.0.0.1, which no lookup can place: the call is sent on to the same
  // server's lookup of a Shenzhen address instead (the real lookup, only for another address).
  await page.route('**/api/common/ipPlus', (route) =>
    route.continue({ url: route.request().url().replace('/api/common/ipPlus', '/api/common/ipPlus/113.108.81.189') }),
  );
  await page.goto('/');
  await expect(page).toHaveURL(/\/city\/shenzhen$/);
  await cityResolved(page, '深圳市');
});

test('an IP lookup failure is silent: the default city, and no toast', async ({ page }) => {
  await page.route('**/api/common/ipPlus', (route) => route.abort('failed'));
  await page.goto('/weather/');
  await expect(page).toHaveURL(/\/weather\/beijing$/);
  await cityResolved(page, '北京市');
  await page.waitForTimeout(500);
  await expect(page.getByText('服务器请求失败')).toHaveCount(0);
});
