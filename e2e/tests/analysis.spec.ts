import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signParams } from '../../packages/contracts/src/signature';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * 城市分析 and 排名分析 (/analysis/city/{city}, /analysis/rank) against the real server and its demo
 * data: what the blocks show is what the public calls answer, the controls change the view and the
 * address, and both fit a 360 px phone.
 */

const PUBLIC_KEY = process.env.E2E_PUBLIC_API_KEY ?? 'lantian-public-web-v1';

async function api<T>(request: APIRequestContext, method: string, params: Record<string, string>): Promise<T> {
  const headers = await signParams(params, PUBLIC_KEY);
  const response = await request.post(`/api/${method}`, {
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams(params).toString(),
  });
  expect(response.ok(), `${method} HTTP ${response.status()}`).toBe(true);
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

/** Picks an option of the antd Select labelled `label` by typing `search`. */
async function pick(page: Page, label: string, search: string, option: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(search);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).first().click();
}

interface Calendar {
  year: number;
  days: { date: string; level: number }[];
  levelDays: { level: number; days: number }[];
}

interface RankItem {
  rank: number | null;
  cityName: string;
  provinceName: string;
  aqi: number | null;
}

test.describe('城市分析', () => {
  test('a city year: calendar, levels and ozone as the API answers them; city, pollutant and comparison change', async ({
    page,
    request,
  }) => {
    const errors = watchForErrors(page);
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/analysis/city/beijing');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('北京市');
    await expect(page).toHaveTitle(/北京市\d{4}年空气质量分析-蓝天空气质量/);

    const year = Number(await page.getByLabel('年份').inputValue());
    const calendar = await api<Calendar>(request, 'cityAna/getCityCalendar', { city: 'beijing', year: String(year) });
    expect(calendar.days.length).toBeGreaterThan(0);
    // Every day with data is coloured, each with the level the API gave it; none more.
    const coloured = page.locator('[data-block="ca-calendar"] .lt-ca-day:not(.lt-ca-day-empty)');
    await expect(coloured).toHaveCount(calendar.days.length);
    const sample = calendar.days[Math.floor(calendar.days.length / 2)];
    await expect(page.locator(`[data-date="${sample?.date}"]`)).toHaveAttribute('data-level', String(sample?.level));
    // Days per level as the API counts them.
    for (const l of calendar.levelDays.filter((d) => d.level > 0)) {
      await expect(page.locator(`[data-block="ca-levels"] [data-key="${l.level}"] .lt-an-bar-value`)).toHaveText(
        `${l.days} 天`,
      );
    }

    // Ozone: the day's maximum 8-hour mean is the API's.
    const ozoneBlock = page.locator('[data-block="ca-ozone"]');
    const day = await ozoneBlock.getByLabel('日期').inputValue();
    const ozone = await api<{ max8h: { value: number | null } }>(request, 'getO3DaySchemeData', {
      city: 'beijing',
      time: `${day} 12:00:00`,
    });
    if (ozone.max8h.value !== null) await expect(ozoneBlock.getByText(String(ozone.max8h.value)).first()).toBeVisible();

    // The month comparison follows the chosen pollutant.
    const months = page.locator('[data-block="ca-months"]');
    await months.getByLabel('指标').selectOption('no2');
    await expect(months.getByRole('table', { name: '同比变化' })).toContainText('NO₂');

    // Comparison of several cities: a second one gives a second line and row.
    const compare = page.locator('[data-block="ca-compare"]');
    await compare.scrollIntoViewIfNeeded();
    await expect(compare.locator('tbody tr')).toHaveCount(1);
    await pick(page, '对比城市', 'shanghai', '上海市');
    await expect(compare.locator('tbody tr[data-city="shanghai"]')).toBeVisible();
    await expect(compare.locator('tbody tr')).toHaveCount(2);
    await screenshot(page, 'city-analysis-1440');

    // Another city from the page's picker: the address follows, and the shell knows the city.
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.scrollTo(0, 0));
    await pick(page, '分析城市', 'guangzhou', '广州市');
    await expect(page).toHaveURL(/\/analysis\/city\/guangzhou/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('广州市');
    await expect(page.locator('.lt-city-name')).toHaveText('广州市');
    expect(errors).toEqual([]);
  });

  test('an unknown city says so; no city goes to the current one', async ({ page }) => {
    await page.goto('/analysis/city/atlantis');
    await expect(page.getByText('未找到城市“atlantis”')).toBeVisible();
    await page.goto('/analysis/city/');
    await expect(page).toHaveURL(/\/analysis\/city\/[a-z]+/);
  });

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/analysis/city/shanghai');
    await expect(page.locator('[data-block="ca-calendar"] .lt-ca-day:not(.lt-ca-day-empty)').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'city-analysis-360');
  });
});

test.describe('排名分析', () => {
  test('rankings by day and hour, by province and by a custom group, as the API ranks them', async ({
    page,
    request,
  }) => {
    const errors = watchForErrors(page);
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/analysis/rank/?timeType=day');
    const ranking = await api<{ time: string; total: number; items: RankItem[] }>(request, 'getCityRank', {
      timeType: 'day',
    });
    const best = page.getByRole('list', { name: /空气最好的 10 个城市/ });
    await expect(best.locator('li').first()).toContainText(ranking.items[0]?.cityName ?? '');
    await expect(page.locator('[data-block="ra-top"]')).toContainText(`共 ${ranking.total} 个城市参与`);
    const worst = ranking.items.filter((i) => i.rank !== null).at(-1);
    await expect(
      page
        .getByRole('list', { name: /空气最差的 10 个城市/ })
        .locator('li')
        .first(),
    ).toContainText(worst?.cityName ?? '');

    // The hourly ranking: the address carries the view.
    await page.getByText('实时', { exact: true }).click();
    await expect(page).toHaveURL(/timeType=hour/);
    const hourly = await api<{ items: RankItem[] }>(request, 'getCityRank', { timeType: 'hour' });
    await expect(best.locator('li').first()).toContainText(hourly.items[0]?.cityName ?? '');

    // One province: every row of the table is in it.
    await page.getByLabel('排名范围').selectOption({ label: '江苏省' });
    await expect(page).toHaveURL(/scope=province%3A320000|scope=province:320000/);
    const table = page.locator('[data-block="ra-table"]');
    await expect(table.locator('tbody tr.ant-table-row').first()).toContainText('江苏省');
    const provinces = await table.locator('tbody tr.ant-table-row td:nth-child(3)').allInnerTexts();
    expect(new Set(provinces)).toEqual(new Set(['江苏省']));

    // A custom group of two cities ranked among themselves.
    await page.getByLabel('排名范围').selectOption('custom');
    await pick(page, '自定义城市组', 'beijing', '北京市');
    await pick(page, '自定义城市组', 'shanghai', '上海市');
    await page.keyboard.press('Escape');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);

    // A city's rank over time: the trend answers for the chosen city.
    const trend = page.locator('[data-block="ra-trend"]');
    await expect(trend.getByText('全国名次').first()).toBeVisible();
    await screenshot(page, 'rank-analysis-1440');
    expect(errors).toEqual([]);
  });

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/analysis/rank/?timeType=day');
    await expect(page.getByRole('list', { name: /空气最好的 10 个城市/ }).locator('li')).toHaveCount(10);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'rank-analysis-360');
  });
});

test('the side navigation leads to the sections and marks the one shown', async ({ page }) => {
  await page.goto('/analysis/rank/');
  await page.getByRole('button', { name: '打开导航菜单' }).click();
  const nav = page.getByRole('navigation', { name: '主导航' });
  await expect(nav.getByRole('link', { name: /城市分析/ })).toHaveAttribute('href', '/analysis/city/');
  await expect(nav.getByRole('link', { name: /排名分析/ })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: /全国空气质量/ })).not.toHaveAttribute('aria-current', 'page');
});
