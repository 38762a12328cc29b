import { expect, type Page, test } from '@playwright/test';
import {
  cityResolved,
  primeVersion,
  screenshot,
  searchBox,
  searchDropdown,
  seedLocalStorage,
  VIEWPORTS,
} from './support';

/** Spec §1/§2/§3/§4: followed cities in local storage `followCity`, the follow star, the follow cards. */

const followButton = (page: Page) => page.locator('.lt-city').getByRole('button', { name: /关注/ });
const cards = (page: Page) => searchDropdown(page).locator('.lt-follow-card');

async function openFollowTab(page: Page) {
  await searchBox(page).click();
  await searchDropdown(page).getByRole('tab', { name: '关注' }).click();
}

/** Spec §9 level colours by AQI (HJ 633-2012 appendix A), as the browser reports them. */
function levelColour(aqi: number): string {
  if (aqi <= 50) return 'rgb(0, 228, 0)';
  if (aqi <= 100) return 'rgb(255, 255, 0)';
  if (aqi <= 150) return 'rgb(255, 126, 0)';
  if (aqi <= 200) return 'rgb(255, 0, 0)';
  if (aqi <= 300) return 'rgb(153, 0, 76)';
  return 'rgb(126, 0, 35)';
}

test('no followed city: the follow tab says 暂无关注城市', async ({ page }) => {
  await page.goto('/city/beijing');
  await openFollowTab(page);
  await expect(searchDropdown(page).getByText('暂无关注城市')).toBeVisible();
});

test('follow and unfollow with the star beside the city name', async ({ page }) => {
  await page.goto('/city/shanghai');
  await cityResolved(page, '上海市');
  await expect(followButton(page)).toHaveAccessibleName('关注');
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'false');
  await followButton(page).click();
  await expect(followButton(page)).toHaveAccessibleName('取消关注');
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'true');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('followCity') ?? 'null'));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    stationCode: '310000',
    regionCode: '310000',
    stationType: 3,
    stationName: '上海市',
    pyName: 'shanghai',
  });
  expect(typeof stored[0].longitude).toBe('number');
  expect(typeof stored[0].latitude).toBe('number');

  // The follow survives a reload (local storage) and shows on every page of the city.
  await page.goto('/weather/shanghai');
  await expect(followButton(page)).toHaveAccessibleName('取消关注');
  await followButton(page).click();
  await expect(followButton(page)).toHaveAccessibleName('关注');
  expect(await page.evaluate(() => localStorage.getItem('followCity'))).toBe('[]');
  await openFollowTab(page);
  await expect(searchDropdown(page).getByText('暂无关注城市')).toBeVisible();
});

test('a follow card: name, weather text and icon, AQI in its level colour, main pollutant, MM-DD HH:00', async ({
  page,
}) => {
  await page.goto('/city/beijing');
  await followButton(page).click();
  await openFollowTab(page);
  const card = cards(page).filter({ hasText: '北京市' });
  await expect(card).toHaveCount(1);
  await expect(card.locator('.lt-follow-card-name')).toHaveText('北京市');
  // Demo data has today's forecast and the current hour for every city.
  await expect(card.locator('.lt-follow-card-weather')).not.toHaveText('—');
  await expect(card.locator('.lt-follow-card-weather span[style]').first()).toBeVisible();
  const aqiText = await card.locator('.lt-follow-card-aqi').textContent();
  const aqi = Number(aqiText?.replace('AQI', '').trim());
  expect(Number.isInteger(aqi)).toBe(true);
  await expect(card.locator('.lt-follow-card-aqi')).toHaveCSS('background-color', levelColour(aqi));
  await expect(card.locator('.lt-follow-card-pol')).toHaveText(/^首要污染物：.+$/);
  await expect(card.locator('.lt-follow-card-time')).toHaveText(/^\d{2}-\d{2} \d{2}:00$/);
  // What the call brought is kept with the city (spec §3: textDay, icon, aqi, mainPol).
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('followCity') ?? '[]'));
  expect(stored[0].aqi).toBe(aqi);
  expect(typeof stored[0].textDay).toBe('string');
  expect(typeof stored[0].icon).toBe('string');
  expect('mainPol' in stored[0]).toBe(true);
});

test.describe('with followed cities already stored', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await primeVersion(context, baseURL);
    await seedLocalStorage(context, {
      followCity: [
        {
          stationCode: '652700',
          regionCode: '650000',
          stationType: 3,
          stationName: '博尔塔拉蒙古自治州',
          pyName: 'boertala',
          longitude: 82.07,
          latitude: 44.9,
        },
        {
          stationCode: '440100',
          regionCode: '440000',
          stationType: 3,
          stationName: '广州市',
          pyName: 'guangzhou',
          longitude: 113.26,
          latitude: 23.13,
        },
      ],
    });
  });

  test('a name longer than 8 characters is cut to 7, "...", and the last one', async ({ page }) => {
    await page.goto('/city/beijing');
    await openFollowTab(page);
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).nth(0).locator('.lt-follow-card-name')).toHaveText('博尔塔拉蒙古自...州');
    await expect(cards(page).nth(1).locator('.lt-follow-card-name')).toHaveText('广州市');
    await expect(cards(page).nth(1).locator('.lt-follow-card-time')).toHaveText(/^\d{2}-\d{2} \d{2}:00$/);
    await screenshot(page, 'follow-cards-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'follow-cards-phone');
  });

  test('the follow data is fetched once, on first opening of the tab', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('FocusCityData')) calls.push(new URL(r.url()).pathname);
    });
    await page.goto('/city/beijing');
    await cityResolved(page, '北京市');
    await page.waitForTimeout(300);
    expect(calls).toEqual([]);
    await openFollowTab(page);
    await expect(cards(page).nth(1).locator('.lt-follow-card-time')).toHaveText(/^\d{2}-\d{2} \d{2}:00$/);
    await searchDropdown(page).getByRole('tab', { name: '全国' }).click();
    await searchDropdown(page).getByRole('tab', { name: '关注' }).click();
    await searchBox(page).press('Escape');
    await openFollowTab(page);
    await expect(cards(page)).toHaveCount(2);
    expect(calls).toEqual(['/api/getAllFocusCityData']);

    // A city followed afterwards gets its own card data.
    await searchBox(page).press('Escape');
    await followButton(page).click();
    await expect.poll(() => calls).toEqual(['/api/getAllFocusCityData', '/api/getFocusCityData']);
    await openFollowTab(page);
    const beijing = cards(page).filter({ hasText: '北京市' });
    await expect(beijing.locator('.lt-follow-card-time')).toHaveText(/^\d{2}-\d{2} \d{2}:00$/);
  });

  test('a follow card opens its city, on the current page', async ({ page }) => {
    await page.goto('/weather/beijing?unit=c');
    await openFollowTab(page);
    await cards(page).filter({ hasText: '广州市' }).click();
    await expect(page).toHaveURL(/\/weather\/guangzhou\?unit=c$/);
    await cityResolved(page, '广州市');
    await expect(searchDropdown(page)).toHaveCount(0);
    await expect(followButton(page)).toHaveAccessibleName('取消关注');
  });
});
