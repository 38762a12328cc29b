import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminSession } from './platform-support';
import { SCREENSHOTS, screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * 高空气象 in the browser, on the 【演示】 upper air the server writes at start (DEMO_DATA=on): the
 * console's skew-T draws exactly the API's profile, the wind layer animates and a click draws back
 * trajectories, and the public weather page's block shows the nearest ascent and the trajectories.
 */

test.beforeEach(async ({ page, baseURL }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await adminSession(page.request, baseURL ?? '');
});

/** Waits until the demo grids and ascents are stored (written in the background after the start). */
async function waitForUpperAir(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const field = (await (await request.get('/atmoWindy/nationalWindy/getServerData')).json()) as {
          data?: { available: boolean };
        };
        const stations = (await (await request.get('/air/sounding/getStationList')).json()) as {
          data?: Array<{ code: string; latestTime: string | null }>;
        };
        return field.data?.available === true && stations.data?.find((s) => s.code === '54511')?.latestTime != null;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(true);
}

test('the sounding plot draws the API’s profile, point for point', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchForErrors(page);
  await waitForUpperAir(page.request);
  await page.goto('/platform/wind/soundings');
  const plot = page.getByTestId('skew-t');
  await expect(plot).toBeVisible({ timeout: 20_000 });
  const station = await page.getByLabel('探空站').evaluate((el) => el.closest('.ant-select')?.textContent ?? '');
  const code = /（(\w+)）/.exec(station)?.[1] ?? '';
  expect(code).not.toBe('');
  const api = (await (
    await page.request.get('/air/sounding/getSoundingData', { params: { stationCode: code } })
  ).json()) as {
    data: { levels: Array<{ pressure: number; temperature: number | null }> };
  };
  const profile = JSON.parse((await plot.getAttribute('data-profile')) ?? '[]') as number[][];
  expect(profile.map(([p, t]) => [p, t])).toEqual(
    api.data.levels.filter((l) => l.temperature !== null).map((l) => [l.pressure, l.temperature]),
  );
  // Each profile point is drawn: the pixel there is the temperature line's red.
  const reds = await plot.evaluate(
    (canvas: HTMLCanvasElement, points: number[][]) => {
      const ctx = canvas.getContext('2d');
      return points.map(([, , x, y]) => {
        const d = ctx?.getImageData((x ?? 0) - 1, (y ?? 0) - 1, 3, 3).data ?? new Uint8ClampedArray();
        let red = false;
        for (let i = 0; i < d.length; i += 4)
          if ((d[i] ?? 0) > 180 && (d[i + 1] ?? 0) < 120 && (d[i + 2] ?? 0) < 100) red = true;
        return red;
      });
    },
    profile.filter(([p]) => (p ?? 0) >= 100),
  );
  expect(reds.every(Boolean)).toBe(true);
  await expect(page.getByText('混合层高度（离地）')).toBeVisible();
  await screenshot(page, 'upper-air-console-sounding');
  expect(errors).toEqual([]);
});

test('the console wind layer animates, and a click draws the back trajectories', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchForErrors(page);
  await waitForUpperAir(page.request);
  await page.goto('/platform/wind');
  const layer = page.getByTestId('wind-particles');
  await expect(layer).toBeVisible({ timeout: 20_000 });
  const frames = async () => Number((await layer.getAttribute('data-frames')) ?? '0');
  await expect.poll(frames).toBeGreaterThan(5);
  const before = await frames();
  await page.waitForTimeout(500);
  expect(await frames()).toBeGreaterThan(before);
  // The particles move: two snapshots of the layer differ.
  const snap = () => layer.evaluate((c: HTMLCanvasElement) => c.toDataURL());
  const a = await snap();
  await page.waitForTimeout(300);
  expect(await snap()).not.toBe(a);

  const box = await layer.boundingBox();
  if (!box) throw new Error('no layer');
  await layer.click({ position: { x: box.width * 0.72, y: box.height * 0.42 } });
  const summary = page.getByTestId('trajectory-summary');
  await expect(summary).toContainText('100 米', { timeout: 20_000 });
  await expect(summary).toContainText('1500 米');
  await expect(summary).toContainText('Petterssen');
  await page.waitForTimeout(1500);
  await screenshot(page, 'upper-air-console-wind');
  expect(errors).toEqual([]);
});

test('the weather page shows the nearest ascent and the city’s back trajectories', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchForErrors(page);
  await waitForUpperAir(page.request);
  await page.goto('/weather/beijing');
  const block = page.getByRole('region', { name: '高空气象' });
  await block.scrollIntoViewIfNeeded({ timeout: 30_000 });
  await expect(block.getByTestId('skew-t')).toBeVisible({ timeout: 20_000 });
  await expect(block).toContainText('北京站');
  await expect(block.getByTestId('ua-trajectory-note')).toContainText('Petterssen', { timeout: 20_000 });
  await block.getByRole('button', { name: '48 小时' }).click();
  await expect(block.getByRole('button', { name: '48 小时' })).toHaveAttribute('aria-pressed', 'true');
  await expect(block.getByTestId('ua-trajectory-note')).toContainText('Petterssen', { timeout: 20_000 });
  await page.waitForTimeout(1500);
  await block.screenshot({ path: path.join(SCREENSHOTS, 'upper-air-weather-block.png') });
  expect(errors).toEqual([]);
});
