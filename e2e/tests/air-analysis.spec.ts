import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { CAPTCHA_TEXT } from './account-support';
import { adminSession } from './platform-support';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * 空气质量分析 over the demo data the e2e server seeds: the numbers on each tab are the API's, and a
 * district's operator sees only the stations of its county (and no city-level analysis, which covers
 * whole cities).
 */

const INITIAL = 'Analyst#2026';
const OWN = 'Analyst#Own7';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

interface CityAndSite {
  cityCode: string;
  cityName: string;
  stations: { code: string; name: string; countyCode: string | null }[];
}

test.beforeEach(async ({ page, baseURL }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await adminSession(page.request, baseURL ?? '');
});

test('the city, standard, station and forecast tabs show the numbers the API gives', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchForErrors(page);
  const api = page.request;

  const rank = await ok<{ list: { cityName: string; aqi: number | null; rank: number | null }[] }>(
    await api.get('/bigdata/home/getCityRank'),
  );
  const calendar = await ok<{ levelDays: { levelName: string; days: number }[] }>(
    await api.get('/analysis/cityData/getCityCalendarData?cityCode=110000'),
  );
  await page.goto('/platform/air-analysis?city=110000');
  const rankTable = page.getByRole('table', { name: '城市排名' });
  const first = rank.list[0];
  expect(first).toBeDefined();
  await expect(rankTable.locator('tbody tr.ant-table-row').first()).toContainText(first?.cityName ?? '');
  await expect(rankTable.locator('tbody tr.ant-table-row').first()).toContainText(String(first?.aqi ?? '—'));
  const levelDays = page.locator('.lt-level-days');
  await expect(levelDays).toHaveText(calendar.levelDays.map((l) => `${l.levelName} ${l.days} 天`));
  await expect(page.getByRole('table', { name: '同期对比' }).locator('tbody tr.ant-table-row').first()).toBeVisible();
  await screenshot(page, 'air-analysis-city');

  const standard = await ok<{ stats: { days: number; goodDays: number }; target: { needed: number } }>(
    await api.get('/analysis/uptoStandard/getStandardRate?cityCode=110000&targetRate=0.8'),
  );
  await page.getByRole('tab', { name: '达标分析' }).click();
  await expect(page).toHaveURL(/\/platform\/air-analysis\/standard\?city=110000/);
  const verdict = page.getByLabel('达标评价', { exact: true });
  await expect(verdict.locator('td').nth(3)).toHaveText(String(standard.stats.days));
  await expect(verdict.locator('td').nth(4)).toHaveText(String(standard.stats.goodDays));
  await expect(verdict).toContainText(`还需优良天数${standard.target.needed}`);
  await expect(page.getByRole('table', { name: '六项污染物达标评价' }).locator('tbody tr.ant-table-row')).toHaveCount(
    6,
  );
  await screenshot(page, 'air-analysis-standard');

  const history = await ok<{ total: number }>(await api.get('/analysis/airStations/getSiteHistoryDataList'));
  await page.getByRole('tab', { name: '站点数据' }).click();
  await expect(page.getByText(`共 ${history.total} 条`)).toBeVisible();
  await expect(page.getByRole('table', { name: '站点小时数据' }).locator('tbody tr.ant-table-row')).toHaveCount(
    Math.min(50, history.total),
  );
  await screenshot(page, 'air-analysis-sites');

  const grid = await ok<{ stations: number; time: string }>(
    await api.get('/analysis/airStations/getSiteInterpolationDataFile?areaCode=110000&index=aqi'),
  );
  await page.getByRole('tab', { name: '插值分布' }).click();
  await expect(page.getByLabel('插值说明')).toContainText(`${grid.time}：站点数 ${grid.stations}`);
  await expect(page.getByRole('img', { name: /插值分布图$/ })).toBeVisible();
  await screenshot(page, 'air-analysis-map');

  const text = await ok<{ text: string | null }>(await api.get('/threePartyForecast/getVoAreaForecastText?days=3'));
  const images = await ok<{ url: string }[]>(await api.get('/threePartyForecast/forecastImgs?days=3'));
  await page.getByRole('tab', { name: '预报' }).click();
  await expect(page.getByLabel('区域预报文字')).toContainText(text.text ?? '暂无预报');
  const shown = page.getByRole('img', { name: /级别预报图$/ });
  await expect(shown).toHaveCount(images.length);
  if (images.length > 0) {
    await expect.poll(() => shown.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await screenshot(page, 'air-analysis-forecast');
  expect(errors).toEqual([]);
});

/** A signed-in operator in a browser context of their own. */
async function operatorPage(browser: Browser, baseURL: string, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS.desktop });
  const request = context.request;
  for (const password of [OWN, INITIAL]) {
    const { data: captcha } = (await (await request.get('/zhhb/getCaptchaImage')).json()) as { data: { uuid: string } };
    const res = await request.post('/zhhb', {
      data: { username, password, validateCode: CAPTCHA_TEXT, uuid: captcha.uuid },
    });
    const body = (await res.json()) as { code: number; data: { operator: { mustChangePassword: boolean } } };
    if (body.code !== 0) continue;
    if (body.data.operator.mustChangePassword) {
      await ok(
        await request.post('/zhhb/center/modifyPwd', {
          headers: { origin: baseURL },
          data: { oldPassword: password, newPassword: OWN, confirmPassword: OWN },
        }),
      );
    }
    return context.newPage();
  }
  throw new Error(`${username} could not sign in`);
}

test('a district operator sees only the stations of its county and no city-level analysis', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = baseURL ?? '';
  const api = page.request;
  // The demo's stations are placed in counties at random: take a Beijing county that has one.
  const tree = await ok<CityAndSite[]>(await api.get('/analysis/airStations/getCityAndSite?areaCode=110000'));
  const county = tree.flatMap((c) => c.stations).find((s) => s.countyCode !== null)?.countyCode;
  expect(county, 'a Beijing demo station with a county').toBeDefined();
  const countyCode = county ?? '';
  const own = tree.flatMap((c) => c.stations).filter((s) => s.countyCode === countyCode);

  const post = (url: string, data: unknown) => api.post(url, { headers: { origin: base }, data });
  const orgs = await ok<{ id: string }[]>(await api.get('/adm/org/votreeData'));
  const suffix = Date.now().toString(36);
  const org = await ok<{ id: string }>(
    await post('/sys/org/save', { parentId: orgs[0]?.id, name: `e2e 区局 ${suffix}`, areaCode: countyCode }),
  );
  const role = await ok<{ id: string }>(
    await post('/sys/role/save', {
      name: `e2e 分析员 ${suffix}`,
      description: '',
      permissions: ['analysis:view', 'forecast:view'],
    }),
  );
  const username = `e2e_ana_${suffix}`;
  await ok(
    await post('/sys/user/save', {
      username,
      name: '区局分析员',
      password: INITIAL,
      orgId: org.id,
      roleIds: [role.id],
    }),
  );

  const district = await operatorPage(browser, base, username);
  const errors = watchForErrors(district);
  const forbidden = await district.request.get('/bigdata/home/getCityAQITrend?cityCode=110000');
  expect(forbidden.status()).toBe(403);
  expect(((await forbidden.json()) as { code: number }).code).toBe(40323);

  await district.goto('/platform/air-analysis');
  await expect(district.getByRole('table', { name: '城市排名' })).toContainText('辖区内没有城市级数据');
  await expect(district.getByText('您的辖区不包含整个城市')).toBeVisible();

  await district.getByRole('tab', { name: '站点数据' }).click();
  const rows = district.getByRole('table', { name: '站点小时数据' }).locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const codes = await rows.locator('td:nth-child(3)').allTextContents();
  expect(codes.length).toBeGreaterThan(0);
  const ownCodes = new Set(own.map((s) => s.code));
  expect(codes.filter((code) => !ownCodes.has(code))).toEqual([]);
  await district.getByRole('combobox', { name: '站点' }).click();
  const options = district.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveCount(own.length);
  await screenshot(district, 'air-analysis-district');
  expect(errors).toEqual([]);
});
