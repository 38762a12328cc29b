/**
 * Pinyin of Chinese place names: pinyin-pro for context-aware defaults, then the override table.
 * Build-time only: the browser never loads pinyin-pro, it receives the precomputed pinyin with the area list.
 */
import { pinyin } from 'pinyin-pro';
import { PINYIN_OVERRIDES } from './pinyin-overrides';

const HAN = /^\p{Script=Han}+$/u;

/** Overrides as syllable arrays, checked once so that a malformed entry fails the build, not a lookup. */
const OVERRIDES: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(PINYIN_OVERRIDES).map(([word, reading]) => {
    const syllables = reading.split(' ');
    if (syllables.length !== [...word].length || !syllables.every((s) => /^[a-z]+$/.test(s))) {
      throw new Error(`pinyin override ${word} → "${reading}": need one toneless syllable per character`);
    }
    return [word, syllables] as const;
  }),
);
const LONGEST_OVERRIDE = Math.max(...[...OVERRIDES.keys()].map((w) => [...w].length));

/** Toneless syllables of a Han-only text, one per character, with place-name overrides applied. */
export function placePinyinSyllables(text: string): string[] {
  if (!HAN.test(text)) throw new Error(`placePinyin: expected Chinese characters only, got "${text}"`);
  const chars = [...text];
  const syllables = pinyin(text, { type: 'array', toneType: 'none', v: true });
  if (syllables.length !== chars.length)
    throw new Error(`placePinyin: pinyin-pro returned ${syllables.length} syllables for "${text}"`);
  for (let i = 0; i < chars.length; ) {
    let applied = 0;
    for (let len = Math.min(LONGEST_OVERRIDE, chars.length - i); len > 0 && applied === 0; len--) {
      const reading = OVERRIDES.get(chars.slice(i, i + len).join(''));
      if (reading === undefined) continue;
      syllables.splice(i, len, ...reading);
      applied = len;
    }
    i += Math.max(applied, 1);
  }
  return syllables;
}

/** `成都` → `chengdu`. */
export function placePinyin(text: string): string {
  return placePinyinSyllables(text).join('');
}

/** `重庆` → `cq`. */
export function placeInitials(text: string): string {
  return placePinyinSyllables(text)
    .map((s) => s.charAt(0))
    .join('');
}

/** Which override keys apply somewhere in `text` (for reports and tests). */
export function overridesUsedIn(text: string): string[] {
  return [...OVERRIDES.keys()].filter((word) => text.includes(word));
}
