/**
 * `npm run bench`: runs every benchmark in this folder (each file exports `run(): Promise<BenchResult[]>`)
 * and prints one table, plus JSON with --json. Benchmarks measure; they never assert.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  note?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const all: BenchResult[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { run: () => Promise<BenchResult[]> };
  const results = await mod.run();
  for (const r of results) {
    all.push(r);
    console.log(
      `${file.replace('.bench.ts', '').padEnd(14)} ${r.name.padEnd(48)} ${r.value.toLocaleString('en-US', { maximumFractionDigits: 3 }).padStart(16)} ${r.unit}${r.note ? `  (${r.note})` : ''}`,
    );
  }
}
if (process.argv.includes('--json')) console.log(JSON.stringify(all));
