import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the shared real-data files live (GUIDE §6): $LANTIAN_SHARED_DIR, else `shared/` beside the
 * repository. For realdata tests and benchmarks only; the product never reads them.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

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

/** A published concentration as the tests read it, independently of the importer. */
function published(text: string | undefined): number | null {
  return text === undefined || text === '' || text === '-;' ? null : Number(text);
}

/**
 * The stations of one city in a national GeoJSON release, as the domain's city rule takes them
 * (current-hour values; O3 from `o3_24h`, GUIDE §6): what the real-data tests compare the importer
 * and the API against.
 */
export function releaseStationsOf(geojson: string, cityName: string) {
  const release = JSON.parse(geojson) as { features: { properties: Record<string, string> }[] };
  return release.features
    .map((f) => f.properties)
    .filter((p) => p.area === cityName)
    .map((p) => ({
      name: p.positionname ?? '',
      values: {
        pm2_5: published(p.pm2_5),
        pm10: published(p.pm10),
        so2: published(p.so2),
        no2: published(p.no2),
        co: published(p.co),
        o3: published(p.o3_24h),
        so2_24h: published(p.so2_24h),
      },
    }));
}
