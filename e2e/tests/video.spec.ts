import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminSession, uniqueMn } from './platform-support';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * 视频监控 in Chromium over the e2e server's 【演示】 cameras (test pattern over RTSP, ONVIF simulator)
 * and a camera of this spec's own (the same GStreamer test camera, started and stopped here): a live
 * stream plays and its frames advance, a PTZ press reaches the camera, and a camera that goes away
 * shows 离线 with the reason.
 */

const DEMO_CAMERA = 'DEMO110105C01';
const SCRIPT = path.resolve(import.meta.dirname, '..', '..', 'tools', 'video', 'test-camera.py');

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startCamera(port: number): Promise<ChildProcess> {
  const proc = spawn('/usr/bin/python3', [SCRIPT, '--port', String(port), '--path', '/e2e', '--label', 'E2E CAMERA']);
  await new Promise<void>((resolve, reject) => {
    proc.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`test camera exited ${code}`)));
  });
  return proc;
}

/** The current time of the pane's video and how many frames it has shown. */
const progress = (page: Page, selector: string) =>
  page.locator(`${selector} video`).evaluate((v: HTMLVideoElement) => ({
    time: v.currentTime,
    frames: v.getVideoPlaybackQuality().totalVideoFrames,
  }));

test.beforeEach(async ({ page, baseURL }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await adminSession(page.request, baseURL ?? '');
});

test('Chromium can play H.264 in MSE (what hls.js needs)', async ({ page }) => {
  // Any page has MediaSource; a blank one keeps this check off the console's first, cold load.
  await page.goto('about:blank');
  const supported = await page.evaluate(() => MediaSource.isTypeSupported('video/mp4; codecs="avc1.42E01E"'));
  expect(supported).toBe(true);
});

test('a demo camera plays live, frames advance, and a PTZ press moves the camera', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const errors = watchForErrors(page);
  // voptz is a GET that acts: a cookie-authenticated caller must name the console's origin.
  const stop = async () =>
    ok<{ position: { x: number } | null }>(
      await page.request.get(`/lookout/voptz?deviceCode=${DEMO_CAMERA}&channelid=1&command=stop`, {
        headers: { origin: baseURL ?? '' },
      }),
    );
  await page.goto(`/platform/video?device=${DEMO_CAMERA}`);
  await expect(page.getByText('【演示】朝阳奥体中心 高空球机').first()).toBeVisible();
  const pane = `.video-player[data-device="${DEMO_CAMERA}"][data-channel="1"]`;
  await expect(page.locator(pane)).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  const before = await stop();
  const first = await progress(page, pane);
  await page.waitForTimeout(2500);
  const later = await progress(page, pane);
  expect(later.time).toBeGreaterThan(first.time + 1);
  expect(later.frames).toBeGreaterThan(first.frames);
  await expect(page.locator(pane).getByText('直播')).toBeVisible();

  // Hold 右 for a moment: ContinuousMove while held, Stop on release.
  const right = page.getByRole('button', { name: '右' });
  await right.hover();
  await page.mouse.down();
  await page.waitForTimeout(800);
  await page.mouse.up();
  await page.waitForTimeout(500);
  const after = await stop();
  expect(after.position).not.toBeNull();
  const moved = ((after.position?.x ?? 0) - (before.position?.x ?? 0) + 2) % 2;
  expect(moved).toBeGreaterThan(0.05);
  await screenshot(page, 'video-live');
  expect(errors).toEqual([]);
});

test('a camera that goes away shows 离线 with the reason and a retry button', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const port = await freePort();
  const camera = await startCamera(port);
  try {
    const mn = uniqueMn('E2EC');
    const post = async (url: string, data: object) =>
      ok(await page.request.post(url, { data, headers: { origin: baseURL ?? '' } }));
    const site = (await post('/device/site/save', {
      siteCode: `E2E-V-${mn.slice(-6)}`,
      name: 'E2E 视频站点',
      areaCode: '110105',
      lon: 116.47,
      lat: 39.94,
    })) as { siteId: string };
    // The registry asks every device for at least one factor; a camera's housing reports its temperature.
    await post('/device/save', {
      mn,
      name: 'E2E 摄像机',
      type: 'C01',
      siteId: site.siteId,
      password: 'e2e2026pw',
      factors: [{ code: 'a01001' }],
    });
    await post('/lookout/camera/save', {
      deviceCode: mn,
      channels: [{ channelid: 1, name: '路口', rtspUrl: `rtsp://127.0.0.1:${port}/e2e` }],
    });
    await page.goto(`/platform/video?device=${mn}`);
    const pane = `.video-player[data-device="${mn}"][data-channel="1"]`;
    await expect(page.locator(pane)).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
    camera.kill('SIGTERM');
    await expect(page.locator(pane)).toHaveAttribute('data-state', 'offline', { timeout: 20_000 });
    await expect(page.locator(pane).getByText('离线')).toBeVisible();
    await expect(page.locator(pane).getByRole('button', { name: '重试' })).toBeVisible();
    await screenshot(page, 'video-offline');
    // The configuration drawer never shows the stored address back.
    await page.getByRole('button', { name: '视频配置' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('视频配置：E2E 摄像机')).toBeVisible();
    await expect(drawer.locator('input[type="password"]').first()).toHaveValue('');
    await screenshot(page, 'video-config');
  } finally {
    camera.kill('SIGKILL');
  }
});
