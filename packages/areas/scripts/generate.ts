/**
 * `npm run build:areas` (also run by `postinstall` and `build`): writes packages/areas/generated/areas.json.
 * The file is not committed; it is rebuilt from the pinned npm packages in well under a few seconds.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAreas, readPackageInput, serializeAreas } from './build-areas';

const GENERATED_FILE = fileURLToPath(new URL('../generated/areas.json', import.meta.url));

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const started = performance.now();
const file = buildAreas(readPackageInput());
const json = serializeAreas(file);
// Leave an identical file untouched so watchers (vite, tsx watch) do not restart on every install.
const changed = readIfPresent(GENERATED_FILE) !== json;
if (changed) {
  mkdirSync(path.dirname(GENERATED_FILE), { recursive: true });
  writeFileSync(GENERATED_FILE, json);
}
const { provinces, cities, counties, parentCentreFallbacks } = file.counts;
const kib = (Buffer.byteLength(json) / 1024).toFixed(0);
const ms = (performance.now() - started).toFixed(0);
console.log(
  `areas.json ${changed ? 'written' : 'unchanged'}: ${provinces} provinces, ${cities} cities, ${counties} counties ` +
    `(${parentCentreFallbacks} with the parent's centre), ${kib} KiB, ${ms} ms`,
);
