/**
 * @lantian/areas — every province, city and county of China (GB/T 2260) with short name, pinyin, initials,
 * a unique route slug and a centre. Node-side: the data is `generated/areas.json`, written at install/build
 * time by `npm run build:areas` and read here synchronously, once. Browser code gets the list from the API.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREAS_FILE_VERSION, type Area, type AreaLevel, type AreasFile, type CentreSource } from './types';

export type { Area, AreaLevel, AreasFile, CentreSource };
export { AREAS_FILE_VERSION };

export const MISSING_MESSAGE = 'areas.json missing: run npm run build:areas';

/**
 * Where the generated file may be. Beside the sources when run from the workspace (tsx, vitest); through the
 * package's own resolution when bundled (esbuild inlines this module into apps/server/dist, so a path relative
 * to `import.meta.url` would point into dist/).
 */
function candidateFiles(): string[] {
  const files = [fileURLToPath(new URL('../generated/areas.json', import.meta.url))];
  try {
    const entry = createRequire(import.meta.url).resolve('@lantian/areas');
    files.push(path.join(path.dirname(entry), '..', 'generated', 'areas.json'));
  } catch {
    // Not resolvable (e.g. the package is not linked into node_modules): the first candidate is all we have.
  }
  return [...new Set(files)];
}

function readFirst(files: readonly string[]): string {
  for (const file of files) {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
    }
  }
  throw new Error(`${MISSING_MESSAGE} (looked for ${files.join(', ')})`);
}

const isLevel = (v: unknown): v is AreaLevel => v === 'province' || v === 'city' || v === 'county';
const isCentreSource = (v: unknown): v is CentreSource => v === 'own' || v === 'parent';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field-by-field check of one entry: cheap (≈1 ms for the whole file) and it yields a real `Area`, no cast. */
function parseArea(value: unknown, index: number): Area {
  const fail = (what: string): never => {
    throw new Error(`areas.json: entry ${index} has a bad ${what}; regenerate it with npm run build:areas`);
  };
  if (!isRecord(value)) return fail('shape');
  const { code, name, shortName, level, parentCode, municipality, pinyin, initials, pyName, aliases } = value;
  const { longitude, latitude, centreSource } = value;
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return fail('code');
  if (typeof name !== 'string' || name === '') return fail('name');
  if (typeof shortName !== 'string' || shortName === '') return fail('shortName');
  if (!isLevel(level)) return fail('level');
  if (parentCode !== null && (typeof parentCode !== 'string' || !/^\d{6}$/.test(parentCode))) return fail('parentCode');
  if (typeof municipality !== 'boolean') return fail('municipality');
  if (typeof pinyin !== 'string' || !/^[a-z]+$/.test(pinyin)) return fail('pinyin');
  if (typeof initials !== 'string' || !/^[a-z]+$/.test(initials)) return fail('initials');
  if (typeof pyName !== 'string' || !/^[a-z][a-z0-9]*$/.test(pyName)) return fail('pyName');
  if (!Array.isArray(aliases) || !aliases.every((a): a is string => typeof a === 'string')) return fail('aliases');
  if (typeof longitude !== 'number' || typeof latitude !== 'number') return fail('centre');
  if (!isCentreSource(centreSource)) return fail('centreSource');
  return {
    code,
    name,
    shortName,
    level,
    parentCode,
    municipality,
    pinyin,
    initials,
    pyName,
    aliases,
    longitude,
    latitude,
    centreSource,
  };
}

/** Parses and checks the text of areas.json. Throws a message that says how to fix it. */
export function parseAreasFile(text: string): AreasFile {
  const data: unknown = JSON.parse(text);
  if (!isRecord(data) || data.version !== AREAS_FILE_VERSION) {
    throw new Error(`areas.json is not format version ${AREAS_FILE_VERSION}; regenerate it with npm run build:areas`);
  }
  const { sources, counts, areas } = data;
  if (!isRecord(sources) || !isRecord(counts) || !Array.isArray(areas)) {
    throw new Error('areas.json: bad header; regenerate it with npm run build:areas');
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const num = (v: unknown) => (typeof v === 'number' ? v : -1);
  return {
    version: AREAS_FILE_VERSION,
    sources: {
      divisions: str(sources.divisions),
      divisionsDate: str(sources.divisionsDate),
      centres: str(sources.centres),
      pinyin: str(sources.pinyin),
    },
    counts: {
      provinces: num(counts.provinces),
      cities: num(counts.cities),
      counties: num(counts.counties),
      parentCentreFallbacks: num(counts.parentCentreFallbacks),
    },
    areas: areas.map(parseArea),
  };
}

/** Reads areas.json from `file`, or from where the build writes it. */
export function loadAreasFile(file?: string): AreasFile {
  return parseAreasFile(readFirst(file === undefined ? candidateFiles() : [file]));
}

/** The spec's city rule (§2, §4): a 6-digit code whose 5th–6th characters are `00`. Provinces pass too (110000 is 北京). */
export function isCity(code: string): boolean {
  return /^[1-9]\d{3}00$/.test(code);
}

/**
 * Lookups over one loaded file. Build it with `createAreaDirectory(file)` in tests; production code uses the
 * shared one behind `areaByCode`, `areaByPyName`… which loads the file on first use.
 */
export interface AreaDirectory {
  readonly file: AreasFile;
  /** All areas, sorted by code. */
  readonly all: readonly Area[];
  byCode(code: string): Area | undefined;
  /** Route slug lookup (`beijing`, `taizhoushi`); case-insensitive. */
  byPyName(pyName: string): Area | undefined;
  /** A route parameter: an area code or a pyName (spec §2, "the lowercase pinyin name of the city, or an area code"). */
  resolve(param: string): Area | undefined;
  /** Direct children, sorted by code: cities of a province, counties of a city, districts of a municipality. */
  childrenOf(code: string): readonly Area[];
  parentOf(code: string): Area | undefined;
  /** The product's city list: prefecture-level units and the four municipalities (337), sorted by code. */
  cities(): readonly Area[];
}

export function createAreaDirectory(file: AreasFile): AreaDirectory {
  const byCode = new Map<string, Area>();
  const byPyName = new Map<string, Area>();
  const children = new Map<string, Area[]>();
  for (const area of file.areas) {
    byCode.set(area.code, area);
    if (byPyName.has(area.pyName)) throw new Error(`areas.json: pyName ${area.pyName} is used twice; regenerate it`);
    byPyName.set(area.pyName, area);
    if (area.parentCode !== null) {
      const list = children.get(area.parentCode) ?? [];
      list.push(area);
      children.set(area.parentCode, list);
    }
  }
  const cities = file.areas.filter((a) => a.level === 'city' || a.municipality);
  const none: readonly Area[] = [];
  return {
    file,
    all: file.areas,
    byCode: (code) => byCode.get(code),
    byPyName: (pyName) => byPyName.get(pyName.toLowerCase()),
    resolve: (param) => (/^\d{6}$/.test(param) ? byCode.get(param) : byPyName.get(param.toLowerCase())),
    childrenOf: (code) => children.get(code) ?? none,
    parentOf: (code) => {
      const parentCode = byCode.get(code)?.parentCode;
      return parentCode === null || parentCode === undefined ? undefined : byCode.get(parentCode);
    },
    cities: () => cities,
  };
}

let shared: AreaDirectory | undefined;

/** The directory over the generated file, loaded on first call (synchronously, once per process). */
export function areaDirectory(): AreaDirectory {
  shared ??= createAreaDirectory(loadAreasFile());
  return shared;
}

export const allAreas = (): readonly Area[] => areaDirectory().all;
export const areaByCode = (code: string): Area | undefined => areaDirectory().byCode(code);
export const areaByPyName = (pyName: string): Area | undefined => areaDirectory().byPyName(pyName);
export const resolveArea = (param: string): Area | undefined => areaDirectory().resolve(param);
export const childrenOf = (code: string): readonly Area[] => areaDirectory().childrenOf(code);
export const parentOf = (code: string): Area | undefined => areaDirectory().parentOf(code);
export const listCities = (): readonly Area[] => areaDirectory().cities();

/**
 * The spec's "city or district list entry" (§3) plus the precomputed search keys the browser needs, since it
 * has no pinyin library. `areaType` follows the spec's type rule (§4: 3 when the code ends in 00, otherwise 2);
 * `regionCode` is the parent's code (the province for a city, the city for a county), the area's own code
 * for a province.
 */
export interface CityListEntry {
  areaCode: string;
  areaName: string;
  areaType: 2 | 3;
  pyName: string;
  regionCode: string;
  longitude: number;
  latitude: number;
  pinyin: string;
  initials: string;
  aliases: string[];
}

export function toCityListEntry(area: Area): CityListEntry {
  return {
    areaCode: area.code,
    areaName: area.name,
    areaType: isCity(area.code) ? 3 : 2,
    pyName: area.pyName,
    regionCode: area.parentCode ?? area.code,
    longitude: area.longitude,
    latitude: area.latitude,
    pinyin: area.pinyin,
    initials: area.initials,
    aliases: area.aliases,
  };
}
