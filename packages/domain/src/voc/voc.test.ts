import { describe, expect, it } from 'vitest';
import {
  codeList,
  groupTotals,
  lohOf,
  MOLAR_VOLUME_L,
  noxPpb,
  o3Regime,
  ppbToUg,
  rankSpecies,
  speciesMetrics,
  tolueneBenzeneHint,
  totalsOf,
  ugToPpb,
  xyleneEthylbenzeneHint,
} from './chemistry';
import { SIMULATED_VOC_FACTORS, simulatedVocHour } from './simulated';
import { TRAFFIC_TRACERS, VOC_GROUP_KEYS, VOC_SPECIES, vocSpecies } from './species';

const species = (code: string) => {
  const s = vocSpecies(code);
  if (s === undefined) throw new Error(code);
  return s;
};

describe('unit conversion at the reference state (298.15 K, 101.325 kPa)', () => {
  it('uses a molar volume of 24.465 L/mol', () => {
    expect(MOLAR_VOLUME_L).toBeCloseTo(24.4654, 4);
  });
  it('converts 1 ppb of benzene to 3.193 μg/m³ and back', () => {
    // 1 × 78.11 / 24.4654 = 3.1927
    expect(ppbToUg(1, 78.11)).toBeCloseTo(3.1927, 4);
    expect(ugToPpb(ppbToUg(7.5, 78.11), 78.11)).toBeCloseTo(7.5, 10);
  });
  it('converts NO and NO2 in μg/m³ to NOx in ppb', () => {
    // NO 12.27 μg/m³ = 10.00 ppb; NO2 37.62 μg/m³ = 20.00 ppb
    expect(noxPpb(12.27, 37.62)).toBeCloseTo(30.0, 1);
    expect(noxPpb(null, 37.62)).toBeNull();
  });
});

describe('OFP and L_OH: a hand-computed example', () => {
  /*
   * toluene 10 μg/m³, ethylene 5 μg/m³; Vm = 24.4654 L/mol, air 2.4615e19 molecules/cm³.
   *
   * OFP = Σ [VOC] × MIR:  toluene 10 × 4.00 = 40.00;  ethylene 5 × 9.00 = 45.00;  total 85.00 μg/m³.
   *
   * ppb:  toluene 10 × 24.4654 / 92.14 = 2.6552;  ethylene 5 × 24.4654 / 28.05 = 4.3610.
   * molecules/cm³ = ppb × 1e-9 × 2.4615e19:  toluene 6.5358e10;  ethylene 1.0735e11.
   * L_OH = k × n:  toluene 5.63e-12 × 6.5358e10 = 0.3680 s⁻¹;
   *                ethylene 8.52e-12 × 1.0735e11 = 0.9146 s⁻¹;  total 1.2826 s⁻¹.
   * ppbC = 2.6552 × 7 + 4.3610 × 2 = 27.309.
   */
  const metrics = speciesMetrics([
    { code: 'a25003', ug: 10 },
    { code: 'v10101', ug: 5 },
    { code: 'unknown', ug: 99 },
  ]);

  it('computes each species', () => {
    expect(metrics.map((m) => m.code)).toEqual(['a25003', 'v10101']);
    const [toluene, ethylene] = metrics;
    expect(toluene?.ofp).toBeCloseTo(40, 10);
    expect(ethylene?.ofp).toBeCloseTo(45, 10);
    expect(toluene?.ppb).toBeCloseTo(2.6552, 4);
    expect(ethylene?.ppb).toBeCloseTo(4.361, 3);
    expect(toluene?.loh).toBeCloseTo(0.368, 3);
    expect(ethylene?.loh).toBeCloseTo(0.9146, 4);
  });

  it('sums them', () => {
    const totals = totalsOf(metrics);
    expect(totals.ofp).toBeCloseTo(85, 10);
    expect(totals.loh).toBeCloseTo(1.2826, 4);
    expect(totals.ppbc).toBeCloseTo(27.309, 3);
    expect(totals.ug).toBe(15);
    expect(totals.species).toBe(2);
  });

  it('L_OH does not depend on the reference state (μg/m³ → molecules is mass / M × N_A)', () => {
    // 10e-6 g/m³ / 92.14 g/mol × 6.02214e23 / 1e6 cm³/m³ = 6.5358e10 molecules/cm³
    expect(lohOf(species('a25003'), 10)).toBeCloseTo((5.63e-12 * ((10e-6 / 92.14) * 6.02214076e23)) / 1e6, 6);
  });
});

describe('ranking and groups', () => {
  const metrics = speciesMetrics([
    { code: 'a25002', ug: 8 }, // benzene: OFP 5.76, 2.51 ppb
    { code: 'v10001', ug: 12 }, // ethane: OFP 3.36, 9.76 ppb
    { code: 'a24053', ug: 2 }, // propylene: OFP 23.32, 1.16 ppb
    { code: 'a31001', ug: 4 }, // formaldehyde: OFP 37.84
  ]);

  it('ranks by concentration in the unit asked, by OFP and by L_OH, highest first', () => {
    expect(rankSpecies(metrics, 'concentration', 'ppb').map((r) => r.metrics.code)).toEqual([
      'v10001',
      'a31001',
      'a25002',
      'a24053',
    ]);
    expect(rankSpecies(metrics, 'concentration', 'ug').map((r) => r.metrics.code)[0]).toBe('v10001');
    const byOfp = rankSpecies(metrics, 'ofp');
    expect(byOfp.map((r) => r.metrics.code)).toEqual(['a31001', 'a24053', 'a25002', 'v10001']);
    expect(byOfp[0]?.share).toBeCloseTo(37.84 / (37.84 + 23.32 + 5.76 + 3.36), 6);
    expect(rankSpecies(metrics, 'loh', 'ppb', 2)).toHaveLength(2);
  });

  it('gives every group a total, zero when none of its species was measured', () => {
    const groups = groupTotals(metrics);
    expect(Object.keys(groups)).toEqual(VOC_GROUP_KEYS);
    expect(groups.alkane.ug).toBe(12);
    expect(groups.halocarbon.species).toBe(0);
  });
});

describe('indicators', () => {
  it('classifies VOC/NOx (ppbC/ppb) with the thresholds 4 and 15', () => {
    expect(o3Regime(3.9)).toBe('voc');
    expect(o3Regime(4)).toBe('voc');
    expect(o3Regime(8)).toBe('transition');
    expect(o3Regime(15)).toBe('nox');
    expect(o3Regime(null)).toBeNull();
  });
  it('reads toluene/benzene and xylene/ethylbenzene as hints', () => {
    expect(tolueneBenzeneHint(0.8)).toContain('燃烧');
    expect(tolueneBenzeneHint(2)).toContain('机动车');
    expect(tolueneBenzeneHint(5)).toContain('溶剂');
    expect(xyleneEthylbenzeneHint(3.5)).toContain('新鲜');
    expect(xyleneEthylbenzeneHint(1.2)).toContain('老化');
    expect(tolueneBenzeneHint(null)).toBeNull();
  });
  it('parses comma lists', () => {
    expect(codeList(' a25002, a25003,,a25002 ')).toEqual(['a25002', 'a25003']);
    expect(codeList(undefined)).toEqual([]);
  });
});

describe('the catalogue', () => {
  it('has unique codes and CAS numbers with valid check digits, and known traffic tracers', () => {
    expect(new Set(VOC_SPECIES.map((s) => s.code)).size).toBe(VOC_SPECIES.length);
    for (const s of VOC_SPECIES) {
      const digits = s.cas.replace(/-/g, '');
      const body = digits.slice(0, -1).split('').reverse();
      const sum = body.reduce((acc, d, i) => acc + Number(d) * (i + 1), 0);
      expect(sum % 10, `${s.nameEn} CAS ${s.cas}`).toBe(Number(digits.at(-1)));
      expect(s.mw).toBeGreaterThan(0);
    }
    for (const code of TRAFFIC_TRACERS) expect(vocSpecies(code)).toBeDefined();
  });
});

describe('the demo station model', () => {
  const station = { key: 'test', traffic: 1.2, solvent: 0.6 };
  // Hours of 2026-11-25 in China, labelled by their end.
  const end = (hour: number) => Date.UTC(2026, 10, 24, 16 + hour) / 1000;
  it('has the traffic signature: tracers peak at the morning rush, O3 in the afternoon', () => {
    const ethylene = (h: number) => simulatedVocHour(station, 'v10101', end(h)) ?? 0;
    const o3 = (h: number) => simulatedVocHour(station, 'a05024', end(h)) ?? 0;
    expect(ethylene(9)).toBeGreaterThan(1.5 * ethylene(15));
    expect(ethylene(20)).toBeGreaterThan(ethylene(15));
    expect(o3(16)).toBeGreaterThan(3 * o3(9));
    expect(simulatedVocHour(station, 'TVOC', end(9))).toBeNull();
    expect(simulatedVocHour(station, 'a25003', end(9))).toBe(simulatedVocHour(station, 'a25003', end(9)));
  });
  it('sends every catalogue species with NO, NO2 and O3', () => {
    expect(SIMULATED_VOC_FACTORS).toHaveLength(VOC_SPECIES.length + 3);
  });
});
