/**
 * City search (packages/domain/src/search) over every area of @lantian/areas, as the browser runs it on each
 * keystroke: latency per typical input, and the one-off costs of loading the list and building the index.
 */
import { allAreas, loadAreasFile, toCityListEntry } from '@lantian/areas';
import { createAreaSearch } from '@lantian/domain';
import type { BenchResult } from './index';
import { latency } from './measure';

const KEYSTROKES = ['b', 'bei', 'beij', '北', '北京', 'cq', 'xiam', 'harbin', 'zzz'];

/** Median wall time of `fn` over `runs` calls, in milliseconds. */
function medianMs(fn: () => unknown, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  results.push({
    name: 'load + validate areas.json',
    value: medianMs(() => loadAreasFile(), 20),
    unit: 'ms',
  });

  const entries = allAreas().map(toCityListEntry);
  results.push({
    name: `build index (${entries.length} areas)`,
    value: medianMs(() => createAreaSearch(entries), 50),
    unit: 'ms',
  });

  const index = createAreaSearch(entries);
  for (const text of KEYSTROKES) {
    const found = index.search(text).length;
    for (const r of latency(`search '${text}'`, () => index.search(text), 5000)) {
      results.push({ ...r, note: `${found} results` });
    }
  }
  const cities = index.search('b', { citiesOnly: true }).length;
  for (const r of latency("search 'b' cities only", () => index.search('b', { citiesOnly: true }), 5000)) {
    results.push({ ...r, note: `${cities} results` });
  }
  return results;
}
