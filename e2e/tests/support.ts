import path from 'node:path';
import type { Page } from '@playwright/test';

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
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
