import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { HJ212_PORT } from './tests/platform-support';
import { WEATHER_INBOX } from './tests/weather-sources-support';

/**
 * Real Chromium (Debian's /usr/bin/chromium, no downloaded browser) against the real built server.
 * Unless E2E_BASE_URL points at a running server, Playwright starts `apps/server/dist/server.js`
 * itself on a fresh SQLite file (run `npm run build` first).
 */
const port = Number(process.env.E2E_PORT ?? 18_080);
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${port}`;
const json = process.env.E2E_JSON;
const dbFile = path.join(os.tmpdir(), `lantian-e2e-${process.pid}.db`);

export default defineConfig({
  testDir: 'tests',
  globalSetup: './global-setup.ts',
  outputDir: 'test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: json === undefined ? [['list']] : [['list'], ['json', { outputFile: json }]],
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without the background-networking switches Chromium keeps dialing Google on a closed network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer:
    external === undefined
      ? {
          command: 'node apps/server/dist/server.js',
          cwd: path.resolve(import.meta.dirname, '..'),
          url: `${baseURL}/readyz`,
          timeout: 60_000,
          reuseExistingServer: false,
          env: {
            // Stated: an unset NODE_ENV is production, which refuses the test-only settings below and
            // sets Secure `__Host-` cookies (Chromium keeps those on http://localhost only, not on 127.0.0.1).
            NODE_ENV: 'development',
            PORT: String(port),
            HOST: '127.0.0.1',
            DATABASE_URL: `sqlite:${dbFile}`,
            LOG_LEVEL: 'warn',
            HJ212_PORT: String(HJ212_PORT),
            HJ212_HOST: '127.0.0.1',

            // 35 days covers the 30-day trends; the seed takes a fraction of a minute.
            DEMO_HISTORY_DAYS: '35',
            // Test-only account settings (refused when NODE_ENV=production); e2e/tests/account-support.ts reads the same values.
            SMS_PROVIDER: `file:${process.env.E2E_SMS_OUTBOX ?? path.join(os.tmpdir(), 'lantian-e2e-sms.jsonl')}`,
            TEST_CAPTCHA_TEXT: 'K7XP',
            TEST_PUZZLE_X: '150',
            // The first admin's password (e2e/tests/platform-support.ts reads the same value), and a
            // short session poll so that "the open session ends within one poll" takes seconds.
            PLATFORM_ADMIN_PASSWORD: 'Admin#2026pw',
            PLATFORM_SESSION_POLL_SECONDS: '3',
            // Every spec's browser calls from 127.0.0.1: the real request budgets, sized for a whole suite.
            RATE_LIMIT_PUBLIC_MAX: '100000',
            RATE_LIMIT_OPERATOR_MAX: '100000',
            // Every spec signs in from 127.0.0.1: more than the 30 sign-ins an address may make in 15 minutes.
            PLATFORM_SIGNIN_MAX_PER_ADDRESS: '1000',
            SHORT_URL_RATE_LIMIT_MAX: '10000',
            // The weather-sources spec drops real-format files here; the server looks every 2 s.
            WEATHER_SOURCES_INBOX: WEATHER_INBOX,
            WEATHER_SOURCES_INBOX_SECONDS: '2',
          },
        }
      : undefined,
});
