import { expect } from 'vitest';
import {
  ANSWER_BOUND_MS,
  isReady,
  Load,
  type MatrixRow,
  matrixRow,
  recordRow,
  type Sample,
  sleep,
  until,
} from './harness';

/**
 * One fault under load, with the assertions every case shares:
 *
 * - while the fault lasts, every request is answered within ANSWER_BOUND_MS with 2xx/3xx or the
 *   503 envelope (code, msg, Retry-After) — no 500, no hang; `refused` only where the case kills the
 *   server itself;
 * - the server recovers by itself: /readyz answers 200 within 30 s of the fault's end, and then a
 *   stretch of load is answered 2xx only;
 * - every write answered as successful is in the database (`stored` returns the urls found).
 */
export interface Scenario {
  fault: string;
  base: () => string;
  /** Causes the fault and ends it; resolves when the fault is over (the dependency is back). */
  inject: () => Promise<void>;
  /** Of the given urls, those the database holds. */
  stored: (urls: readonly string[]) => Promise<Set<string>>;
  /** The server is expected to be unreachable for a while (it was killed on purpose). */
  refusedAllowed?: boolean;
  /** At least one request must have been answered 503 while the fault lasted. */
  expect503?: boolean;
  /** Checked when all is over: no crash. */
  alive?: () => boolean;
}

function explain(samples: readonly Sample[]): string {
  return samples
    .slice(0, 5)
    .map((s) => `${s.kind} ${s.status} ${s.ms}ms ${s.detail ?? ''}`)
    .join('\n');
}

export async function runScenario(
  scenario: Scenario,
): Promise<{ row: MatrixRow; samples: readonly Sample[]; faultStart: number }> {
  const load = new Load(scenario.base, scenario.fault.replace(/\W+/g, '_'));
  load.start();
  await sleep(1_500);
  const faultStart = Date.now();
  try {
    await scenario.inject();
  } catch (err) {
    await load.stop();
    throw err;
  }
  let recoveredMs: number | string;
  try {
    recoveredMs = await until(() => isReady(scenario.base()), 30_000, `${scenario.fault}: /readyz back to 200`);
  } catch (err) {
    await load.stop();
    throw err;
  }
  // Connections broken by the fault are found and replaced on first use: give that a moment.
  await sleep(1_000);
  const tailStart = Date.now();
  await sleep(2_000);
  await load.stop();

  const during = load.between(faultStart, tailStart);
  const tail = load.samples.filter((s) => s.at >= tailStart);
  const bad = load.samples.filter(
    (s) => s.outcome === 'other' || (s.outcome === 'refused' && !scenario.refusedAllowed),
  );
  const urls = [...load.written.keys()];
  const found = await scenario.stored(urls);
  const missing = urls.filter((u) => !found.has(u));
  const row = matrixRow(scenario.fault, load.samples, recoveredMs, found.size);
  recordRow(row);

  expect(bad, `answers that were neither 2xx nor a 503 envelope:\n${explain(bad)}`).toEqual([]);
  const slow = load.samples.filter((s) => s.ms > ANSWER_BOUND_MS);
  expect(slow, `answers slower than ${ANSWER_BOUND_MS} ms:\n${explain(slow)}`).toEqual([]);
  if (scenario.expect503 ?? true) {
    expect(
      during.some((s) => s.outcome === '503' || s.outcome === 'refused'),
      'the fault was felt',
    ).toBe(true);
  }
  expect(tail.length).toBeGreaterThan(10);
  const tailBad = tail.filter((s) => s.outcome !== '2xx');
  expect(tailBad, `after recovery, answers that were not 2xx:\n${explain(tailBad)}`).toEqual([]);
  expect(missing, 'writes answered as successful but not in the database').toEqual([]);
  expect(load.written.size).toBeGreaterThan(10);
  if (scenario.alive !== undefined) expect(scenario.alive(), 'the server is still running').toBe(true);
  return { row, samples: load.samples, faultStart };
}
