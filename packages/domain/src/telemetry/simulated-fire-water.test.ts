import { describe, expect, it } from 'vitest';
import { FIRE_RULES } from '../fire';
import { stationClass } from '../water';
import { SIMULATED_FACTORS, simulatedReading } from './simulated-values';

const T0 = 1_796_000_000;
const read = (deviceType: 'F01' | 'H01', factor: string, t: number, deviceIndex: number) =>
  simulatedReading({ deviceType, factor, t, seed: 2026, deviceIndex });

describe('simulated water stations', () => {
  it('profile by index: 0 is 劣Ⅴ from NH3-N alone, 1 is clean, 2 in between, every hour of a week', () => {
    for (let h = 0; h < 24 * 7; h += 5) {
      const t = T0 + h * 3600;
      const values = (index: number) =>
        Object.fromEntries(SIMULATED_FACTORS.H01.map((f) => [f, read('H01', f, t, index)]));
      const polluted = stationClass(values(12));
      expect(polluted.waterClass).toBe(6);
      expect(polluted.deciding).toEqual(['w21003']);
      expect(stationClass(values(13)).waterClass).toBeLessThanOrEqual(2);
      // The clean profile stays 优 as a reservoir too (lake TP limits, TN evaluated): 密云水库.
      expect(stationClass(values(13), 'lake').waterClass).toBeLessThanOrEqual(2);
      const moderate = stationClass(values(11)).waterClass ?? 0;
      expect(moderate).toBeGreaterThanOrEqual(3);
      expect(moderate).toBeLessThanOrEqual(5);
    }
  });

  it('values hold for the hour', () => {
    const hour = Math.floor(T0 / 3600) * 3600;
    expect(read('H01', 'w21003', hour + 60, 12)).toBe(read('H01', 'w21003', hour + 3540, 12));
  });
});

describe('simulated fire detectors', () => {
  it('have occasional episodes that trip the fire rules, quiet otherwise', () => {
    let tripped = 0;
    let quietMinutes = 0;
    for (let m = 0; m < 14 * 1440; m++) {
      const t = T0 + m * 60;
      const flame = read('F01', 'flame', t, 20);
      const smoke = read('F01', 'smokeDensity', t, 20);
      const temp = read('F01', 'fireTemp', t, 20);
      const over = FIRE_RULES.some(
        (r) =>
          r.kind === 'over_limit' &&
          ({ flame, smokeDensity: smoke, fireTemp: temp, fault: read('F01', 'fault', t, 20) }[r.factor] ?? 0) >
            r.threshold,
      );
      if (over) tripped += 1;
      else quietMinutes += 1;
    }
    expect(tripped).toBeGreaterThan(0);
    expect(tripped / (quietMinutes + tripped)).toBeLessThan(0.01);
  });
});
