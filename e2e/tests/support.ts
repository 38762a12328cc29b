import path from 'node:path';
import { type BrowserContext, expect, type Page } from '@playwright/test';

export const SCREENSHOTS = path.resolve(import.meta.dirname, '..', 'screenshots');

export const VIEWPORTS = {
  phone: { width: 360, height: 760 },
  desktop: { width: 1440, height: 900 },
} as const;

/** Collects console errors and failed requests (a CSP violation shows up here), to assert none. */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

export async function screenshot(page: Page, name: string) {
  // Finite CSS animations are run to their end first: a drawer or dialog caught sliding in hides the
  // screen it should show.
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** The web version the app expects (spec §9); a browser without it starts by clearing its storage. */
export const WEB_VERSION = '1.0.13';

/**
 * Marks the browser as already on this web version, so storage a test prepares (followed cities,
 * session city) survives the version reset of the first load.
 */
export async function primeVersion(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'webVersion', value: WEB_VERSION, url: baseURL ?? 'http://127.0.0.1' }]);
}

/** Local-storage entries written before any page script runs, on every load of the context. */
export async function seedLocalStorage(context: BrowserContext, entries: Record<string, unknown>) {
  await context.addInitScript((items) => {
    if (sessionStorage.getItem('__seeded') !== null) return;
    sessionStorage.setItem('__seeded', '1');
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, JSON.stringify(v));
  }, entries);
}

/** The shell's city search box. */
export function searchBox(page: Page) {
  return page.getByRole('combobox', { name: '搜索城市或区县' });
}

/** The search dropdown (default panel or results). */
export function searchDropdown(page: Page) {
  return page.locator('.lt-search-dropdown');
}

/** Waits until the shell has resolved the current city (its name shows beside the follow star). */
export async function cityResolved(page: Page, name: string) {
  await expect(page.locator('.lt-city-name')).toHaveText(name);
}
