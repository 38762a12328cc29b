import { defineConfig } from 'vitest/config';

/**
 * One Vitest run over every package. `npm test` needs nothing beyond `npm install`: tests that need
 * PostgreSQL or Redis skip unless TEST_DATABASE_URL / TEST_REDIS_URL are set (CI sets them), and
 * tests that read ../shared live in *.realdata.test.ts, run only by `npm run test:realdata`.
 * With VITEST_JSON set, a JSON report is written there too (CI adds up the totals from it).
 */
const json = process.env.VITEST_JSON;
const realdata = process.env.LANTIAN_REALDATA === '1';
const include = realdata ? ['src/**/*.realdata.test.ts'] : ['src/**/*.test.ts', 'scripts/**/*.test.ts'];
// The fault suite (*.fault.test.ts) breaks databases and servers on purpose: `npm run test:faults` only.
const exclude = realdata ? ['**/*.fault.test.ts'] : ['**/*.realdata.test.ts', '**/*.fault.test.ts'];

export default defineConfig({
  test: {
    passWithNoTests: true,
    reporters: json === undefined ? ['default'] : ['default', ['json', { outputFile: json }]],
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include, exclude } },
      { test: { name: 'contracts', root: 'packages/contracts', include, exclude } },
      { test: { name: 'areas', root: 'packages/areas', include, exclude } },
      // Pure logic of the web apps (matching, formatting, storage rules); screens are tested in e2e/.
      { test: { name: 'web', root: 'apps/web', include, exclude } },
      { test: { name: 'console', root: 'apps/console', include, exclude } },
      // Repository tooling: the layering check's rules on made-up trees.
      { test: { name: 'tooling', root: 'scripts', include: realdata ? [] : ['**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include,
          exclude,
          env: { NODE_ENV: 'test' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
