// Adds up the test totals of every JSON report in a folder (Vitest and Playwright formats) and
// prints them as the last line, "N passed, N failed". A step that failed without a report of failed
// tests (typecheck, lint, build) counts as one failure. Exits non-zero when anything failed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, ...failedSteps] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  let p = 0;
  let f = 0;
  let s = 0;
  if (typeof report.numPassedTests === 'number') {
    p = report.numPassedTests;
    f = report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? 1 : 0);
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } else if (report.stats !== undefined) {
    p = report.stats.expected + (report.stats.flaky ?? 0);
    f = report.stats.unexpected + (report.errors?.length ?? 0);
    s = report.stats.skipped ?? 0;
  }
  console.log(`${file.padEnd(16)} ${p} passed, ${f} failed, ${s} skipped`);
  passed += p;
  failed += f;
  skipped += s;
}

// Steps whose failure already shows as failed tests are not counted twice.
const testSteps =
  failedSteps.length > 0 && failed > 0 ? failedSteps.filter((s) => !/tests|check/.test(s)) : failedSteps;
for (const step of testSteps) console.log(`failed step: ${step}`);
failed += testSteps.length;
if (passed === 0) {
  console.log('no test ran');
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
