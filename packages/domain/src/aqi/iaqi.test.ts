import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AVERAGING_PERIODS, BREAKPOINTS, IAQI_BREAKS, tableTop } from './breakpoints';
import { exactIaqi, iaqi } from './iaqi';
import { POLLUTANT_KEYS } from './pollutants';

const cases = AVERAGING_PERIODS.flatMap((period) => POLLUTANT_KEYS.map((key) => ({ key, period })));
/** Published resolution: CO one decimal, the rest integers. */
const step = (key: string) => (key === 'co' ? 0.1 : 1);

describe('HJ 633-2012 tables', () => {
  it('are the standard tables', () => {
    expect(BREAKPOINTS.HOUR.so2.concentrations).toEqual([0, 150, 500, 650, 800]);
    expect(BREAKPOINTS.HOUR.no2.concentrations).toEqual([0, 100, 200, 700, 1200, 2340, 3090, 3840]);
    expect(BREAKPOINTS.HOUR.co.concentrations).toEqual([0, 5, 10, 35, 60, 90, 120, 150]);
    expect(BREAKPOINTS.HOUR.o3.concentrations).toEqual([0, 160, 200, 300, 400, 800, 1000, 1200]);
    expect(BREAKPOINTS.HOUR.pm10.concentrations).toEqual([0, 50, 150, 250, 350, 420, 500, 600]);
    expect(BREAKPOINTS.HOUR.pm2_5.concentrations).toEqual([0, 35, 75, 115, 150, 250, 350, 500]);
    expect(BREAKPOINTS.DAY.so2.concentrations).toEqual([0, 50, 150, 475, 800, 1600, 2100, 2620]);
    expect(BREAKPOINTS.DAY.no2.concentrations).toEqual([0, 40, 80, 180, 280, 565, 750, 940]);
    expect(BREAKPOINTS.DAY.co.concentrations).toEqual([0, 2, 4, 14, 24, 36, 48, 60]);
    expect(BREAKPOINTS.DAY.o3_8h.concentrations).toEqual([0, 100, 160, 215, 265, 800]);
    expect(BREAKPOINTS.DAY.pm10).toEqual(BREAKPOINTS.HOUR.pm10);
    expect(BREAKPOINTS.DAY.pm2_5).toEqual(BREAKPOINTS.HOUR.pm2_5);
  });
});

describe('iaqi', () => {
  it.each(cases)(
    '$key $period: every breakpoint gives its IAQI, and ±1 step around it is on the right side',
    ({ key, period }) => {
      const bp = BREAKPOINTS[period][key].concentrations;
      bp.forEach((c, i) => {
        const index = IAQI_BREAKS[i] ?? -1;
        expect(iaqi(key, c, period)).toBe(index);
        if (i > 0) {
          const below = iaqi(key, c - step(key), period) ?? -1;
          expect(below).toBeLessThanOrEqual(index);
          expect(below).toBeGreaterThan(IAQI_BREAKS[i - 1] ?? -1);
        }
        if (i < bp.length - 1) {
          const above = iaqi(key, c + step(key), period) ?? -1;
          expect(above).toBeGreaterThan(index);
          expect(above).toBeLessThanOrEqual(IAQI_BREAKS[i + 1] ?? -1);
        }
      });
    },
  );

  it('rounds up ("进位取整"): PM2.5 38 μg/m³ is 53.75 → 54, 34 is 48.57 → 49', () => {
    expect(exactIaqi('pm2_5', 38, 'HOUR')).toBeCloseTo(53.75, 10);
    expect(iaqi('pm2_5', 38, 'HOUR')).toBe(54);
    expect(iaqi('pm2_5', 34, 'HOUR')).toBe(49);
    expect(iaqi('pm2_5', 36, 'HOUR')).toBe(52);
    expect(iaqi('co', 0.7, 'HOUR')).toBe(7);
    expect(iaqi('co', 2.3, 'DAY')).toBe(58);
  });

  it('does not round float noise up to the next integer', () => {
    // 200 + (300 − 200) / (90 − 60) × (65.4 − 60) is exactly 218, but 218.00000000000003 in floats.
    expect(exactIaqi('co', 65.4, 'HOUR')).not.toBe(218);
    expect(iaqi('co', 65.4, 'HOUR')).toBe(218);
    expect(iaqi('co', 65.1, 'HOUR')).toBe(217);
  });

  it('gives 500 above the top of a full table', () => {
    expect(iaqi('pm2_5', 500.1, 'HOUR')).toBe(500);
    expect(iaqi('pm2_5', 10_000, 'DAY')).toBe(500);
    expect(iaqi('co', 150.1, 'HOUR')).toBe(500);
    expect(iaqi('so2', 3000, 'DAY')).toBe(500);
    expect(iaqi('o3', 1201, 'HOUR')).toBe(500);
  });

  it('does not compute SO2 1 h above 800 μg/m³ nor O3 8 h above 800 μg/m³ (the standard reports another IAQI)', () => {
    expect(iaqi('so2', 800, 'HOUR')).toBe(200);
    expect(iaqi('so2', 801, 'HOUR')).toBeNull();
    expect(iaqi('o3_8h', 800, 'DAY')).toBe(300);
    expect(iaqi('o3_8h', 801, 'DAY')).toBeNull();
    expect(iaqi('o3_8h', 801, 'HOUR')).toBeNull();
  });

  it('treats missing, non-finite and negative values as no measurement', () => {
    for (const v of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, -1, -0.1]) {
      expect(iaqi('pm2_5', v, 'HOUR')).toBeNull();
    }
    expect(iaqi('pm2_5', 0, 'HOUR')).toBe(0);
  });

  it('uses the 1-hour limits for SO2, NO2, CO in HOUR and the 24-hour limits in DAY', () => {
    expect(iaqi('no2', 100, 'HOUR')).toBe(50);
    expect(iaqi('no2', 100, 'DAY')).toBe(110);
    expect(iaqi('so2', 150, 'HOUR')).toBe(50);
    expect(iaqi('so2', 150, 'DAY')).toBe(100);
    expect(iaqi('co', 4, 'HOUR')).toBe(40);
    expect(iaqi('co', 4, 'DAY')).toBe(100);
  });

  it('is monotonic non-decreasing in concentration (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        ({ key, period }, a, b) => {
          const top = tableTop(BREAKPOINTS[period][key]);
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const x = iaqi(key, lo, period);
          const y = iaqi(key, hi, period);
          if (hi > top && (y === null || x === null)) return; // truncated table: no IAQI above its top
          expect(x).not.toBeNull();
          expect(y).not.toBeNull();
          expect(x ?? 0).toBeLessThanOrEqual(y ?? 0);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('is the exact index rounded up, between 0 and 500 (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.double({ min: 0, max: 5000, noNaN: true }), ({ key, period }, c) => {
        const exact = exactIaqi(key, c, period);
        const rounded = iaqi(key, c, period);
        if (exact === null) {
          expect(rounded).toBeNull();
          return;
        }
        expect(Number.isInteger(rounded)).toBe(true);
        expect(rounded ?? -1).toBeGreaterThanOrEqual(exact - 1e-9);
        expect(rounded ?? 999).toBeLessThan(exact + 1);
        expect(rounded ?? -1).toBeGreaterThanOrEqual(0);
        expect(rounded ?? 999).toBeLessThanOrEqual(500);
      }),
      { numRuns: 5000 },
    );
  });
});
