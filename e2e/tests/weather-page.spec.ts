import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signParams } from '../../packages/contracts/src/signature';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * The city weather page (/weather/{city}) against the real server and its demo data: what it shows
 * is what the public API says, wind is named by spec §9's rules, the seven layers show spec §9's
 * legend ranges, and the page fits a 360 px phone.
 */

const PUBLIC_KEY = process.env.E2E_PUBLIC_API_KEY ?? 'lantian-public-web-v1';

/** Calls a public data method as the web client does (signed, form-encoded) and returns `data`. */
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

interface Now {
  time: string;
  temperature: number | null;
  humidity: number | null;
  pressure: number | null;
  windSpeed: number | null;
  windDirectionName: string | null;
  windForce: number | null;
  text: string | null;
  isDemo: boolean;
}

interface Weather {
  cityName: string;
  now: Now | null;
  daily: { date: string }[];
  hourly: { time: string }[];
}

interface Surface {
  points: { cityCode: string; cityName: string; value: number | null }[];
}

/** Spec §9 "Weather": the legend range of each layer, and the decimals the page shows its values with. */
const LAYERS = [
  { key: 'temp', label: '温度', range: '-81 ~ 54 °C', unit: '°C', decimals: 1 },
  { key: 'hum', label: '湿度', range: '0 ~ 100 %', unit: '%', decimals: 0 },
  { key: 'pre', label: '气压', range: '995 ~ 1040 hPa', unit: 'hPa', decimals: 1 },
  { key: 'wind', label: '风速', range: '0 ~ 36 m/s', unit: 'm/s', decimals: 1 },
  { key: 'rain', label: '降水', range: '0 ~ 50 mm', unit: 'mm', decimals: 1 },
  { key: 'radiat', label: '辐射', range: '100 ~ 1200 W/m²', unit: 'W/m²', decimals: 0 },
  { key: 'isobar', label: '等压线', range: '99000 ~ 103000 Pa', unit: 'Pa', decimals: 0 },
] as const;

const SECTORS = ['北', '东北', '东', '东南', '南', '西南', '西', '西北'];

const fixed = (v: number | null, decimals: number) => (v === null ? '—' : v.toFixed(decimals));

/** Opens the page and waits for the current conditions. */
async function openBeijing(page: Page) {
  await page.goto('/weather/beijing');
  await expect(page.getByTestId('now-temperature')).toBeVisible();
}

/** Scrolls to the layers (they load when near the viewport) and waits for the map to be drawn. */
async function showLayers(page: Page) {
  const section = page.getByRole('region', { name: '气象图层' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  return section;
}

test.describe('city weather page', () => {
  test('current conditions are the API’s, with wind in 8 sectors and Beaufort force', async ({ page, request }) => {
    const errors = watchForErrors(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await openBeijing(page);
    let weather = await api<Weather>(request, 'getWeather', { city: 'beijing' });
    // An hour may turn between the page's call and ours: then look again.
    if (weather.now !== null && !(await page.getByText(weather.now.time.slice(5, 16), { exact: true }).isVisible())) {
      await openBeijing(page);
      weather = await api<Weather>(request, 'getWeather', { city: 'beijing' });
    }
    const now = weather.now;
    expect(now, 'demo data has a current observation for Beijing').not.toBeNull();
    if (now === null) return;

    await expect(page.getByRole('heading', { level: 1 })).toContainText(weather.cityName);
    await expect(page.getByText(now.time.slice(5, 16), { exact: true })).toBeVisible();
    await expect(page.getByTestId('now-temperature')).toHaveText(`${fixed(now.temperature, 1)}°C`);
    await expect(page.getByTestId('now-humidity')).toContainText(`${fixed(now.humidity, 0)} %`);
    await expect(page.getByTestId('now-pressure')).toContainText(`${fixed(now.pressure, 1)} hPa`);
    await expect(page.getByTestId('now-wind')).toContainText(`${fixed(now.windSpeed, 1)} m/s`);
    await expect(page.getByTestId('now-text')).toHaveText(now.text ?? '—');

    const direction = (await page.getByTestId('now-wind-direction').textContent()) ?? '';
    const force = (await page.getByTestId('now-wind-force').textContent()) ?? '';
    expect(force).toBe(`${now.windForce}级`);
    expect(now.windForce).toBeGreaterThanOrEqual(0);
    expect(now.windForce).toBeLessThanOrEqual(18);
    if (now.windForce === 0) expect(direction).toBe('静风');
    else {
      expect(SECTORS.map((s) => `${s}风`)).toContain(direction);
      expect(direction).toBe(`${now.windDirectionName}风`);
    }

    await expect(page.getByText('演示数据').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('hourly and daily forecasts are shown', async ({ page, request }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await openBeijing(page);
    const weather = await api<Weather>(request, 'getWeather', { city: 'beijing' });
    expect(weather.hourly.length).toBeGreaterThan(0);
    expect(weather.daily.length).toBeGreaterThanOrEqual(3);

    const hourly = page.getByRole('region', { name: '逐小时预报' });
    await expect(hourly.getByTestId('hourly-item')).toHaveCount(weather.hourly.length);
    // The chart draws once its box comes near the screen (shared/charts/EChart.tsx).
    await hourly.scrollIntoViewIfNeeded();
    await expect(hourly.getByRole('img', { name: /未来 \d+ 小时气温/ })).toBeVisible();
    await expect(hourly.locator('canvas').first()).toBeVisible();

    const days = page.getByRole('region', { name: '未来几天' }).getByTestId('daily-row');
    await expect(days).toHaveCount(Math.min(5, weather.daily.length));
    await expect(days.first()).toContainText('今天');
    await expect(days.first()).toContainText(/-?\d+\.\d°/);
  });

  test('each of the seven layers can be chosen and shows its spec legend range', async ({ page, request }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await openBeijing(page);
    const section = await showLayers(page);
    const legend = section.getByTestId('layer-legend');
    for (const layer of LAYERS) {
      await section.locator('.lt-wx-layer-switch').getByText(layer.label, { exact: true }).click();
      await expect(section.getByRole('radio', { name: layer.label })).toBeChecked();
      await expect(legend.getByTestId('legend-range')).toHaveText(layer.range);
      const surface = await api<Surface>(request, 'getAqiSurMeteoData', { layer: layer.key });
      const beijing = surface.points.find((p) => p.cityCode === '110000');
      if (beijing !== undefined) {
        await expect(legend).toContainText(`${beijing.cityName} ${fixed(beijing.value, layer.decimals)} ${layer.unit}`);
      }
    }
    await expect(section.getByText('演示数据')).toBeVisible();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`fits the screen at ${viewport.width} px (screenshot)`, async ({ page }) => {
      const errors = watchForErrors(page);
      await page.setViewportSize(viewport);
      await openBeijing(page);
      await showLayers(page);
      await expect(page.getByTestId('layer-legend')).toContainText('北京市');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal scroll at ${name}`).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `weather-${viewport.width}`);
      expect(errors).toEqual([]);
    });
  }

  test('a failed load shows its error in place, and 重试 loads the page', async ({ page }) => {
    // A network failure on the way to the real server (not a stand-in answer): the page must say so
    // where the data would be, and recover on retry.
    await page.route('**/api/getWeather', (route) => route.abort('connectionrefused'));
    await page.goto('/weather/beijing');
    const alert = page.getByRole('alert').filter({ hasText: '天气数据加载失败' });
    await expect(alert).toContainText('网络连接失败');
    await page.unroute('**/api/getWeather');
    await alert.getByRole('button', { name: '重试' }).click();
    await expect(page.getByTestId('now-temperature')).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test('a district without its own weather says so instead of showing empty boxes', async ({ page, request }) => {
    const weather = await api<Weather>(request, 'getWeather', { city: '110101' });
    test.skip(weather.now !== null, 'this district has its own observations');
    await page.goto('/weather/110101');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(weather.cityName);
    await expect(page.getByText('暂无实况观测数据')).toBeVisible();
    await expect(page.getByText('暂无逐日预报')).toBeVisible();
    await expect(page.getByText('暂无逐小时预报')).toBeVisible();
  });
});
