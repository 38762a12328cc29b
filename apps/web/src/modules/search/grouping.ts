import { type AreaSearch, createAreaSearch } from '@lantian/domain';
import type { CityListEntry } from '../city';
import { isCityCode } from '../city/city';

/** The default panel's tabs (spec §2 "Search dropdown"): nationwide by letter (全国) or followed (关注). */
export type SearchTab = 'all' | 'follow';

/** Spec §2 "Search dropdown": the letter index (no I, O, U, V: no pinyin syllable starts with them). */
export const LETTERS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'J',
  'K',
  'L',
  'M',
  'N',
  'P',
  'Q',
  'R',
  'S',
  'T',
  'W',
  'X',
  'Y',
  'Z',
] as const;

export type Letter = (typeof LETTERS)[number];

export interface LetterGroup {
  letter: Letter;
  cities: CityListEntry[];
}

/**
 * The nationwide tab: cities only (code ends in 00 after the fourth character), grouped by the first
 * letter of their pinyin, in pinyin order within a group; every letter of the index has a group, empty
 * when no city starts with it.
 */
export function groupCitiesByInitial(list: readonly CityListEntry[]): LetterGroup[] {
  const groups = new Map<string, CityListEntry[]>(LETTERS.map((l) => [l, []]));
  for (const entry of list) {
    if (!isCityCode(entry.areaCode)) continue;
    const letter = (entry.pinyin || entry.pyName).charAt(0).toUpperCase();
    groups.get(letter)?.push(entry);
  }
  return LETTERS.map((letter) => {
    const cities = groups.get(letter) ?? [];
    cities.sort((a, b) => a.pinyin.localeCompare(b.pinyin) || a.areaCode.localeCompare(b.areaCode));
    return { letter, cities };
  });
}

/** Results shown at most (the best ones: exact, then prefixes, then substrings; cities first). */
export const MAX_RESULTS = 100;

/**
 * City and district search (spec §5): a substring of the name, or of the lowercase pinyin of what was
 * typed — full pinyin (`beijing`, `jing`) or initials (`bj`) — best matches first.
 */
export function createCitySearch(list: readonly CityListEntry[]): AreaSearch<CityListEntry> {
  return createAreaSearch(list);
}

export function searchCities(index: AreaSearch<CityListEntry>, text: string): CityListEntry[] {
  return index.search(text, { limit: MAX_RESULTS });
}
