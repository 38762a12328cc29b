import { signParams } from '@lantian/contracts/signature';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * The monitoring-site page (/site/{city, district or station}) against the real server and its demo
 * data: the map is drawn from the offline outline, the list holds every station getCitySite returns,
 * it sorts, a station opens its detail and 24-hour trend under /site/{stationCode} (query string kept),
 * and nothing scrolls sideways on a phone.
 */

const PUBLIC_KEY = process.env.PUBLIC_API_KEY ?? 'lantian-public-web-v1';

/** A public-site call signed as the web client signs it (spec §7). */
async function callSigned<T>(request: APIRequestContext, path: string, params: Record<string, string>): Promise<T> {
  const headers = await signParams(params, PUBLIC_KEY);
  const response = await request.post(path, {
    form: params,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(response.status(), `${path} answers`).toBe(200);
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

interface Site {
  siteCode: string;
  siteName: string;
  isReference: boolean;
  latest: { aqi: number | null; levelName: string; time: string; isDemo: boolean; stale: boolean } | null;
}
interface CitySites {
  cityCode: string;
  cityName: string;
  sites: Site[];
}

const citySites = (request: APIRequestContext, city: string) =>
  callSigned<CitySites>(request, '/api/getCitySite', { city });

/** Full-page shots taken from the top, so that the sticky header is not drawn across the middle. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/**
 * How far the page reaches past the right edge: the document's own overflow, and any element of the
 * page content that sticks out (a container clipping it would hide the scroll but not the problem).
 */
const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => {
    const right = Math.max(
      ...[...document.querySelectorAll('main *')]
        .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
        .map((el) => el.getBoundingClientRect().right),
    );
    return Math.max(document.documentElement.scrollWidth - window.innerWidth, right - window.innerWidth);
  });

const mapBlock = (page: Page) => page.getByRole('region', { name: '站点分布' });
const listBlock = (page: Page) => page.getByRole('region', { name: '站点列表' });

/** The AQI a badge shows ('—' as null; the badge also carries its level name for screen readers). */
function badgeAqi(text: string): number | null {
  const digits = /^\s*(\d+)/.exec(text)?.[1];
  return digits === undefined ? null : Number(digits);
}

/** AQI values of the table rows, top to bottom. */
async function tableAqis(rows: Locator): Promise<(number | null)[]> {
  return (await rows.locator('td:nth-of-type(1)').allInnerTexts()).map(badgeAqi);
}

test.describe('site air quality page', () => {
  test('desktop: map, every station of the city, sorting, demo label', async ({ page, request }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    const errors = watchForErrors(page);
    const data = await citySites(request, 'beijing');
    expect(data.sites.length, 'the demo register has stations in Beijing').toBeGreaterThan(3);

    const outline = page.waitForResponse((r) => /\/maps\/110000\.json$/.test(r.url()));
    await page.goto('/site/beijing');
    expect((await outline).status()).toBe(200);
    await expect(page.getByRole('heading', { name: `${data.cityName}监测站点` })).toBeVisible();
    await expect(mapBlock(page).locator('canvas').first()).toBeVisible();
    await expect(page.getByText('演示数据', { exact: true }).first()).toBeVisible();

    const rows = listBlock(page).locator('tbody tr');
    await expect(rows).toHaveCount(data.sites.length);
    for (const site of data.sites) {
      await expect(listBlock(page).getByRole('button', { name: site.siteName, exact: true })).toBeVisible();
    }

    // Spec §7 default: newest first. One click on AQI sorts worst first, a second best first.
    const aqiHeader = listBlock(page).getByRole('columnheader', { name: /AQI/ });
    await aqiHeader.getByRole('button').click();
    await expect(aqiHeader).toHaveAttribute('aria-sort', 'descending');
    const desc = await tableAqis(rows);
    const known = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
    expect(known(desc)).toEqual([...known(desc)].sort((a, b) => b - a));
    expect(known(desc)).toEqual(known(data.sites.map((s) => s.latest?.aqi ?? null)).sort((a, b) => b - a));
    await aqiHeader.getByRole('button').click();
    await expect(aqiHeader).toHaveAttribute('aria-sort', 'ascending');
    const asc = await tableAqis(rows);
    expect(known(asc)).toEqual([...known(asc)].sort((a, b) => a - b));

    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'site-1440');
    expect(errors).toEqual([]);
  });

  test('choosing a station opens its detail and 24 h trend under /site/{code}, keeping the query', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    const errors = watchForErrors(page);
    const data = await citySites(request, 'beijing');
    const site = data.sites.find((s) => !s.isReference && s.latest !== null) ?? data.sites[0];
    if (site === undefined) throw new Error('no station');

    await page.goto('/site/beijing?from=e2e');
    await listBlock(page).getByRole('button', { name: site.siteName, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/site/${site.siteCode}\\?from=e2e$`));
    const detail = page.getByRole('region', { name: site.siteName });
    await expect(detail).toBeVisible();
    await expect(detail.getByRole('heading', { name: '24 小时变化' })).toBeVisible();
    await expect(detail.getByRole('img', { name: /最近 24 小时AQI逐时变化/ })).toBeVisible();
    await expect(detail.locator('canvas')).toHaveCount(1);
    await expect(detail.getByText(`站点编码 ${site.siteCode}`)).toBeVisible();
    await expect(listBlock(page).locator(`tr[data-site-code="${site.siteCode}"]`)).toHaveAttribute(
      'aria-current',
      'true',
    );

    // The trend switches to a pollutant.
    await detail.getByRole('group', { name: '趋势指标' }).getByRole('button', { name: 'PM10' }).click();
    await expect(detail.getByRole('img', { name: /最近 24 小时PM10逐时变化/ })).toBeVisible();
    await shoot(page, 'site-1440-detail');

    // Closing returns to the city, still with the query string.
    await detail.getByRole('button', { name: '关闭站点详情' }).click();
    await expect(page).toHaveURL(/\/site\/beijing\?from=e2e$/);
    await expect(page.getByRole('heading', { name: `${data.cityName}全市` })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a station code in the address opens that station in its city', async ({ page, request }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    const data = await citySites(request, 'beijing');
    // CNEMC codes look like 1001A; the demo register names its stations D{city code}-NN.
    const site = data.sites[1] ?? data.sites[0];
    if (site === undefined) throw new Error('no station');
    await page.goto(`/site/${site.siteCode}`);
    await expect(page.getByRole('heading', { name: `${data.cityName}监测站点` })).toBeVisible();
    const detail = page.getByRole('region', { name: site.siteName });
    await expect(detail.getByText(`站点编码 ${site.siteCode}`)).toBeVisible();
    await expect(listBlock(page).locator('tbody tr')).toHaveCount(data.sites.length);
    await expect(page).toHaveURL(new RegExp(`/site/${site.siteCode}$`));
  });

  test('a failed station list is said inline, with a retry that recovers', async ({ page, request }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    const data = await citySites(request, 'beijing');
    // The network fails for this one call (the server itself is real and untouched).
    await page.route('**/api/getCitySite', (route) => route.abort('connectionfailed'));
    await page.goto('/site/beijing');
    const alert = page.getByRole('alert').filter({ hasText: '监测站点加载失败' });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.unroute('**/api/getCitySite');
    await alert.getByRole('button', { name: '重试' }).click();
    await expect(listBlock(page).locator('tbody tr')).toHaveCount(data.sites.length);
  });

  test('a district shows its city’s stations with a note', async ({ page, request }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    const data = await citySites(request, 'beijing');
    await page.goto('/site/110105');
    await expect(page.getByRole('heading', { name: `${data.cityName}监测站点` })).toBeVisible();
    await expect(page.getByText(/朝阳区没有单独的站点列表/)).toBeVisible();
    await expect(listBlock(page).locator('tbody tr')).toHaveCount(data.sites.length);
  });

  test('phone: no sideways scroll, list with a sort picker, detail above the list', async ({ page, request }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    const errors = watchForErrors(page);
    const data = await citySites(request, 'beijing');
    await page.goto('/site/beijing');
    await expect(mapBlock(page).locator('canvas').first()).toBeVisible();
    const items = listBlock(page).getByRole('listitem');
    await expect(items).toHaveCount(data.sites.length);
    await expect(page.getByText('演示数据', { exact: true }).first()).toBeVisible();
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'site-360');

    await listBlock(page).getByLabel('排序').selectOption('aqi');
    const values = (await items.locator('.lt-aqi-badge').allInnerTexts()).map(badgeAqi);
    const expected = data.sites.map((s) => s.latest?.aqi ?? null);
    expect(values.filter((v) => v !== null)).toEqual(
      expected.filter((v): v is number => v !== null).sort((a, b) => b - a),
    );

    const last = items.last();
    const name = (await last.locator('.lt-site-name-text').innerText()).trim();
    await last.getByRole('button').click();
    const detail = page.getByRole('region', { name });
    await expect(detail.getByRole('heading', { name: '24 小时变化' })).toBeVisible();
    await expect(detail.locator('canvas')).toHaveCount(1);
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'site-360-detail');
    expect(errors).toEqual([]);
  });
});
