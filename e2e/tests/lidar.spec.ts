import { expect, test } from '@playwright/test';
import { adminSession } from './platform-support';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * 激光雷达 in the browser, on the demo lidar network the server simulates (DEMO_DATA=on): the newest
 * scan over the map with its image and VF curtain, a step back to the previous scan and a played
 * sequence, then a detected hot spot reviewed in 热点审核.
 */

test.beforeEach(async ({ page, baseURL }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await adminSession(page.request, baseURL ?? '');
});

/** Waits until the demo network has written its first scans (it simulates them after the server starts). */
async function waitForScans(request: import('@playwright/test').APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const devices = (await (await request.get('/lidar/getAllDevices')).json()) as {
          data?: Array<{ lastScanTime: string | null }>;
        };
        const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
        const hot = (await (
          await request.get('/hotspot/list', {
            params: { startTime: `${today} 00:00:00`, endTime: `${today} 23:59:59` },
          })
        ).json()) as { data?: { total: number } };
        return (
          (devices.data ?? []).every((d) => d.lastScanTime !== null) &&
          (devices.data ?? []).length > 0 &&
          (hot.data?.total ?? 0) > 0
        );
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBe(true);
}

test('the lidar map shows the newest scan, steps back and plays the sequence; a hot spot is reviewed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = watchForErrors(page);
  await waitForScans(page.request);

  await page.goto('/platform/lidar');
  const time = page.getByLabel('当前扫描时间');
  await expect(time).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/, { timeout: 20_000 });
  const newest = (await time.textContent()) ?? '';
  const scanImage = page.getByRole('img', { name: `水平扫描图 ${newest}` });
  await expect(scanImage).toBeVisible();
  await expect.poll(() => scanImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect
    .poll(() => page.getByRole('img', { name: /垂直廓线/ }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole('img', { name: /激光雷达地图/ })).toBeVisible();
  // The map's overlay image loads (the same scan, transparent, north up).
  const [lidar] = (
    (await (await page.request.get('/lidar/getAllDevices')).json()) as { data: Array<{ deviceId: string }> }
  ).data;
  const overlay = await page.request.get('/servlet/LidarSpreadShadowServlet', {
    params: { deviceId: lidar?.deviceId ?? '' },
  });
  expect(overlay.headers()['content-type']).toBe('image/png');
  await screenshot(page, 'console-lidar-map');

  await page.getByRole('button', { name: /上一次/ }).click();
  await expect(time).not.toHaveText(newest);
  const previous = (await time.textContent()) ?? '';
  expect(previous < newest).toBe(true);
  await expect(page.getByRole('img', { name: `水平扫描图 ${previous}` })).toBeVisible();
  await screenshot(page, 'console-lidar-previous-scan');

  await page.getByRole('button', { name: /播放/ }).click();
  await expect(time).not.toHaveText(previous, { timeout: 5_000 });
  await page.getByRole('button', { name: /暂停/ }).click();

  await page.getByRole('tab', { name: '热点审核' }).click();
  const list = page.getByRole('table', { name: '热点列表' });
  const row = list.getByRole('row').filter({ hasText: '待审核' }).first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  const hotId = (await row.getByRole('cell').first().textContent()) ?? '';
  await row.getByRole('button', { name: `审核 ${hotId}` }).click();
  const drawer = page.getByRole('dialog', { name: `热点 ${hotId}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('img', { name: /热点所在的扫描图/ })).toBeVisible();
  const form = drawer.getByRole('form', { name: '审核热点' });
  await form.getByLabel('确认为污染热点').check();
  await form.getByLabel('地块简称').fill('热电厂烟囱');
  await form.getByLabel('说明').fill('现场核实：烟囱排放');
  await form.getByRole('button', { name: /提交审核/ }).click();
  await expect(page.getByText(`热点 ${hotId} 已确认`)).toBeVisible();
  await expect(drawer.getByText('已确认').first()).toBeVisible();
  await screenshot(page, 'console-lidar-hotspot-review');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(list.getByRole('row').filter({ hasText: hotId })).toContainText('已确认');
  expect(errors).toEqual([]);
});
