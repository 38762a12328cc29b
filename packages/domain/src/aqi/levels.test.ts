import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AVERAGING_PERIODS } from './breakpoints';
import { iaqi } from './iaqi';
import {
  AQI_LEVEL_BREAKS,
  type AqiLevel,
  aqiLevel,
  aqiLevelInfo,
  asAqiLevel,
  LEVELS,
  levelBreaks,
  levelByName,
  levelFromBreaks,
  pollutantLevel,
} from './levels';
import { INDEX_KEYS, POLLUTANT_KEYS } from './pollutants';

describe('AQI levels', () => {
  it.each([
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
    [-1, 0],
    [0, 0],
    [1, 1],
    [49, 1],
    [50, 1],
    [51, 2],
    [99, 2],
    [100, 2],
    [101, 3],
    [149, 3],
    [150, 3],
    [151, 4],
    [199, 4],
    [200, 4],
    [201, 5],
    [299, 5],
    [300, 5],
    [301, 6],
    [399, 6],
    [400, 6],
    [401, 6],
    [500, 6],
  ] as const)('AQI %s is level %i', (aqi, level) => {
    expect(aqiLevel(aqi)).toBe(level);
  });

  it('names and colours the levels as the spec and CNEMC do', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((l) => LEVELS[l as AqiLevel].name)).toEqual([
      '未知',
      '优',
      '良',
      '轻度污染',
      '中度污染',
      '重度污染',
      '严重污染',
    ]);
    expect([1, 2, 3, 4, 5, 6].map((l) => LEVELS[l as AqiLevel].color)).toEqual([
      '#00e400',
      '#ffff00',
      '#ff7e00',
      '#ff0000',
      '#99004c',
      '#7e0023',
    ]);
    expect(aqiLevelInfo(54)).toMatchObject({ level: 2, name: '良', grade: '二级', aqiRange: [51, 100] });
    expect(levelByName('轻度污染')).toBe(3);
    expect(levelByName('-;')).toBeUndefined();
  });

  it('uses the spec breaks 0, 50, 100, 150, 200, 300, 400', () => {
    expect(AQI_LEVEL_BREAKS).toEqual([0, 50, 100, 150, 200, 300, 400]);
  });
});

describe('pollutant levels (spec §9 tables)', () => {
  it('picks the spec tables', () => {
    expect(levelBreaks('pm2_5', 'HOUR')).toEqual([0, 35, 75, 115, 150, 250, 350]);
    expect(levelBreaks('pm10', 'DAY')).toEqual([0, 50, 150, 250, 350, 420, 500]);
    expect(levelBreaks('so2', 'HOUR')).toEqual([0, 150, 500, 650, 800, 1600, 2100]);
    expect(levelBreaks('so2', 'DAY')).toEqual([0, 50, 150, 475, 800, 1600, 2100]);
    expect(levelBreaks('no2', 'HOUR')).toEqual([0, 100, 200, 700, 1200, 2340, 3090]);
    expect(levelBreaks('no2', 'DAY')).toEqual([0, 40, 80, 180, 280, 565, 750]);
    expect(levelBreaks('o3', 'HOUR')).toEqual([0, 160, 200, 300, 400, 800, 1000]);
    expect(levelBreaks('o3', 'DAY')).toEqual([0, 160, 200, 300, 400, 800, 1000]);
    expect(levelBreaks('o3_8h', 'HOUR')).toEqual([0, 100, 160, 215, 265, 800, 1000]);
    expect(levelBreaks('o3_8h', 'DAY')).toEqual([0, 100, 160, 215, 265, 800, 1000]);
    expect(levelBreaks('co', 'HOUR')).toEqual([0, 5, 10, 35, 60, 90, 120]);
    expect(levelBreaks('co', 'DAY')).toEqual([0, 2, 4, 14, 24, 36, 48]);
    expect(levelBreaks('aqi', 'DAY')).toEqual(AQI_LEVEL_BREAKS);
  });

  const tables = AVERAGING_PERIODS.flatMap((period) => INDEX_KEYS.map((key) => ({ key, period })));

  it.each(tables)('$key $period: every break and ±1 step (CO ±0.1) around it', ({ key, period }) => {
    const breaks = levelBreaks(key, period);
    const step = key === 'co' ? 0.1 : 1;
    for (let i = 1; i <= 5; i++) {
      const b = breaks[i] ?? 0;
      expect(pollutantLevel(key, b, period)).toBe(i);
      expect(pollutantLevel(key, b - step, period)).toBe(i);
      expect(pollutantLevel(key, b + step, period)).toBe(i + 1);
      expect(pollutantLevel(key, b + 1e-6, period)).toBe(i + 1);
    }
    const top = breaks[6];
    expect(pollutantLevel(key, top - step, period)).toBe(6);
    expect(pollutantLevel(key, top, period)).toBe(6);
    expect(pollutantLevel(key, top + step, period)).toBe(6);
    expect(pollutantLevel(key, 0, period)).toBe(0);
    expect(pollutantLevel(key, step, period)).toBe(1);
    expect(pollutantLevel(key, null, period)).toBe(0);
  });

  it('defaults to the real-time tables', () => {
    expect(pollutantLevel('so2', 151)).toBe(2);
    expect(pollutantLevel('so2', 151, 'DAY')).toBe(3);
  });

  it('gives a published concentration the level of its IAQI wherever the standard has one (property)', () => {
    const pairs = AVERAGING_PERIODS.flatMap((period) => POLLUTANT_KEYS.map((key) => ({ key, period })));
    fc.assert(
      fc.property(fc.constantFrom(...pairs), fc.nat(5000), ({ key, period }, n) => {
        const c = key === 'co' ? n / 10 : n;
        const index = iaqi(key, c, period);
        if (index === null) return;
        expect(pollutantLevel(key, c, period)).toBe(aqiLevel(index));
      }),
      { numRuns: 10_000 },
    );
  });

  it('is monotonic in the value (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...tables),
        fc.double({ min: -10, max: 5000, noNaN: true }),
        fc.double({ min: -10, max: 5000, noNaN: true }),
        ({ key, period }, a, b) => {
          const breaks = levelBreaks(key, period);
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(levelFromBreaks(lo, breaks)).toBeLessThanOrEqual(levelFromBreaks(hi, breaks));
        },
      ),
    );
  });
});

describe('levels read back from storage', () => {
  it('keeps 0–6 and reads anything else as unknown (0)', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(asAqiLevel)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([-1, 7, 2.5, Number.NaN].map(asAqiLevel)).toEqual([0, 0, 0, 0]);
  });
});
