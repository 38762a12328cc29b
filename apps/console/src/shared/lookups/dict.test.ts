import type { DictItem } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { dictLabel, dictOptions, factorUnit } from './dict';

const item = (value: string, label: string, extra: Record<string, string> = {}): DictItem => ({
  value,
  label,
  sort: 0,
  enabled: true,
  extra,
});
const FACTORS = [item('a34004', 'PM2.5', { unit: 'μg/m³' }), item('LA', '噪声（A 声级）', { unit: 'dB(A)' })];

describe('dictionary lookups', () => {
  it('makes select options, with the code when asked', () => {
    expect(dictOptions(FACTORS)).toEqual([
      { value: 'a34004', label: 'PM2.5' },
      { value: 'LA', label: '噪声（A 声级）' },
    ]);
    expect(dictOptions(FACTORS, true)[0]?.label).toBe('PM2.5（a34004）');
    expect(dictOptions(undefined)).toEqual([]);
  });

  it('names a code, falling back to the code itself', () => {
    expect(dictLabel(FACTORS, 'LA')).toBe('噪声（A 声级）');
    expect(dictLabel(FACTORS, 'w01001')).toBe('w01001');
    expect(dictLabel(FACTORS, null)).toBe('');
  });

  it('reads a factor’s unit', () => {
    expect(factorUnit(FACTORS, 'a34004')).toBe('μg/m³');
    expect(factorUnit(FACTORS, 'x')).toBe('');
  });
});
