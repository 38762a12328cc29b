import { describe, expect, it } from 'vitest';
import {
  lcl,
  moistAdiabat,
  parcelTemperature,
  potentialTemperature,
  type SoundingLevel,
  soundingIndices,
} from './thermo';

const level = (pressure: number, height: number | null, temperature: number, dewpoint: number): SoundingLevel => ({
  pressure,
  height,
  temperature,
  dewpoint,
  windDirection: null,
  windSpeed: null,
});

describe('parcel thermodynamics', () => {
  it('places the LCL where the dry adiabat meets the dew point (Bolton): 30/20 °C at 1000 hPa → about 875 hPa', () => {
    const base = lcl(30, 20, 1000);
    expect(base.pressure).toBeGreaterThan(860);
    expect(base.pressure).toBeLessThan(885);
    // θ is conserved on the way up.
    expect(potentialTemperature(base.temperature, base.pressure)).toBeCloseTo(potentialTemperature(30, 1000), 6);
  });

  it('follows the pseudo-adiabat: the equivalent potential temperature (Bolton eq. 43) stays within 1 K', () => {
    const thetaE = (tC: number, p: number) => {
      const t = tC + 273.15;
      const e = 6.112 * Math.exp((17.67 * tC) / (tC + 243.5));
      const r = ((0.622 * e) / (p - e)) * 1000;
      return t * (1000 / p) ** (0.2854 * (1 - 0.00028 * r)) * Math.exp((3.376 / t - 0.00254) * r * (1 + 0.00081 * r));
    };
    for (const p of [850, 700, 500, 300]) {
      expect(Math.abs(thetaE(moistAdiabat(20, 1000, p), p) - thetaE(20, 1000))).toBeLessThan(1);
    }
    expect(parcelTemperature(20, 20, 1000, 500)).toBeCloseTo(moistAdiabat(20, 1000, 500), 6);
  });
});

describe('sounding indices', () => {
  // A warm, moist summer sounding with an unstable layer aloft.
  const summer = [
    level(1000, 100, 30, 22),
    level(925, 800, 25, 19),
    level(850, 1500, 20, 16),
    level(700, 3100, 8, 2),
    level(500, 5800, -10, -25),
    level(400, 7400, -20, -35),
    level(300, 9500, -35, -50),
    level(200, 12000, -55, -70),
    level(150, 13800, -60, -80),
    level(100, 16500, -62, -85),
  ];

  it('computes K, Showalter and LI from their defining levels', () => {
    const ix = soundingIndices(summer);
    // K = (T850 − T500) + Td850 − (T700 − Td700) = 30 + 16 − 6 = 40
    expect(ix.kIndex).toBe(40);
    expect(ix.liftedIndex).not.toBeNull();
    expect(ix.liftedIndex as number).toBeLessThan(0);
    expect(ix.cape as number).toBeGreaterThan(500);
    expect(ix.lfcPressure).not.toBeNull();
    expect(ix.elPressure as number).toBeLessThan(ix.lfcPressure as number);
    expect(ix.precipitableWater as number).toBeGreaterThan(20);
  });

  it('finds a ground inversion and a low mixing height on a winter morning', () => {
    const winter = [
      level(1020, 50, -5, -8),
      level(1000, 210, -1, -6),
      level(975, 420, 1, -7),
      level(925, 850, -1, -12),
      level(850, 1500, -6, -20),
      level(700, 3000, -15, -30),
      level(500, 5600, -30, -45),
    ];
    const ix = soundingIndices(winter);
    expect(ix.inversions[0]).toMatchObject({ baseHeight: 50, topHeight: 420, strength: 6 });
    expect(ix.mixingHeight as number).toBeLessThan(50);
    expect(ix.cape).toBe(0);
    expect(ix.lfcPressure).toBeNull();
  });

  it('fills a missing height hydrostatically and reports the mixing height above ground', () => {
    const dryAfternoon = [level(1000, 100, 30, 5), level(900, null, 21.5, 0), level(800, 2000, 16, -5)];
    const ix = soundingIndices(dryAfternoon);
    // θ(1000, 30 °C) + 0.5 K = 303.65 K; θ(900, 21.5 °C) ≈ 303.67 K: the crossing is just below 900 hPa.
    expect(ix.mixingHeight as number).toBeGreaterThan(800);
    expect(ix.mixingHeight as number).toBeLessThan(1000);
  });
});
