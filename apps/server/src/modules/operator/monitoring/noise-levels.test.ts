import { chinaTime } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import { type NoiseRow, noisePoints } from './noise-levels';

const row = (factor: string, t: number, value: number | null, extra: Partial<NoiseRow> = {}): NoiseRow => ({
  factor,
  t,
  value,
  flag: null,
  invalid: 0,
  valid: 1,
  ...extra,
});

describe('noisePoints', () => {
  it('judges the hour labelled 22:00 by the day limit and the one labelled 23:00 by the night limit', () => {
    const points = noisePoints(
      [row('LA', chinaTime(2024, 5, 10, 22), 50), row('LA', chinaTime(2024, 5, 10, 23), 50)],
      '1',
      'hour',
    );
    expect(points.map((p) => [p.periodName, p.limit, p.exceedance])).toEqual([
      ['昼间', 55, null],
      ['夜间', 45, 5],
    ]);
  });

  it('counts a minute stamped 06:00:00 in the night it ends', () => {
    const [point] = noisePoints([row('LA', chinaTime(2024, 5, 10, 6), 47.04)], '1', 'minute');
    expect(point).toMatchObject({ period: 'night', limit: 45, value: 47, exceedance: 2 });
  });

  it('judges LAeq when there is one, and never an invalid value', () => {
    const t = chinaTime(2024, 5, 10, 3);
    const [both] = noisePoints([row('LA', t, 60), row('LAeq', t, 44)], '1', 'hour');
    expect(both).toMatchObject({ LA: 60, LAeq: 44, value: 44, exceedance: null });
    const [thin] = noisePoints([row('LA', t, 60, { valid: 0 })], '1', 'hour');
    expect(thin).toMatchObject({ valid: false, exceedance: null });
    const [marked] = noisePoints([row('LA', t, 60, { invalid: 1 })], '1', 'hour');
    expect(marked).toMatchObject({ valid: false, exceedance: null });
    const [fault] = noisePoints([row('LA', t, 60, { flag: 'D' })], '1', 'minute');
    expect(fault).toMatchObject({ valid: false, exceedance: null });
  });
});
