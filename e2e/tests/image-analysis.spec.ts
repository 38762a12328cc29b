import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * 图像分析 (/analysis/image) against the real server and its demo hours: the interpolated frames
 * load and play, step, follow the pollutant, and export as an MP4 that ffprobe reads as H.264 with
 * one frame per shown map; an export can be aborted mid-upload.
 */

// The server's dev dependency: the same ffprobe its video tests use.
const require = createRequire(path.resolve(import.meta.dirname, '..', '..', 'apps', 'server', 'package.json'));
const ffprobe = (require('@ffprobe-installer/ffprobe') as { path: string }).path;

test.describe.configure({ timeout: 180_000 });

const frameTime = (page: Page) => page.getByTestId('frame-time');
const frame = (page: Page) => page.locator('img.lt-ia-frame');

/** Waits until the first frame has drawn and every frame of the range is preloaded. */
async function framesReady(page: Page) {
  await expect(frame(page)).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => frame(page).evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 60_000 })
    .toBe(960);
  await expect(page.locator('.lt-ia-now-count')).not.toContainText('已加载', { timeout: 120_000 });
}

/** Slows uploads in Chromium so the progress bar and the abort button can be seen at work. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

test('frames load and play, step, follow the pollutant, and export as an H.264 video', async ({ page }) => {
  const errors = watchForErrors(page);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/analysis/image');
  await expect(page.getByRole('heading', { name: '图像分析' })).toBeVisible();
  await framesReady(page);
  await expect(frame(page)).toHaveAttribute('src', /\/api\/common\/rgbaImage\/aqi_100000_\d{10}\.png$/);
  const count = Number(/\/ (\d+) 帧/.exec((await page.locator('.lt-ia-now-count').textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThan(12);

  // Play: the shown hour moves on; pause holds it.
  const latest = await frameTime(page).textContent();
  await page.getByRole('button', { name: '播放' }).click();
  await expect.poll(async () => frameTime(page).textContent(), { timeout: 10_000 }).not.toBe(latest);
  await page.getByRole('button', { name: '暂停' }).click();

  // Step back and forward by one hour.
  const held = (await frameTime(page).textContent()) ?? '';
  await page.getByRole('button', { name: '上一帧' }).click();
  const before = (await frameTime(page).textContent()) ?? '';
  expect(before).not.toBe(held);
  await page.getByRole('button', { name: '下一帧' }).click();
  await expect(frameTime(page)).toHaveText(held);

  // Another pollutant: the frames are PM2.5's, and the query string keeps the choice.
  await page.locator('.lt-ia-filters label', { hasText: 'PM2.5' }).click();
  await expect(frame(page)).toHaveAttribute('src', /pm2_5_100000_\d{10}\.png$/);
  await expect(page).toHaveURL(/type=pm2_5/);
  await framesReady(page);
  await screenshot(page, 'image-analysis-1440');

  // Kriging instead of IDW: the kriged frames of the same hours.
  await page.locator('.lt-ia-filters label', { hasText: '克里金' }).click();
  await expect(frame(page)).toHaveAttribute('src', /pm2_5_100000_\d{10}_kriging\.png$/);
  await expect(page).toHaveURL(/method=kriging/);
  await framesReady(page);
  await page.locator('.lt-ia-filters label', { hasText: '反距离权重' }).click();
  await expect(frame(page)).toHaveAttribute('src', /pm2_5_100000_\d{10}\.png$/);
  await framesReady(page);

  // Export, aborted mid-upload: nothing is offered.
  const cdp = await throttleUploads(page, 400_000);
  await page.getByRole('button', { name: '导出视频' }).click();
  await expect(page.getByText(/上传中 \d+%/)).toBeVisible({ timeout: 30_000 });
  await page
    .getByRole('button', { name: '取 消' })
    .or(page.getByRole('button', { name: '取消' }))
    .click();
  await expect(page.getByText('已取消导出，未生成视频')).toBeVisible();
  await expect(page.locator('a.lt-ia-download')).toHaveCount(0);

  // Export again: the progress climbs, and the MP4 comes with one frame per map shown.
  await page.getByRole('button', { name: '导出视频' }).click();
  const uploading = page.getByText(/上传中 \d+%/);
  await expect(uploading).toBeVisible({ timeout: 30_000 });
  const first = Number(/(\d+)%/.exec((await uploading.textContent()) ?? '')?.[1]);
  await expect
    .poll(async () => Number(/(\d+)%/.exec((await page.locator('.lt-ia-progress').textContent()) ?? '')?.[1] ?? 100))
    .toBeGreaterThan(first);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const link = page.locator('a.lt-ia-download');
  await expect(link).toBeVisible({ timeout: 120_000 });
  await expect(link).toContainText(`${count} 帧`);
  const download = page.waitForEvent('download');
  await link.click();
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'lt-e2e-video-')), 'export.mp4');
  await (await download).saveAs(file);
  const probe = JSON.parse(
    execFileSync(ffprobe, [
      '-v',
      'error',
      '-count_frames',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name,nb_read_frames',
      '-of',
      'json',
      file,
    ]).toString(),
  ) as { streams: Array<{ codec_name: string; nb_read_frames: string }> };
  expect(probe.streams[0]?.codec_name).toBe('h264');
  expect(Number(probe.streams[0]?.nb_read_frames)).toBe(count);
  // A full-page shot of a scrolled page paints the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'image-analysis-export-1440');
  expect(errors).toEqual([]);
});

test('on a phone: a province, the player and the export fit 360 px', async ({ page }) => {
  const errors = watchForErrors(page);
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/analysis/image?code=320000&type=aqi');
  await framesReady(page);
  await expect(frame(page)).toHaveAttribute('src', /aqi_320000_\d{10}\.png$/);
  await expect(page.getByRole('button', { name: '导出视频' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'image-analysis-360');
  expect(errors).toEqual([]);
});
