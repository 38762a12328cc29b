import { type AqiLevel, aqiLevel, type IndexKey, LEVELS, pollutantLevel } from '@lantian/domain';

/**
 * Level colours as the page paints them (spec §9: grey, green, yellow, orange, red, purple, maroon).
 * The colour itself is the national one from `@lantian/domain`; what this adds is legibility: text
 * on green or yellow must be dark, on the other colours white, and a pale tint of the colour for
 * large surfaces.
 */

export type { AqiLevel };

/** Clamps anything the server sends to a level 0–6 (unknown levels are grey, never a crash). */
export function asLevel(level: number | null | undefined): AqiLevel {
  if (typeof level !== 'number' || !Number.isInteger(level) || level < 0 || level > 6) return 0;
  return level as AqiLevel;
}

export function levelColor(level: number | null | undefined): string {
  return LEVELS[asLevel(level)].color;
}

export function levelName(level: number | null | undefined): string {
  return LEVELS[asLevel(level)].name;
}

/** Text colour readable on the level colour. */
export function levelInk(level: number | null | undefined): string {
  const l = asLevel(level);
  return l === 1 || l === 2 ? '#1f2329' : '#ffffff';
}

/**
 * A darker shade of the level colour for text on white (pure yellow text on white is unreadable).
 * Contrast ≥ 4.5:1 against white for every level.
 */
const LEVEL_TEXT: Readonly<Record<AqiLevel, string>> = {
  0: '#646a73',
  1: '#1a7f37',
  2: '#8a6d00',
  3: '#b35900',
  4: '#d40000',
  5: '#99004c',
  6: '#7e0023',
};

export function levelText(level: number | null | undefined): string {
  return LEVEL_TEXT[asLevel(level)];
}

/** The level colour at `alpha` opacity (0–1), for tinted backgrounds. */
export function levelTint(level: number | null | undefined, alpha: number): string {
  const hex = levelColor(level).replace('#', '');
  const a = Math.round(Math.min(1, Math.max(0, alpha)) * 255)
    .toString(16)
    .padStart(2, '0');
  return `#${hex}${a}`;
}

/** Level of a value of any index key; 'DAY' for daily means (spec §9 accumulated variants). */
export function valueLevel(key: IndexKey, value: number | null | undefined, period: 'HOUR' | 'DAY'): AqiLevel {
  return key === 'aqi' ? aqiLevel(value) : pollutantLevel(key, value, period);
}

/** The AQI scale (spec §9 breaks) as segments, for legends and the position bar. */
export const AQI_SCALE: readonly { level: AqiLevel; from: number; to: number }[] = [
  { level: 1, from: 0, to: 50 },
  { level: 2, from: 50, to: 100 },
  { level: 3, from: 100, to: 150 },
  { level: 4, from: 150, to: 200 },
  { level: 5, from: 200, to: 300 },
  { level: 6, from: 300, to: 500 },
];
