import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chinaTime } from '../time';
import { EXPECTED_INTERVAL_SECONDS } from './online';
import { hash32, mulberry32, SIMULATED_FACTORS, SIMULATED_RANGES, simulatedReading } from './simulated-values';

const base: { deviceType: string; seed: number | string; deviceIndex: number } = {
  deviceType: 'A01',
  seed: 42,
  deviceIndex: 0,
};
const at = (factor: string, t: number, extra: Partial<typeof base> = {}) =>
  simulatedReading({ ...base, ...extra, factor, t });

/** Mean of a factor at one China hour of the day over `days` days from 2024-03-01. */
function meanAtHour(factor: string, hour: number, days = 60, minute = 0, extra: Partial<typeof base> = {}): number {
  let sum = 0;
  for (let d = 0; d < days; d++) sum += at(factor, chinaTime(2024, 3, 1 + d, hour, minute), extra);
  return sum / days;
}

describe('the PRNG', () => {
  it('is seeded and repeatable', () => {
    const a = mulberry32(hash32('x'));
    const b = mulberry32(hash32('x'));
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(hash32('x')).not.toBe(hash32('y'));
  });
});

describe('simulated factors', () => {
  it('lists the factors per device type, all of them simulated', () => {
    expect(Object.keys(SIMULATED_FACTORS).sort()).toEqual(Object.keys(EXPECTED_INTERVAL_SECONDS).sort());
    expect(SIMULATED_FACTORS.A01).toEqual([
      'a34004',
      'a34002',
      'a21026',
      'a21004',
      'a21005',
      'a05024',
      'a01001',
      'a01002',
      'a01007',
      'a01008',
    ]);
    expect(SIMULATED_FACTORS.N01).toEqual(['LA']);
    expect(SIMULATED_FACTORS.S01).toEqual(['oilFume', 'fanCurrent', 'purifierCurrent']);
    expect(SIMULATED_FACTORS.D01).toEqual(['a34004', 'a34002', 'a34001', 'LA']);
    for (const factors of Object.values(SIMULATED_FACTORS)) {
      for (const f of factors) expect(Object.keys(SIMULATED_RANGES)).toContain(f);
    }
  });
});

describe('simulated readings', () => {
  const T = chinaTime(2024, 5, 1, 9, 30);

  it('are deterministic, one value per minute', () => {
    expect(at('a34004', T)).toBe(at('a34004', T));
    expect(at('a34004', T + 59)).toBe(at('a34004', T));
    const day = Array.from({ length: 24 * 60 }, (_, m) => T + m * 60);
    const device0 = day.map((t) => at('a34004', t));
    const device1 = day.map((t) => at('a34004', t, { deviceIndex: 1 }));
    const otherSeed = day.map((t) => at('a34004', t, { seed: 'other' }));
    expect(device1).not.toEqual(device0);
    expect(otherSeed).not.toEqual(device0);
    // Values move from minute to minute: no run of 5 equal values to set off a stuck-sensor alarm.
    let longest = 1;
    let run = 1;
    for (let i = 1; i < device0.length; i++) {
      run = device0[i] === device0[i - 1] ? run + 1 : 1;
      longest = Math.max(longest, run);
    }
    expect(longest).toBeLessThan(5);
  });

  it('stay in their ranges, rounded to their decimals', () => {
    const factors = [...Object.keys(SIMULATED_RANGES), 'w01018'];
    fc.assert(
      fc.property(
        fc.constantFrom(...factors),
        fc.integer({ min: chinaTime(2020, 1, 1), max: chinaTime(2030, 12, 31) }),
        fc.oneof(fc.integer(), fc.string()),
        fc.nat(1000),
        fc.constantFrom('A01', 'D01', 'W01', 'X99'),
        (factor, t, seed, deviceIndex, deviceType) => {
          const value = simulatedReading({ deviceType, factor, t, seed, deviceIndex });
          const range = (SIMULATED_RANGES as Record<string, { min: number; max: number; decimals: number }>)[
            factor
          ] ?? {
            min: 0,
            max: 100,
            decimals: 2,
          };
          expect(Number.isFinite(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(range.min);
          expect(value).toBeLessThanOrEqual(range.max);
          const scaled = value * 10 ** range.decimals;
          expect(Math.abs(scaled - Math.round(scaled))).toBeLessThan(1e-6);
        },
      ),
    );
  });

  it('keeps PM10 at 1.4–1.9 × PM2.5', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: chinaTime(2024, 1, 1), max: chinaTime(2025, 1, 1) }),
        fc.nat(50),
        (t, deviceIndex) => {
          const ratio = at('a34002', t, { deviceIndex }) / at('a34004', t, { deviceIndex });
          expect(ratio).toBeGreaterThanOrEqual(1.38);
          expect(ratio).toBeLessThanOrEqual(1.92);
        },
      ),
    );
  });

  it('has morning and evening PM2.5 peaks and rush-hour NO2', () => {
    const afternoon = meanAtHour('a34004', 15);
    expect(meanAtHour('a34004', 8)).toBeGreaterThan(afternoon + 10);
    expect(meanAtHour('a34004', 20, 60, 30)).toBeGreaterThan(afternoon + 10);
    expect(meanAtHour('a21004', 8)).toBeGreaterThan(meanAtHour('a21004', 3) + 10);
    expect(meanAtHour('a21004', 18, 60, 30)).toBeGreaterThan(meanAtHour('a21004', 13) + 10);
  });

  it('peaks O3 in the afternoon', () => {
    const o3 = meanAtHour('a05024', 15);
    expect(o3).toBeGreaterThan(meanAtHour('a05024', 3) + 50);
    expect(o3).toBeGreaterThan(meanAtHour('a05024', 9) + 20);
  });

  it('warms by day, with humidity moving the other way', () => {
    for (let d = 0; d < 60; d++) {
      const night = chinaTime(2024, 3, 1 + d, 2);
      const noon = chinaTime(2024, 3, 1 + d, 14);
      expect(at('a01001', noon)).toBeGreaterThan(at('a01001', night));
      expect(at('a01002', noon)).toBeLessThan(at('a01002', night));
    }
    expect(meanAtHour('a01001', 14, 20, 0)).toBeGreaterThan(
      // Winter is colder than summer.
      at('a01001', chinaTime(2024, 1, 15, 14)),
    );
    expect(at('a01001', chinaTime(2024, 7, 15, 14))).toBeGreaterThan(at('a01001', chinaTime(2024, 1, 15, 14)) + 15);
  });

  it('is loud by day and quiet at night', () => {
    const extra = { deviceType: 'N01' };
    expect(meanAtHour('LA', 10, 60, 0, extra)).toBeGreaterThan(60);
    expect(meanAtHour('LA', 3, 60, 0, extra)).toBeLessThan(52);
  });

  it('cooks at meal times and is about 0 at night', () => {
    const extra = { deviceType: 'S01' };
    for (let d = 0; d < 30; d++) expect(at('oilFume', chinaTime(2024, 3, 1 + d, 3), extra)).toBeLessThan(0.06);
    const afternoon = meanAtHour('oilFume', 15, 60, 0, extra);
    expect(meanAtHour('oilFume', 12, 60, 0, extra)).toBeGreaterThan(afternoon + 1);
    expect(meanAtHour('oilFume', 18, 60, 30, extra)).toBeGreaterThan(afternoon + 1);
  });

  it('gives wind directions in whole degrees 0–359', () => {
    const dirs = Array.from({ length: 24 * 60 }, (_, m) => at('a01008', T + m * 60));
    expect(dirs.every((d) => Number.isInteger(d) && d >= 0 && d < 360)).toBe(true);
  });
});

describe('a restaurant kitchen (S01)', () => {
  // 2026-12-01 12:00 and 03:00 China time.
  const noon = Date.UTC(2026, 11, 1, 4) / 1000;
  const night = Date.UTC(2026, 11, 0, 19) / 1000;
  const read = (factor: string, t: number, quirks?: readonly 'purifierOff'[]) =>
    simulatedReading({ deviceType: 'S01', factor, t, seed: 1, deviceIndex: 3, quirks });
  it('runs fan and purifier while open, neither at night', () => {
    expect(read('fanCurrent', noon)).toBeGreaterThan(2);
    expect(read('purifierCurrent', noon)).toBeGreaterThan(0.5);
    expect(read('fanCurrent', night)).toBeLessThan(0.1);
    expect(read('purifierCurrent', night)).toBeLessThan(0.1);
  });
  it('with the purifierOff quirk runs the fan alone and emits more fume', () => {
    expect(read('fanCurrent', noon, ['purifierOff'])).toBeGreaterThan(2);
    expect(read('purifierCurrent', noon, ['purifierOff'])).toBeLessThan(0.1);
    expect(read('oilFume', noon, ['purifierOff'])).toBeGreaterThan(read('oilFume', noon));
  });
});
