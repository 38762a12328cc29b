/**
 * The VOC species the platform knows: a well-defined subset of the PAMS 57 target compounds and of
 * the 117-species list of China's photochemical monitoring network (PAMS + TO-15 + 13 carbonyls),
 * chosen so that every group is present and the traffic tracers and ratio pairs are complete.
 *
 * - `code`: the factor code a data logger sends. Where HJ 212-2017 (Appendix B, table B.1, air
 *   pollutant codes) has one it is used (a24xxx halogenated/aliphatic, a25xxx aromatic, a31xxx
 *   carbonyl); the codes were checked against the code table data loggers ship with. Species the
 *   standard leaves out (the light alkanes, ethylene, acetylene, isoprene, …) have stable own codes
 *   `v1xxxx` (documented in docs/VOC.md), never to be reused for another species.
 * - `mw`: molar mass, g/mol (IUPAC 2021 atomic weights, rounded to 0.01).
 * - `carbons`: carbon atoms (for ppbC).
 * - `mir`: maximum incremental reactivity, g O3 / g VOC: W. P. L. Carter, "SAPRC-07 MIR table",
 *   updated 2010 (https://intra.engr.ucr.edu/~carter/SAPRC/MIR10.pdf), column "MIR".
 * - `kOH`: rate constant with OH at 298 K, 10⁻¹² cm³ molecule⁻¹ s⁻¹: R. Atkinson and J. Arey, Chem.
 *   Rev. 103 (2003) 4605–4638, tables 1–9 (alkanes, alkenes, alkyne, aromatics); carbonyls and
 *   halocarbons from the IUPAC Task Group on Atmospheric Chemical Kinetic Data evaluations.
 */

export const VOC_GROUPS = {
  alkane: '烷烃',
  alkene: '烯烃',
  alkyne: '炔烃',
  aromatic: '芳香烃',
  ovoc: '含氧 VOCs',
  halocarbon: '卤代烃',
} as const;
export type VocGroup = keyof typeof VOC_GROUPS;
export const VOC_GROUP_KEYS = Object.keys(VOC_GROUPS) as VocGroup[];

export interface VocSpecies {
  code: string;
  name: string;
  nameEn: string;
  cas: string;
  group: VocGroup;
  mw: number;
  carbons: number;
  mir: number;
  kOH: number;
  /** Part of the PAMS 57 target list. */
  pams: boolean;
}

// biome-ignore format: one line per species
export const VOC_SPECIES: readonly VocSpecies[] = [
  { code: 'v10001', name: '乙烷', nameEn: 'ethane', cas: '74-84-0', group: 'alkane', mw: 30.07, carbons: 2, mir: 0.28, kOH: 0.248, pams: true },
  { code: 'v10002', name: '丙烷', nameEn: 'propane', cas: '74-98-6', group: 'alkane', mw: 44.1, carbons: 3, mir: 0.49, kOH: 1.09, pams: true },
  { code: 'v10003', name: '异丁烷', nameEn: 'isobutane', cas: '75-28-5', group: 'alkane', mw: 58.12, carbons: 4, mir: 1.23, kOH: 2.12, pams: true },
  { code: 'v10004', name: '正丁烷', nameEn: 'n-butane', cas: '106-97-8', group: 'alkane', mw: 58.12, carbons: 4, mir: 1.15, kOH: 2.36, pams: true },
  { code: 'v10005', name: '异戊烷', nameEn: 'isopentane', cas: '78-78-4', group: 'alkane', mw: 72.15, carbons: 5, mir: 1.45, kOH: 3.6, pams: true },
  { code: 'v10006', name: '正戊烷', nameEn: 'n-pentane', cas: '109-66-0', group: 'alkane', mw: 72.15, carbons: 5, mir: 1.31, kOH: 3.8, pams: true },
  { code: 'a24042', name: '正己烷', nameEn: 'n-hexane', cas: '110-54-3', group: 'alkane', mw: 86.18, carbons: 6, mir: 1.24, kOH: 5.2, pams: true },
  { code: 'a24036', name: '环己烷', nameEn: 'cyclohexane', cas: '110-82-7', group: 'alkane', mw: 84.16, carbons: 6, mir: 1.25, kOH: 6.97, pams: true },
  { code: 'a24043', name: '正庚烷', nameEn: 'n-heptane', cas: '142-82-5', group: 'alkane', mw: 100.2, carbons: 7, mir: 1.07, kOH: 6.76, pams: true },
  { code: 'v10101', name: '乙烯', nameEn: 'ethylene', cas: '74-85-1', group: 'alkene', mw: 28.05, carbons: 2, mir: 9.0, kOH: 8.52, pams: true },
  { code: 'a24053', name: '丙烯', nameEn: 'propylene', cas: '115-07-1', group: 'alkene', mw: 42.08, carbons: 3, mir: 11.66, kOH: 26.3, pams: true },
  { code: 'v10102', name: '1-丁烯', nameEn: '1-butene', cas: '106-98-9', group: 'alkene', mw: 56.11, carbons: 4, mir: 9.73, kOH: 31.4, pams: true },
  { code: 'v10103', name: '反-2-丁烯', nameEn: 'trans-2-butene', cas: '624-64-6', group: 'alkene', mw: 56.11, carbons: 4, mir: 15.16, kOH: 64.0, pams: true },
  { code: 'a24078', name: '1,3-丁二烯', nameEn: '1,3-butadiene', cas: '106-99-0', group: 'alkene', mw: 54.09, carbons: 4, mir: 12.61, kOH: 66.6, pams: false },
  { code: 'v10104', name: '异戊二烯', nameEn: 'isoprene', cas: '78-79-5', group: 'alkene', mw: 68.12, carbons: 5, mir: 10.61, kOH: 100, pams: true },
  { code: 'v10201', name: '乙炔', nameEn: 'acetylene', cas: '74-86-2', group: 'alkyne', mw: 26.04, carbons: 2, mir: 0.95, kOH: 0.78, pams: true },
  { code: 'a25002', name: '苯', nameEn: 'benzene', cas: '71-43-2', group: 'aromatic', mw: 78.11, carbons: 6, mir: 0.72, kOH: 1.22, pams: true },
  { code: 'a25003', name: '甲苯', nameEn: 'toluene', cas: '108-88-3', group: 'aromatic', mw: 92.14, carbons: 7, mir: 4.0, kOH: 5.63, pams: true },
  { code: 'a25004', name: '乙苯', nameEn: 'ethylbenzene', cas: '100-41-4', group: 'aromatic', mw: 106.17, carbons: 8, mir: 3.04, kOH: 7.0, pams: true },
  { code: 'a25007', name: '间二甲苯', nameEn: 'm-xylene', cas: '108-38-3', group: 'aromatic', mw: 106.17, carbons: 8, mir: 9.75, kOH: 23.1, pams: true },
  { code: 'a25008', name: '对二甲苯', nameEn: 'p-xylene', cas: '106-42-3', group: 'aromatic', mw: 106.17, carbons: 8, mir: 5.84, kOH: 14.3, pams: true },
  { code: 'a25006', name: '邻二甲苯', nameEn: 'o-xylene', cas: '95-47-6', group: 'aromatic', mw: 106.17, carbons: 8, mir: 7.64, kOH: 13.6, pams: true },
  { code: 'a25038', name: '苯乙烯', nameEn: 'styrene', cas: '100-42-5', group: 'aromatic', mw: 104.15, carbons: 8, mir: 1.73, kOH: 58, pams: true },
  { code: 'a25019', name: '1,2,4-三甲苯', nameEn: '1,2,4-trimethylbenzene', cas: '95-63-6', group: 'aromatic', mw: 120.19, carbons: 9, mir: 8.87, kOH: 32.5, pams: true },
  { code: 'a25021', name: '1,3,5-三甲苯', nameEn: '1,3,5-trimethylbenzene', cas: '108-67-8', group: 'aromatic', mw: 120.19, carbons: 9, mir: 11.76, kOH: 56.7, pams: true },
  { code: 'a31001', name: '甲醛', nameEn: 'formaldehyde', cas: '50-00-0', group: 'ovoc', mw: 30.03, carbons: 1, mir: 9.46, kOH: 8.5, pams: false },
  { code: 'a31002', name: '乙醛', nameEn: 'acetaldehyde', cas: '75-07-0', group: 'ovoc', mw: 44.05, carbons: 2, mir: 6.54, kOH: 15, pams: false },
  { code: 'a31024', name: '丙酮', nameEn: 'acetone', cas: '67-64-1', group: 'ovoc', mw: 58.08, carbons: 3, mir: 0.36, kOH: 0.17, pams: false },
  { code: 'a31025', name: '2-丁酮', nameEn: 'methyl ethyl ketone', cas: '78-93-3', group: 'ovoc', mw: 72.11, carbons: 4, mir: 1.48, kOH: 1.1, pams: false },
  { code: 'a24003', name: '二氯甲烷', nameEn: 'dichloromethane', cas: '75-09-2', group: 'halocarbon', mw: 84.93, carbons: 1, mir: 0.041, kOH: 0.1, pams: false },
  { code: 'a24004', name: '三氯甲烷', nameEn: 'chloroform', cas: '67-66-3', group: 'halocarbon', mw: 119.38, carbons: 1, mir: 0.022, kOH: 0.1, pams: false },
  { code: 'a24017', name: '1,2-二氯乙烷', nameEn: '1,2-dichloroethane', cas: '107-06-2', group: 'halocarbon', mw: 98.96, carbons: 2, mir: 0.21, kOH: 0.248, pams: false },
  { code: 'a24049', name: '三氯乙烯', nameEn: 'trichloroethylene', cas: '79-01-6', group: 'halocarbon', mw: 131.39, carbons: 2, mir: 0.64, kOH: 2.2, pams: false },
  { code: 'a24050', name: '四氯乙烯', nameEn: 'tetrachloroethylene', cas: '127-18-4', group: 'halocarbon', mw: 165.83, carbons: 2, mir: 0.031, kOH: 0.16, pams: false },
];

const BY_CODE = new Map(VOC_SPECIES.map((s) => [s.code, s]));

/** A species by its factor code, or undefined. */
export function vocSpecies(code: string): VocSpecies | undefined {
  return BY_CODE.get(code);
}

export function isVocSpecies(code: string): boolean {
  return BY_CODE.has(code);
}

/** The inorganic companions a VOC station reports (HJ 212-2017 codes), sent in μg/m³. */
export const VOC_COMPANIONS = {
  no: { code: 'a21003', name: 'NO', mw: 30.01 },
  no2: { code: 'a21004', name: 'NO2', mw: 46.01 },
  o3: { code: 'a05024', name: 'O3', mw: 48.0 },
} as const;

/**
 * Traffic source tracers (the default `trafficIds`): species whose urban concentrations are
 * dominated by vehicle exhaust and gasoline evaporation — ethylene and acetylene (combustion),
 * isopentane (gasoline evaporation), benzene and toluene (exhaust), n-pentane. Barletta et al.
 * (Atmos. Environ. 39, 2005) and Liu et al. (Atmos. Environ. 42, 2008) use the same set for Chinese
 * cities; it is a hint, not a source apportionment.
 */
export const TRAFFIC_TRACERS: readonly string[] = ['v10101', 'v10201', 'v10005', 'v10006', 'a25002', 'a25003'];
