import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AVERAGING_PERIODS, BREAKPOINTS, IAQI_BREAKS } from './breakpoints';
import { iaqiToConcentration, maxIaqiOf } from './conversion';
import { exactIaqi, iaqi } from './iaqi';
import { POLLUTANT_KEYS } from './pollutants';

const cases = AVERAGING_PERIODS.flatMap((period) => POLLUTANT_KEYS.map((key) => ({ key, period })));

describe('iaqiToConcentration', () => {
  it.each(cases)('$key $period: each IAQI break maps back to its concentration break', ({ key, period }) => {
    BREAKPOINTS[period][key].concentrations.forEach((c, i) => {
      expect(iaqiToConcentration(key, IAQI_BREAKS[i], period)).toBe(c);
    });
  });

  it('interpolates inside a segment: PM2.5 IAQI 75 is 55 μg/m³, CO (1 h) 218 is 65.4 mg/m³', () => {
    expect(iaqiToConcentration('pm2_5', 75, 'HOUR')).toBe(55);
    expect(iaqiToConcentration('co', 218, 'HOUR')).toBeCloseTo(65.4, 10);
    expect(iaqiToConcentration('so2', 100, 'DAY')).toBe(150);
    expect(iaqiToConcentration('so2', 100, 'HOUR')).toBe(500);
  });

  it('has no answer beyond the table: above 500, SO2 1 h above 200, O3 8 h above 300, or no index', () => {
    expect(iaqiToConcentration('pm2_5', 500, 'HOUR')).toBe(500);
    expect(iaqiToConcentration('pm2_5', 501, 'HOUR')).toBeNull();
    expect(iaqiToConcentration('so2', 201, 'HOUR')).toBeNull();
    expect(iaqiToConcentration('o3_8h', 301, 'DAY')).toBeNull();
    for (const v of [null, undefined, -1, Number.NaN]) expect(iaqiToConcentration('pm10', v, 'DAY')).toBeNull();
    expect(maxIaqiOf('so2', 'HOUR')).toBe(200);
    expect(maxIaqiOf('o3_8h', 'DAY')).toBe(300);
    expect(maxIaqiOf('so2', 'DAY')).toBe(500);
  });

  it('inverts the exact IAQI within a breakpoint segment (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.nat(6),
        fc.double({ min: 0, max: 1, noNaN: true }),
        ({ key, period }, segment, fraction) => {
          const bp = BREAKPOINTS[period][key].concentrations;
          const lo = bp[segment];
          const hi = bp[segment + 1];
          if (lo === undefined || hi === undefined) return;
          const c = lo + (hi - lo) * fraction;
          const index = exactIaqi(key, c, period);
          expect(index).not.toBeNull();
          const back = iaqiToConcentration(key, index, period) ?? Number.NaN;
          expect(Math.abs(back - c)).toBeLessThanOrEqual(1e-9 * Math.max(1, hi));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('round-trips every integer IAQI, and each concentration down to the previous one has that IAQI (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.nat(500),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        ({ key, period }, n, f) => {
          if (n > maxIaqiOf(key, period)) return;
          const c = iaqiToConcentration(key, n, period);
          expect(c).not.toBeNull();
          expect(iaqi(key, c, period)).toBe(n);
          if (n === 0 || c === null) return;
          // IAQI rounds up, so (c(n−1), c(n)] is exactly the set of concentrations with IAQI n.
          const previous = iaqiToConcentration(key, n - 1, period) ?? 0;
          const inside = previous + (c - previous) * f;
          if (inside - previous < 1e-6) return;
          expect(iaqi(key, inside, period)).toBe(n);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
