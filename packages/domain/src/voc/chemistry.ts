import { VOC_GROUP_KEYS, type VocGroup, type VocSpecies, vocSpecies } from './species';

/**
 * The VOC and ozone arithmetic: unit conversion, ozone formation potential, OH reactivity, rankings,
 * group shares, ratio indicators and the O3–NOx sensitivity hint. Pure functions over
 * concentrations; sources in species.ts and docs/VOC.md.
 */

/** Reference state of concentrations: 298.15 K, 101.325 kPa. */
export const REFERENCE_TEMPERATURE_K = 298.15;
export const REFERENCE_PRESSURE_PA = 101_325;
const GAS_CONSTANT = 8.314_462_618; // J mol⁻¹ K⁻¹
const BOLTZMANN = 1.380_649e-23; // J K⁻¹

/**
 * Molar volume at the reference state, L/mol (24.465). China's ambient standard GB 3095-2012 (as
 * amended by MEE announcement 2018 No. 29, in force since 2018-09-01) states gaseous pollutants at
 * the reference state 298.15 K and 1013.25 hPa; HJ 663-2013 (the assessment rules) takes those
 * concentrations as they are. Before 2018 the standard state was 273.15 K (22.414 L/mol): older
 * data converted with it are 9.2 % higher in μg/m³.
 */
export const MOLAR_VOLUME_L = ((GAS_CONSTANT * REFERENCE_TEMPERATURE_K) / REFERENCE_PRESSURE_PA) * 1000;

/** Molecules of air per cm³ at the reference state (2.4615 × 10¹⁹); 1 ppb is 10⁻⁹ of it. */
export const AIR_NUMBER_DENSITY = REFERENCE_PRESSURE_PA / (BOLTZMANN * REFERENCE_TEMPERATURE_K) / 1e6;

/** μg/m³ = ppb × M / Vm. */
export function ppbToUg(ppb: number, mw: number): number {
  return (ppb * mw) / MOLAR_VOLUME_L;
}

/** ppb = μg/m³ × Vm / M. */
export function ugToPpb(ug: number, mw: number): number {
  return (ug * MOLAR_VOLUME_L) / mw;
}

/** ppb → molecules/cm³. */
export function ppbToMolecules(ppb: number): number {
  return ppb * 1e-9 * AIR_NUMBER_DENSITY;
}

/** One species' concentration, μg/m³ (what stations send; the platform's unit of storage). */
export interface SpeciesValue {
  code: string;
  ug: number;
}

export type VocUnit = 'ug' | 'ppb';

/** A species' value in a unit. */
export function inUnit(species: Pick<VocSpecies, 'mw'>, ug: number, unit: VocUnit): number {
  return unit === 'ug' ? ug : ugToPpb(ug, species.mw);
}

/** Ozone formation potential of one species, μg/m³ O3: [VOC] (μg/m³) × MIR (g O3/g VOC). */
export function ofpOf(species: Pick<VocSpecies, 'mir'>, ug: number): number {
  return ug * species.mir;
}

/**
 * OH reactivity of one species, s⁻¹: k_OH (cm³ molecule⁻¹ s⁻¹) × [VOC] (molecules/cm³).
 * `kOH` is in units of 10⁻¹² as the catalogue writes it.
 */
export function lohOf(species: Pick<VocSpecies, 'mw' | 'kOH'>, ug: number): number {
  return species.kOH * 1e-12 * ppbToMolecules(ugToPpb(ug, species.mw));
}

/** ppbC (ppb × carbon atoms): the carbon-weighted mixing ratio the VOC/NOx ratio uses. */
export function ppbcOf(species: Pick<VocSpecies, 'mw' | 'carbons'>, ug: number): number {
  return ugToPpb(ug, species.mw) * species.carbons;
}

export interface SpeciesMetrics {
  code: string;
  species: VocSpecies;
  ug: number;
  ppb: number;
  ppbc: number;
  ofp: number;
  loh: number;
}

/** The metrics of each known species of `values` (unknown codes are left out, never guessed). */
export function speciesMetrics(values: readonly SpeciesValue[]): SpeciesMetrics[] {
  const out: SpeciesMetrics[] = [];
  for (const v of values) {
    const species = vocSpecies(v.code);
    if (species === undefined || !Number.isFinite(v.ug)) continue;
    out.push({
      code: v.code,
      species,
      ug: v.ug,
      ppb: ugToPpb(v.ug, species.mw),
      ppbc: ppbcOf(species, v.ug),
      ofp: ofpOf(species, v.ug),
      loh: lohOf(species, v.ug),
    });
  }
  return out;
}

export interface VocTotals {
  ug: number;
  ppb: number;
  ppbc: number;
  ofp: number;
  loh: number;
  species: number;
}

/**
 * TVOC as the platform defines it (factorType `TVOC13`, the spec's default factor type): the sum of
 * the station's measured species of the catalogue, in μg/m³ and ppb, with the sums of ppbC, OFP and
 * L_OH. The spec names the code without defining it; docs/VOC.md states this reading. A group's
 * total (factorType `alkane`, `aromatic`, …) is the same sum over that group.
 */
export function totalsOf(metrics: readonly SpeciesMetrics[]): VocTotals {
  const t = { ug: 0, ppb: 0, ppbc: 0, ofp: 0, loh: 0, species: 0 };
  for (const m of metrics) {
    t.ug += m.ug;
    t.ppb += m.ppb;
    t.ppbc += m.ppbc;
    t.ofp += m.ofp;
    t.loh += m.loh;
    t.species += 1;
  }
  return t;
}

export type RankBy = 'concentration' | 'ofp' | 'loh';

/**
 * Key species: ranked by concentration (in the given unit), OFP or L_OH, highest first; ties by
 * code so that the order is stable; `share` is the fraction of the total of that measure.
 */
export function rankSpecies(metrics: readonly SpeciesMetrics[], by: RankBy, unit: VocUnit = 'ppb', top = 10) {
  const measure = (m: SpeciesMetrics) => (by === 'ofp' ? m.ofp : by === 'loh' ? m.loh : unit === 'ug' ? m.ug : m.ppb);
  const total = metrics.reduce((s, m) => s + measure(m), 0);
  return [...metrics]
    .sort((a, b) => measure(b) - measure(a) || a.code.localeCompare(b.code))
    .slice(0, top)
    .map((m, i) => ({ rank: i + 1, metrics: m, value: measure(m), share: total > 0 ? measure(m) / total : null }));
}

/** Each group's sums (every group, zero when none of its species was measured). */
export function groupTotals(metrics: readonly SpeciesMetrics[]): Record<VocGroup, VocTotals> {
  const out = {} as Record<VocGroup, VocTotals>;
  for (const g of VOC_GROUP_KEYS) out[g] = totalsOf(metrics.filter((m) => m.species.group === g));
  return out;
}

// --- Ratios ---------------------------------------------------------------------------------------

/** A ratio of two concentrations in ppb, or null when either is missing or the denominator is 0. */
export function ratioPpb(numerator: number | null, denominator: number | null): number | null {
  if (numerator === null || denominator === null || denominator <= 0) return null;
  return numerator / denominator;
}

/**
 * Toluene/benzene (ppb/ppb). Vehicle exhaust gives about 1.5–2.5 (tunnel studies in China and
 * elsewhere); well above 3 points at solvent use or industry; below 1 at biomass or coal burning
 * (Barletta et al. 2005; Liu et al. 2008). Indicative only.
 */
export function tolueneBenzeneHint(ratio: number | null): string | null {
  if (ratio === null) return null;
  if (ratio < 1) return '低于 1：燃烧源（生物质、燃煤）影响较大';
  if (ratio <= 3) return '1–3：以机动车尾气为主的特征';
  return '高于 3：溶剂使用或工业排放影响较大';
}

/**
 * (m+p)-xylene/ethylbenzene (ppb/ppb). Xylenes react with OH about 2.6 × faster than ethylbenzene,
 * so the ratio falls as an air mass ages: about 3–4 near fresh emissions, below about 2 in aged air
 * (Nelson & Quigley 1983; Monod et al. 2001). Indicative only.
 */
export function xyleneEthylbenzeneHint(ratio: number | null): string | null {
  if (ratio === null) return null;
  if (ratio >= 3) return '≥ 3：气团新鲜，以本地排放为主';
  if (ratio >= 2) return '2–3：气团经过一定老化';
  return '低于 2：气团老化明显，区域传输影响较大';
}

// --- O3–NOx sensitivity ------------------------------------------------------------------------------

/** NOx in ppb from NO and NO2 in μg/m³ (NOx is the sum of the two mixing ratios). */
export function noxPpb(noUg: number | null, no2Ug: number | null): number | null {
  if (noUg === null || no2Ug === null) return null;
  return ugToPpb(noUg, 30.01) + ugToPpb(no2Ug, 46.01);
}

export type O3Regime = 'voc' | 'transition' | 'nox';
export const O3_REGIMES: Record<O3Regime, string> = {
  voc: 'VOCs 控制区',
  transition: '协同控制区（过渡区）',
  nox: 'NOx 控制区',
};
/**
 * VOC/NOx (ppbC/ppb) thresholds: ≤ 4 VOC-limited, ≥ 15 NOx-limited, in between transitional
 * (NRC 1991, "Rethinking the Ozone Problem in Urban and Regional Air Pollution"; Seinfeld & Pandis,
 * Atmospheric Chemistry and Physics, ch. 6). A morning (06–09) ratio is the classic use; the
 * answer is indicative, not a model result.
 */
export const VOC_NOX_THRESHOLDS = { vocLimited: 4, noxLimited: 15 } as const;

export function o3Regime(vocNox: number | null): O3Regime | null {
  if (vocNox === null || !Number.isFinite(vocNox)) return null;
  if (vocNox <= VOC_NOX_THRESHOLDS.vocLimited) return 'voc';
  if (vocNox >= VOC_NOX_THRESHOLDS.noxLimited) return 'nox';
  return 'transition';
}

/** The mean of the non-null values, or null. */
export function meanOf(values: readonly (number | null)[]): number | null {
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    sum += v;
    n += 1;
  }
  return n === 0 ? null : sum / n;
}

/** Codes of a comma list, trimmed, unique, in order. */
export function codeList(text: string | undefined): string[] {
  if (text === undefined) return [];
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
}
