import { waterHistoryResponse, waterStationsResponse } from '@lantian/contracts';
import { apiGet, type DataOf, type Params } from '../../shared/api';

/** The calls of 水质监测: getWaterStations (spec §7) and a station's hourly history. */

export type WaterStations = DataOf<typeof waterStationsResponse>;
export type WaterStation = WaterStations['list'][number];
export type WaterHistory = DataOf<typeof waterHistoryResponse>;

export const waterKeys = {
  stations: ['water', 'stations'] as const,
  history: (params: Params) => ['water', 'history', params] as const,
};

type Signal = AbortSignal | undefined;

export const waterApi = {
  stations: (signal: Signal) => apiGet('/zhhb/center/getWaterStations', {}, waterStationsResponse, { signal }),
  history: (p: Params, signal: Signal) => apiGet('/water/station/history', p, waterHistoryResponse, { signal }),
};
