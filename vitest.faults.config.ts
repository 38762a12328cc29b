import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the fault suite (apps/server/src/faults/*.fault.test.ts). It starts its
 * own PostgreSQL cluster, Redis and server processes, breaks them under load and checks that every
 * request is answered (2xx or 503) within a bound, that service comes back by itself, and that no
 * write answered as successful is lost; then prints the fault matrix. One file at a time: the
 * timings it asserts must not depend on the other cases' load. With VITEST_JSON set, a JSON report
 * is written there too (CI adds up the totals from it).
 */
const json = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    name: 'faults',
    root: 'apps/server',
    include: ['src/**/*.fault.test.ts'],
    globalSetup: ['src/faults/matrix.setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: json === undefined ? ['default'] : ['default', ['json', { outputFile: json }]],
  },
});
