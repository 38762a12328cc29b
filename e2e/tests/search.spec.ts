import { expect, type Page, test } from '@playwright/test';
import { cityResolved, screenshot, searchBox, searchDropdown, VIEWPORTS } from './support';

/** Spec §2 "Search dropdown", §4 "Shell and search", §5 "Search", §9 timings — on the real city list. */

const results = (page: Page) => searchDropdown(page).getByRole('option');

async function typeSearch(page: Page, text: string) {
  await searchBox(page).click();
  await searchBox(page).fill(text);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/city/beijing');
  await cityResolved(page, '北京市');
});

test('focus opens the default panel with the 全国 and 关注 tabs; typing switches to results', async ({ page }) => {
  await searchBox(page).click();
  const dropdown = searchDropdown(page);
  await expect(dropdown.getByRole('tab', { name: '全国' })).toHaveAttribute('aria-selected', 'true');
  await expect(dropdown.getByRole('tab', { name: '关注' })).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
  await searchBox(page).fill('上海');
  await expect(results(page).first()).toContainText('上海市');
  await expect(dropdown.getByRole('tab')).toHaveCount(0);
  // Emptying the text brings the default panel back.
  await searchBox(page).fill('');
  await expect(dropdown.getByRole('tab', { name: '全国' })).toBeVisible();
});

test('search by Chinese name substring, then pick: the page stays, the city changes', async ({ page }) => {
  await page.goto('/weather/beijing?tab=hourly');
  await cityResolved(page, '北京市');
  await typeSearch(page, '州');
  await expect(results(page).filter({ hasText: '广州市' })).toHaveCount(1);
  await expect(results(page).filter({ hasText: '杭州市' })).toHaveCount(1);
  await typeSearch(page, '上海');
  await results(page).filter({ hasText: '上海市' }).click();
  await expect(page).toHaveURL(/\/weather\/shanghai\?tab=hourly$/);
  await cityResolved(page, '上海市');
  await expect(searchDropdown(page)).toHaveCount(0);
  await expect(searchBox(page)).toHaveValue('');
});

test('search by lowercase pinyin substring', async ({ page }) => {
  await typeSearch(page, 'guangzh');
  await expect(results(page).first()).toContainText('广州市');
  await typeSearch(page, 'HANGZHOU');
  await expect(results(page).first()).toContainText('杭州市');
  await typeSearch(page, 'zhou');
  await expect(results(page).filter({ hasText: '郑州市' })).toHaveCount(1);
});

test('search by pinyin initials', async ({ page }) => {
  await typeSearch(page, 'bj');
  await expect(results(page).first()).toContainText('北京市');
  await typeSearch(page, 'cq');
  await expect(results(page).first()).toContainText('重庆市');
});

test('districts are found too, with their city beside them', async ({ page }) => {
  await typeSearch(page, '朝阳区');
  await expect(results(page).filter({ hasText: '北京市' }).first()).toContainText('朝阳区');
  await expect(results(page).filter({ hasText: '长春市' }).first()).toContainText('朝阳区');
});

test('no match shows 未匹配到对应城市!', async ({ page }) => {
  await typeSearch(page, 'qqqqxx');
  await expect(searchDropdown(page).getByText('未匹配到对应城市!')).toBeVisible();
  await expect(results(page)).toHaveCount(0);
  await typeSearch(page, '不存在的城');
  await expect(searchDropdown(page).getByText('未匹配到对应城市!')).toBeVisible();
});

test('each result shows its position as 经度: x, 纬度: y with two decimals', async ({ page }) => {
  await typeSearch(page, '北京');
  await expect(results(page).first()).toContainText('经度: 116.41, 纬度: 39.90');
  const texts = await results(page).allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const t of texts) expect(t).toMatch(/经度: -?\d+\.\d{2}, 纬度: -?\d+\.\d{2}$/);
});

test('the nationwide tab lists only cities, grouped by pinyin initial', async ({ page }) => {
  await searchBox(page).click();
  const panel = searchDropdown(page).getByRole('tabpanel');
  const groupB = panel.getByRole('region', { name: 'B 开头的城市' });
  await expect(groupB.getByRole('button', { name: '北京市', exact: true })).toBeVisible();
  await expect(groupB.getByRole('button', { name: '保定市', exact: true })).toBeVisible();
  // Districts and counties (codes not ending in 00) are not in the list.
  await expect(panel.getByRole('button', { name: '朝阳区', exact: true })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: '朝阳市', exact: true })).toHaveCount(1);
  const letters = await searchDropdown(page)
    .getByRole('navigation', { name: '按拼音首字母跳转' })
    .getByRole('button')
    .allTextContents();
  expect(letters.join(' ')).toBe('A B C D E F G H J K L M N P Q R S T W X Y Z');
});

test('the letter index scrolls the list to the letter', async ({ page }) => {
  await searchBox(page).click();
  const list = searchDropdown(page).locator('.lt-search-groups');
  const headingZ = list.locator('[data-letter="Z"]');
  await expect(headingZ).not.toBeInViewport();
  await searchDropdown(page).getByRole('button', { name: '跳到 Z' }).click();
  await expect(headingZ).toBeInViewport();
  await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await searchDropdown(page).getByRole('button', { name: '跳到 A' }).click();
  await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBe(0);
  await expect(list.locator('[data-letter="A"]')).toBeInViewport();
  await expect(searchDropdown(page)).toBeVisible();
});

test('picking from the nationwide list navigates', async ({ page }) => {
  await searchBox(page).click();
  await searchDropdown(page).getByRole('button', { name: '跳到 X' }).click();
  await searchDropdown(page).getByRole('button', { name: '厦门市', exact: true }).click();
  await expect(page).toHaveURL(/\/city\/xiamen$/);
  await cityResolved(page, '厦门市');
});

test('keyboard: arrows move, Enter picks, Escape closes', async ({ page }) => {
  await searchBox(page).click();
  await searchBox(page).fill('zhou');
  await expect(results(page).nth(2)).toBeVisible();
  await searchBox(page).press('ArrowDown');
  await expect(results(page).first()).toHaveAttribute('aria-selected', 'true');
  await searchBox(page).press('ArrowDown');
  await expect(results(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(results(page).first()).toHaveAttribute('aria-selected', 'false');
  await searchBox(page).press('ArrowUp');
  await expect(results(page).first()).toHaveAttribute('aria-selected', 'true');
  await searchBox(page).fill('chengdu');
  await expect(results(page).first()).toContainText('成都市');
  await searchBox(page).press('ArrowDown');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/city\/chengdu$/);
  await searchBox(page).click();
  await expect(searchDropdown(page)).toBeVisible();
  await searchBox(page).press('Escape');
  await expect(searchDropdown(page)).toHaveCount(0);
  // Escape from inside the dropdown closes it and gives the focus back to the box.
  await searchBox(page).click();
  await searchDropdown(page).getByRole('tab', { name: '全国' }).focus();
  await page.keyboard.press('Escape');
  await expect(searchDropdown(page)).toHaveCount(0);
  await expect(searchBox(page)).toBeFocused();
  await page.waitForTimeout(300);
  await expect(searchDropdown(page)).toHaveCount(0);
  // Enter right after typing picks the best match without waiting for the dropdown.
  await searchBox(page).fill('nanjing');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/city\/nanjing$/);
});

test('a click outside closes the dropdown', async ({ page }) => {
  await searchBox(page).click();
  await expect(searchDropdown(page)).toBeVisible();
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(searchDropdown(page)).toHaveCount(0);
});

test('the dropdown follows focus after the 100 ms delay, not before', async ({ page }) => {
  await searchBox(page).focus();
  // Spec §9: dropdown delay 100 ms.
  expect(await searchDropdown(page).count()).toBe(0);
  await expect(searchDropdown(page)).toBeVisible();
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`screenshot of the shell with the search dropdown open at ${name} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await searchBox(page).click();
    await expect(searchDropdown(page).getByRole('button', { name: '北京市', exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `search-dropdown-${name}`);
    await searchBox(page).fill('zhou');
    await expect(results(page).first()).toBeVisible();
    await screenshot(page, `search-results-${name}`);
  });
}
