import { signParams } from '@lantian/contracts/signature';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * The city air quality page (/city/{pinyin or area code}) against the real server and its demo data:
 * the numbers on the page are the numbers the API gives for the same city, every block renders,
 * a station opens its own page, and nothing scrolls sideways on a phone.
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

interface Current {
  cityName: string;
  current: {
    aqi: number | null;
    levelName: string;
    time: string;
    isDemo: boolean;
    source: string;
    primaryPollutant: string[];
    pollutants: { key: string; value: number | null; levelName: string }[];
  } | null;
}

/** §9: AQI rounded, CO two decimals, the other pollutants rounded. */
function shown(key: string, value: number | null): string {
  if (value === null) return '—';
  return key === 'co' ? value.toFixed(2) : String(Math.round(value));
}

/**
 * Opens the page and checks the headline against getCityCurrentData. The demo scheduler adds an hour
 * every hour: if one lands between the call and the page, both are read again.
 */
async function openAndMatchCurrent(page: Page, request: APIRequestContext, path: string, city: string) {
  for (let attempt = 0; ; attempt += 1) {
    const data = await callSigned<Current>(request, '/api/getCityCurrentData', { city });
    await page.goto(path);
    const aqi = page.getByTestId('city-aqi');
    await expect(aqi).toBeVisible();
    const current = data.current;
    expect(current, 'the demo data has a current hour for the city').not.toBeNull();
    if (current === null) return data;
    const time = current.time.slice(0, 16);
    const pageTime = (await page.getByTestId('city-time').textContent())?.trim();
    if (pageTime !== time && attempt < 1) continue;

    await expect(page.getByRole('heading', { level: 1, name: new RegExp(data.cityName) })).toBeVisible();
    await expect(aqi).toContainText(current.aqi === null ? '—' : String(Math.round(current.aqi)));
    await expect(page.getByTestId('city-level')).toHaveText(current.levelName);
    await expect(page.getByTestId('city-time')).toHaveText(time);
    await expect(page.getByTestId('city-time')).toHaveAttribute('datetime', current.time);

    // The seven pollutant tiles, each with the API's value as §9 prints it and its level.
    const tiles = page.locator('[data-pollutant]');
    await expect(tiles).toHaveCount(7);
    for (const p of current.pollutants) {
      const tile = page.locator(`[data-pollutant="${p.key}"]`);
      await expect(tile.getByTestId(`pollutant-value-${p.key}`)).toHaveText(shown(p.key, p.value));
      await expect(tile).toContainText(p.levelName);
    }
    const co = current.pollutants.find((p) => p.key === 'co');
    if (co?.value != null) expect(shown('co', co.value)).toMatch(/^\d+\.\d\d$/);
    if (current.primaryPollutant.length > 0) {
      for (const key of current.primaryPollutant) {
        await expect(page.locator(`[data-pollutant="${key}"]`)).toContainText('首要');
      }
    }

    // Demo data is labelled as such.
    expect(current.isDemo).toBe(true);
    expect(current.source).toBe('demo');
    await expect(page.getByTestId('demo-banner')).toContainText('演示数据');
    return data;
  }
}

/** Scrolls every block into view (they load when near the screen) and waits for their content. */
async function loadAllBlocks(page: Page) {
  for (const block of ['city-forecast', 'city-trend', 'city-rank', 'city-calendar', 'city-sites']) {
    await page.locator(`[data-block="${block}"]`).scrollIntoViewIfNeeded();
  }
  await expect(page.getByRole('status', { name: '加载中' })).toHaveCount(0, { timeout: 15_000 });
  // A chart draws once its box comes near the screen (shared/charts/EChart.tsx): back to the trend.
  await page.locator('[data-block="city-trend"]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-block="city-trend"] canvas').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
}

test.describe('city air quality page', () => {
  test('the current hour comes inside the HTML: the first load asks nothing for it', async ({ page, request }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/getCityCurrentData')) asked.push(r.url());
    });
    const html = await (await request.get('/city/beijing')).text();
    expect(html).toContain('id="lantian-first-data"');
    await openAndMatchCurrent(page, request, '/city/beijing', 'beijing');
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
  });

  test('without the data in the HTML the page asks for it and shows the same', async ({ page, request }) => {
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/getCityCurrentData')) asked += 1;
    });
    await page.route('**/city/beijing', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script id="lantian-first-data"[^>]*>.*?<\/script>/s, '');
      expect(body).not.toContain('lantian-first-data');
      await route.fulfill({ response, body });
    });
    await openAndMatchCurrent(page, request, '/city/beijing', 'beijing');
    expect(asked).toBeGreaterThan(0);
  });

  test('shows /city/beijing as the API reports it, with every block', async ({ page, request }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    const errors = watchForErrors(page);
    await openAndMatchCurrent(page, request, '/city/beijing', 'beijing');

    // Health advice for the level.
    await expect(page.getByText('健康影响')).toBeVisible();
    await expect(page.getByText('建议措施')).toBeVisible();

    await loadAllBlocks(page);

    // Forecast: one card per forecast day, the forecast text, the next hours.
    const threeDays = await callSigned<{ items: unknown[] }>(request, '/api/getCity3Day', { city: 'beijing' });
    await expect(page.getByTestId('forecast-day')).toHaveCount(threeDays.items.length);
    expect(threeDays.items.length).toBeGreaterThan(0);
    await expect(page.locator('[data-block="city-forecast"]')).toContainText('发布');
    await expect(page.locator('[data-block="city-forecast"] li.lt-cap-hour').first()).toBeVisible();

    // Trend: 24 hours and 30 days, AQI and a pollutant.
    const trend = page.locator('[data-block="city-trend"]');
    await expect(trend).toContainText('最高');
    await trend.getByRole('button', { name: 'PM2.5' }).click();
    await expect(trend.getByRole('button', { name: 'PM2.5' })).toHaveAttribute('aria-pressed', 'true');
    await trend.getByText('30 天').click();
    await expect(trend).toContainText('超标天数');
    await expect(trend.locator('canvas').first()).toBeVisible();

    // Rank among the cities.
    const rank = await callSigned<{ current: { rank: number | null; total: number } | null }>(
      request,
      '/api/getRankAnalysis',
      { city: 'beijing' },
    );
    const standing = page.getByTestId('city-rank');
    await expect(standing).toContainText(`/ ${rank.current?.total ?? 0} 城`);
    await expect(page.locator('.lt-cap-rank-self')).toContainText('北京市');

    // Calendar: days with data are coloured by level.
    const calendar = page.locator('[data-block="city-calendar"]');
    expect(await calendar.locator('li[data-level]:not([data-level="0"])').count()).toBeGreaterThan(0);

    // Stations: one link per station of the city.
    const sites = await callSigned<{ sites: { siteCode: string }[] }>(request, '/api/getCitySite', {
      city: 'beijing',
    });
    const links = page.locator('[data-block="city-sites"] a[data-site]');
    await expect(links).toHaveCount(sites.sites.length);
    expect(sites.sites.length).toBeGreaterThan(0);

    await screenshot(page, 'city-1440');

    const first = links.first();
    const code = await first.getAttribute('data-site');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/site/${code}$`));
    expect(errors).toEqual([]);
  });

  test('an area code shows the same city', async ({ page, request }) => {
    const data = await openAndMatchCurrent(page, request, '/city/110000', '110000');
    expect(data.cityName).toBe('北京市');
  });

  test('fits a 360 px phone without sideways scrolling', async ({ page, request }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    const errors = watchForErrors(page);
    await openAndMatchCurrent(page, request, '/city/beijing', 'beijing');
    await loadAllBlocks(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'city-360');
    expect(errors).toEqual([]);
  });

  test('a failing call costs one block, which offers a retry; the rest of the page stands', async ({ page }) => {
    await page.route('**/api/getRankAnalysis', (route) => route.abort());
    await page.goto('/city/beijing');
    await expect(page.getByTestId('city-aqi')).toBeVisible();
    const rank = page.locator('[data-block="city-rank"]');
    await rank.scrollIntoViewIfNeeded();
    await expect(rank.getByRole('alert')).toContainText('排名加载失败');
    // Spec §8: the shell's toast for any failed request.
    await expect(page.getByText('服务器请求失败')).toBeVisible();
    await page.locator('[data-block="city-sites"]').scrollIntoViewIfNeeded();
    await expect(page.locator('[data-block="city-sites"] a[data-site]').first()).toBeVisible();

    await page.unroute('**/api/getRankAnalysis');
    await rank.getByRole('button', { name: /重\s*试/ }).click();
    await expect(rank.getByTestId('city-rank')).toContainText('全国');
    await expect(rank.getByRole('alert')).toHaveCount(0);
  });
});
