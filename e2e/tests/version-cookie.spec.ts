import { expect, test } from '@playwright/test';
import { cityResolved } from './support';

/** Spec §3/§7/§9: the web-version cookie (1.0.13) and the visitor's unique-id cookie, both 400 days. */

const DAY = 86_400;

test('another web version clears cookies, local and session storage, then rewrites the version', async ({
  page,
  context,
  baseURL,
}) => {
  const url = baseURL ?? '';
  await context.addCookies([
    { name: 'webVersion', value: '1.0.12', url },
    { name: 'leftover', value: 'old-release', url },
  ]);
  await page.goto('/city/beijing');
  await cityResolved(page, '北京市');
  // The first load reset the old release's state…
  let cookies = await context.cookies(url);
  expect(cookies.find((c) => c.name === 'leftover')).toBeUndefined();
  const version = cookies.find((c) => c.name === 'webVersion');
  expect(version?.value).toBe('1.0.13');
  const lifetime = (version?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(399 * DAY);
  expect(lifetime).toBeLessThanOrEqual(400 * DAY + 60);

  // …and a browser on the current version keeps its state.
  await page.evaluate(() => {
    localStorage.setItem('kept', '1');
    sessionStorage.setItem('keptToo', '1');
  });
  await context.addCookies([{ name: 'keptCookie', value: '1', url }]);
  await page.reload();
  await cityResolved(page, '北京市');
  expect(await page.evaluate(() => [localStorage.getItem('kept'), sessionStorage.getItem('keptToo')])).toEqual([
    '1',
    '1',
  ]);
  cookies = await context.cookies(url);
  expect(cookies.find((c) => c.name === 'keptCookie')).toBeDefined();

  // A version change (a new release) wipes all of it.
  await context.addCookies([{ name: 'webVersion', value: '1.0.12', url }]);
  await page.reload();
  await cityResolved(page, '北京市');
  expect(await page.evaluate(() => [localStorage.getItem('kept'), sessionStorage.getItem('keptToo')])).toEqual([
    null,
    null,
  ]);
  cookies = await context.cookies(url);
  expect(cookies.find((c) => c.name === 'keptCookie')).toBeUndefined();
  expect(cookies.find((c) => c.name === 'webVersion')?.value).toBe('1.0.13');
});

test('the unique id is fetched at start when its cookie is missing, and kept 400 days', async ({
  page,
  context,
  baseURL,
}) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/anon/user/getUniqueId')) calls.push(r.method());
  });
  await page.goto('/city/beijing');
  await expect
    .poll(async () => (await context.cookies(baseURL)).find((c) => c.name === 'Authentication-uniqueId'))
    .toBeDefined();
  const cookie = (await context.cookies(baseURL)).find((c) => c.name === 'Authentication-uniqueId');
  expect(cookie?.value.length).toBeGreaterThanOrEqual(16);
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(399 * DAY);
  expect(calls).toEqual(['POST']);

  // With the cookie present, the next visit does not ask again.
  await page.reload();
  await cityResolved(page, '北京市');
  await page.waitForTimeout(300);
  expect(calls).toEqual(['POST']);
  expect((await context.cookies(baseURL)).find((c) => c.name === 'Authentication-uniqueId')?.value).toBe(cookie?.value);
});
