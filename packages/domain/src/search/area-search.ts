/**
 * City and district search (spec §5 "Search"): pure, no I/O, no pinyin library. The browser runs it on the
 * city list from the API and the server can run it on @lantian/areas; both carry precomputed pinyin, so the
 * same code gives the same answer in both places.
 *
 * What matches:
 * - Chinese input: a substring of the area name (`北京`, `朝阳`, `门`), or of a Chinese alias (`台北`).
 * - Latin input: a substring of the area's lower-case pinyin (`bei`, `jing`, `xiam`), a prefix of its initials
 *   (`cq` → 重庆), or a substring of an alias (`harbin`, `hongkong`). Spaces, apostrophes and case are
 *   ignored (`Xi'an` = `xian`); ü may be typed as `v`, `u:` or `ü`, and `lu` also finds `lv` (绿春, 吕梁).
 * - Digits only: a prefix of the area code (`4201` → 武汉 and its districts).
 *
 * The spec phrases the rule as "substring of the lowercase pinyin of the input text": the original converted
 * what was typed into pinyin. Converting Chinese *input* is not needed here: a Chinese query is matched against
 * the names directly, which finds the same areas except for a homophone typed by mistake (夏门 for 厦门), and
 * an input method hardly ever produces that. It would cost a pinyin dictionary of several hundred kilobytes in
 * the browser.
 *
 * Ranking, best first: exact (name, pinyin, alias or code) → name (or code) prefix → pinyin/initials/alias prefix →
 * substring. Within each tier: province-level codes (XX0000: 北京, 上海, 河北省…) → other cities (code ends
 * in 00) → counties; then the shorter name; then the lower code. So `bj` lists 北京 before 宝鸡 and 毕节, and
 * `chaoyang` lists 朝阳市 before the three 朝阳区/县.
 */

/** What the search needs of an area. The API's city-list entries and @lantian/areas' `toCityListEntry` fit. */
export interface SearchableArea {
  readonly areaCode: string;
  readonly areaName: string;
  /** Toneless lower-case pinyin without separators, `v` for ü (`chongqing`, `lvliang`). */
  readonly pinyin: string;
  /** First letters of the syllables (`cq`). */
  readonly initials: string;
  /** Exonyms and other names (`harbin`, `台北`). */
  readonly aliases?: readonly string[];
}

export type AreaMatch = 'exact' | 'namePrefix' | 'pinyinPrefix' | 'substring';
const TIERS: readonly AreaMatch[] = ['exact', 'namePrefix', 'pinyinPrefix', 'substring'];

export interface AreaSearchOptions {
  /** Only cities by the spec's rule (§2): code ends in `00` after the fourth character. Provinces pass too. */
  citiesOnly?: boolean;
  /** At most this many results (the best ones). */
  limit?: number;
}

export interface AreaSearchHit<T> {
  area: T;
  match: AreaMatch;
}

export type AreaQuery =
  | { kind: 'empty' }
  | { kind: 'han'; text: string }
  | { kind: 'latin'; text: string }
  | { kind: 'code'; text: string };

export interface AreaSearch<T extends SearchableArea> {
  /** Number of indexed areas. */
  readonly size: number;
  /** Matching areas, best first; empty for empty input. */
  search(text: string, options?: AreaSearchOptions): T[];
  /** Same as `search`, with the kind of match of each result. */
  searchHits(text: string, options?: AreaSearchOptions): AreaSearchHit<T>[];
}

const HAN = /\p{Script=Han}/u;

/** Classifies and cleans what the user typed. */
export function normalizeAreaQuery(text: string): AreaQuery {
  // NFKC folds full-width letters and digits (ＢＥＩ, １１) that Chinese input methods produce.
  const folded = text.normalize('NFKC').toLowerCase();
  if (HAN.test(folded)) {
    const han = folded.replace(/\s+/g, '');
    return { kind: 'han', text: han };
  }
  // NFD splits tone marks off (běijīng → beijing) and ü into u + U+0308, which pinyin input writes as v.
  const latin = folded
    .normalize('NFD')
    .replace(/u\u0308|u:/g, 'v')
    .replace(/[^a-z0-9]/g, '');
  if (latin === '') return { kind: 'empty' };
  return /^\d+$/.test(latin) ? { kind: 'code', text: latin } : { kind: 'latin', text: latin };
}

interface Entry<T> {
  area: T;
  code: string;
  name: string;
  pinyin: string;
  initials: string;
  aliases: readonly AreaQuery[];
}

const isCityCode = (code: string) => /^\d{4}00$/.test(code);
/** Province-level first, then the other cities, then counties. */
const codeClass = (code: string) => (/^\d{2}0000$/.test(code) ? 0 : isCityCode(code) ? 1 : 2);

/** Tier numbers index TIERS; NONE means "no match". */
const EXACT = 0;
const NAME_PREFIX = 1;
const PINYIN_PREFIX = 2;
const SUBSTRING = 3;
const NONE = 4;

/** Separates keys in a haystack; queries and keys never contain it (control characters are dropped). */
const SEPARATOR = '\u0001';
const CONTROL = /\p{Cc}/gu;

/**
 * All keys of one kind concatenated into one string, so that a keystroke costs a handful of `indexOf` calls
 * over ~40 KB instead of one call per area; `fieldAt` maps a position back to its key and so to its area.
 */
class Haystack {
  private readonly text: string;
  private readonly fieldAt: Int32Array;
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly owners: number[] = [];

  constructor(keys: readonly (readonly [owner: number, key: string])[]) {
    let text = '';
    for (const [owner, raw] of keys) {
      const key = raw.replace(CONTROL, '');
      if (key === '') continue;
      text += SEPARATOR;
      this.starts.push(text.length);
      text += key;
      this.ends.push(text.length);
      this.owners.push(owner);
    }
    this.text = text;
    this.fieldAt = new Int32Array(text.length).fill(-1);
    this.starts.forEach((start, field) => {
      this.fieldAt.fill(field, start, this.ends[field]);
    });
  }

  /** Lowers `best[owner]` to the tier of each occurrence of `q`: the whole key, its start, or inside it. */
  scan(q: string, best: Uint8Array, exact: number, prefix: number, inside: number): void {
    for (let at = this.text.indexOf(q); at >= 0; at = this.text.indexOf(q, at + 1)) {
      const field = this.fieldAt[at] ?? -1;
      const owner = this.owners[field];
      if (owner === undefined) continue;
      const tier = at !== this.starts[field] ? inside : at + q.length === this.ends[field] ? exact : prefix;
      if (tier < (best[owner] ?? NONE)) best[owner] = tier;
    }
  }
}

/** Builds the index once (≈3,200 areas: a few milliseconds); a search then allocates only its result. */
export function createAreaSearch<T extends SearchableArea>(areas: readonly T[]): AreaSearch<T> {
  const entries: Entry<T>[] = areas.map((area) => ({
    area,
    code: area.areaCode,
    name: area.areaName,
    pinyin: area.pinyin.toLowerCase(),
    initials: area.initials.toLowerCase(),
    aliases: (area.aliases ?? []).map(normalizeAreaQuery),
  }));
  // The order inside a tier is fixed, so it is sorted once here rather than on every keystroke.
  entries.sort(
    (a, b) =>
      codeClass(a.code) - codeClass(b.code) ||
      a.name.length - b.name.length ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );

  const han: [number, string][] = [];
  const latin: [number, string][] = [];
  const initials: [number, string][] = [];
  const codes: [number, string][] = [];
  entries.forEach((e, i) => {
    han.push([i, e.name]);
    latin.push([i, e.pinyin]);
    // People who type ü as u (吕梁 as luliang) find it too.
    if (e.pinyin.includes('v')) latin.push([i, e.pinyin.replaceAll('v', 'u')]);
    initials.push([i, e.initials]);
    codes.push([i, e.code]);
    for (const alias of e.aliases) {
      if (alias.kind === 'han') han.push([i, alias.text]);
      else if (alias.kind === 'latin') latin.push([i, alias.text]);
    }
  });
  const hanKeys = new Haystack(han);
  const latinKeys = new Haystack(latin);
  const initialKeys = new Haystack(initials);
  const codeKeys = new Haystack(codes);
  const city = entries.map((e) => isCityCode(e.code));
  const best = new Uint8Array(entries.length);

  function searchHits(text: string, options: AreaSearchOptions = {}): AreaSearchHit<T>[] {
    const query = normalizeAreaQuery(text);
    if (query.kind === 'empty') return [];
    const q = query.text.replace(CONTROL, '');
    if (q === '') return [];
    best.fill(NONE);
    if (query.kind === 'han') hanKeys.scan(q, best, EXACT, NAME_PREFIX, SUBSTRING);
    else if (query.kind === 'code') codeKeys.scan(q, best, EXACT, NAME_PREFIX, NONE);
    else {
      latinKeys.scan(q, best, EXACT, PINYIN_PREFIX, SUBSTRING);
      // Initials count from their start only: nobody types the middle of "wlmq".
      initialKeys.scan(q, best, PINYIN_PREFIX, PINYIN_PREFIX, NONE);
    }
    const buckets: T[][] = [[], [], [], []];
    const citiesOnly = options.citiesOnly === true;
    // A plain loop: TypedArray.forEach with a callback costs ten times as much here.
    for (let i = 0; i < best.length; i++) {
      const tier = best[i] ?? NONE;
      if (tier === NONE || (citiesOnly && city[i] !== true)) continue;
      const e = entries[i];
      if (e !== undefined) buckets[tier]?.push(e.area);
    }
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    const hits: AreaSearchHit<T>[] = [];
    for (const [tier, bucket] of buckets.entries()) {
      const match = TIERS[tier] ?? 'substring';
      for (const area of bucket) {
        if (hits.length >= limit) return hits;
        hits.push({ area, match });
      }
    }
    return hits;
  }

  return {
    size: entries.length,
    searchHits,
    search: (text, options) => searchHits(text, options).map((h) => h.area),
  };
}
