import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the shared real-data files live (GUIDE §6): $LANTIAN_SHARED_DIR, else `shared/` beside the
 * repository. For realdata tests and benchmarks only; the product never reads them.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

export function sharedDir(env: Record<string, string | undefined> = process.env): string {
  const fromEnv = env.LANTIAN_SHARED_DIR?.trim();
  return fromEnv === undefined || fromEnv === '' ? path.resolve(repoRoot, '..', 'shared') : path.resolve(fromEnv);
}

/** The national hour of 2018-02-20 07:00 used by the QC and AQI tests. */
export const SHARED_CNEMC_HOUR = 'data/cnemc/stations-2018-02-20T07.geojson';

/** Absolute path of a shared file, or null when it is not there. */
export function sharedFile(relative: string): string | null {
  const file = path.join(sharedDir(), relative);
  return existsSync(file) ? file : null;
}
