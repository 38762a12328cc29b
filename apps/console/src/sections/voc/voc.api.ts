import {
  vocCompositionResponse,
  vocDiurnalResponse,
  vocKeySpeciesResponse,
  vocRatiosResponse,
  vocSensitivityResponse,
  vocSequenceResponse,
  vocSpeciesResponse,
  vocStationsResponse,
} from '@lantian/contracts';
import { apiGet, type DataOf, type Params } from '../../shared/api';

/** The calls of VOC 分析 (spec §7 `/air/relation/bigdata/*`); each answer is checked against its schema. */

export type VocStation = DataOf<typeof vocStationsResponse>['list'][number];
export type VocSpecies = DataOf<typeof vocSpeciesResponse>['list'][number];
export type VocSequence = DataOf<typeof vocSequenceResponse>;
export type VocComposition = DataOf<typeof vocCompositionResponse>;
export type VocKeySpecies = DataOf<typeof vocKeySpeciesResponse>;
export type VocDiurnal = DataOf<typeof vocDiurnalResponse>;
export type VocRatios = DataOf<typeof vocRatiosResponse>;
export type VocSensitivity = DataOf<typeof vocSensitivityResponse>;

export const vocKeys = {
  call: (path: string, params: Params) => ['voc', path, params] as const,
};

type Signal = AbortSignal | undefined;
const P = '/air/relation/bigdata';

export const vocApi = {
  stations: (p: Params, signal: Signal) => apiGet(`${P}/stations`, p, vocStationsResponse, { signal }),
  species: (signal: Signal) => apiGet(`${P}/species`, {}, vocSpeciesResponse, { signal }),
  sequence: (p: Params, signal: Signal) => apiGet(`${P}/sequence`, p, vocSequenceResponse, { signal }),
  composition: (p: Params, signal: Signal) => apiGet(`${P}/composition`, p, vocCompositionResponse, { signal }),
  keySpecies: (p: Params, signal: Signal) => apiGet(`${P}/keySpecies`, p, vocKeySpeciesResponse, { signal }),
  diurnal: (p: Params, signal: Signal) => apiGet(`${P}/diurnal`, p, vocDiurnalResponse, { signal }),
  ratios: (p: Params, signal: Signal) => apiGet(`${P}/ratios`, p, vocRatiosResponse, { signal }),
  sensitivity: (p: Params, signal: Signal) => apiGet(`${P}/sensitivity`, p, vocSensitivityResponse, { signal }),
};
