import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { screenshot, VIEWPORTS, watchForErrors } from './support';
import { WEATHER_INBOX } from './weather-sources-support';

/**
 * 天气监测 on the weather page against the real server: a CMA best-track file and a CAP 1.2 warning
 * dropped into the server's inbox are imported and shown (the track with as many points as the API
 * answers, the warning with its signal colour), and the 【演示】 radar loop advances and steps.
 */

const FIXTURES = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'apps',
  'server',
  'src',
  'testing',
  'fixtures',
  'weather-sources',
);

/** CAP dateTime in China time, as the national feed writes it. */
const capTime = (ms: number) => `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

async function dropIntoInbox() {
  await mkdir(path.join(WEATHER_INBOX, 'typhoon'), { recursive: true });
  await mkdir(path.join(WEATHER_INBOX, 'warnings'), { recursive: true });
  await copyFile(path.join(FIXTURES, 'typhoon-2305-doksuri.txt'), path.join(WEATHER_INBOX, 'typhoon', 'CH2023BST.txt'));
  // The rainstorm warning of the fixture, issued an hour ago and in force for a day.
  const now = Date.now();
  const xml = (await readFile(path.join(FIXTURES, 'cap-rainstorm-yellow.xml'), 'utf8'))
    .replace('44000041600000_20230728090500', `44000041600000_e2e_${now}`)
    .replaceAll('2023-07-28T09:05:00+08:00', capTime(now - 3600_000))
    .replace('2023-07-29T09:05:00+08:00', capTime(now + 86_400_000));
  await writeFile(path.join(WEATHER_INBOX, 'warnings', `e2e-${now}.xml`), xml);
  await expect
    .poll(() => existsSync(path.join(WEATHER_INBOX, 'done', 'warnings', `e2e-${now}.xml`)), { timeout: 30_000 })
    .toBe(true);
  await expect
    .poll(() => existsSync(path.join(WEATHER_INBOX, 'done', 'typhoon', 'CH2023BST.txt')), { timeout: 30_000 })
    .toBe(true);
}

test('warnings, the radar loop and a typhoon track render from imported and demo data', async ({ page }) => {
  test.setTimeout(120_000);
  await dropIntoInbox();
  const errors = watchForErrors(page);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/weather/guangzhou');
  await page.getByRole('heading', { name: '气象预警' }).scrollIntoViewIfNeeded();

  // The warning in force, with its level's colour.
  const warning = page.locator('.lt-mon-warning', { hasText: '广东省气象台发布暴雨黄色预警' }).first();
  await expect(warning).toBeVisible({ timeout: 20_000 });
  await expect(warning.locator('.lt-mon-level')).toHaveText('暴雨黄色');
  await expect(warning).toHaveCSS('border-left-color', 'rgb(245, 196, 0)');

  // The radar loop advances by itself, and steps by hand when paused.
  const time = page.getByTestId('radar-time');
  await expect(time).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('img.lt-mon-radar-frame')).toHaveJSProperty('complete', true);
  const first = await time.textContent();
  await expect.poll(() => time.textContent(), { timeout: 10_000 }).not.toBe(first);
  await page.getByRole('button', { name: '暂停' }).click();
  const paused = await time.textContent();
  await page.getByRole('button', { name: '下一帧' }).click();
  await expect(time).not.toHaveText(paused ?? '');

  // The typhoon track: as many points on the map as the API answered.
  const answer = page.waitForResponse((r) => r.url().includes('getTyphoonData') && r.url().includes('name='));
  await page.getByLabel('年份').selectOption('2023');
  const body = (await (await answer).json()) as { data: { features: { geometry: { type: string } }[] } };
  const apiPoints = body.data.features.filter((f) => f.geometry.type === 'Point').length;
  expect(apiPoints).toBe(29);
  const track = page.getByTestId('typhoon-track');
  await expect(track).toHaveAttribute('data-points', String(apiPoints));
  await expect(page.getByLabel('台风', { exact: true })).toContainText('杜苏芮');
  await expect(track.locator('canvas').first()).toBeVisible();

  await page.locator('.lt-mon').scrollIntoViewIfNeeded();
  await screenshot(page, 'weather-sources');
  expect(errors).toEqual([]);
});
