import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IgraFileError, readIgra, writeIgra } from './igra';

const SAMPLE = readFileSync(path.join(__dirname, 'fixtures/igra2-sample.txt'), 'utf8');

describe('IGRA v2 sounding files', () => {
  it('reads the real records by column, where neighbouring fields run together', () => {
    const soundings = readIgra(SAMPLE);
    expect(soundings.map((s) => [s.igraId, s.levels.length])).toEqual([
      ['USM00072381', 5],
      ['USM00072381', 2],
      ['USM00072357', 1],
    ]);
    const first = soundings[0];
    expect(first?.time).toBe(Date.UTC(2026, 6, 22, 17) / 1000);
    expect(first?.releaseTime).toBe(Date.UTC(2026, 6, 22, 17) / 1000);
    expect(first?.latitude).toBeCloseTo(34.9167, 4);
    expect(first?.longitude).toBeCloseTo(-117.9, 4);
    // "21 -9999  93200B-9999   336B-9999   230   240    46": surface, GPH missing, 33.6 °C, DPDP 23.0.
    expect(first?.levels[0]).toEqual({
      pressure: 932,
      height: null,
      temperature: 33.6,
      dewpoint: 10.6,
      windDirection: 240,
      windSpeed: 4.6,
    });
    expect(first?.levels[2]).toMatchObject({ pressure: 925, height: 798, temperature: 31.6 });
    // "10 -9999  85000  1480B-9999B-9999": temperature missing, so is the dew point.
    expect(soundings[1]?.levels[1]).toMatchObject({ pressure: 850, height: 1480, temperature: null, dewpoint: null });
    // A release at 23:02 for the 00 UTC ascent was the evening before.
    expect(soundings[2]?.releaseTime).toBe(Date.UTC(2025, 11, 31, 23, 2) / 1000);
  });

  it('writes what it reads', () => {
    const once = readIgra(SAMPLE).map(({ skipped: _, ...s }) => s);
    expect(readIgra(writeIgra(once)).map(({ skipped: _, ...s }) => s)).toEqual(
      once.map((s) => ({ ...s, levels: s.levels.map((l) => ({ ...l })) })),
    );
  });

  const corrupt = (edit: (lines: string[]) => void) => {
    const lines = SAMPLE.split('\n');
    edit(lines);
    return lines.join('\n');
  };
  const failure = (text: string) => {
    try {
      readIgra(text);
    } catch (err) {
      if (err instanceof IgraFileError) return { line: err.line, message: err.message };
      throw err;
    }
    throw new Error('accepted');
  };

  it('refuses a corrupted copy naming the line and the field', () => {
    expect(failure(corrupt((l) => l.splice(3, 1)))).toMatchObject({ line: 6 });
    expect(failure(corrupt((l) => l.splice(3, 1))).message).toContain('声明 5 层');
    expect(failure(corrupt((l) => (l[2] = (l[2] as string).replace('92700', '9x700'))))).toEqual({
      line: 3,
      message: '第 3 行：PRESS（第 10–15 列）应为整数，实为「9x700」',
    });
    expect(failure(corrupt((l) => (l[0] = (l[0] as string).replace(' 07 ', ' 13 '))))).toMatchObject({ line: 1 });
    expect(failure(corrupt((l) => (l[4] = (l[4] as string).slice(0, 40))))).toMatchObject({ line: 5 });
    expect(failure(corrupt((l) => (l[0] = 'USM00072381 2026 07 22 17 1700    5')))).toMatchObject({ line: 1 });
    expect(failure('')).toMatchObject({ line: 1 });
  });
});
