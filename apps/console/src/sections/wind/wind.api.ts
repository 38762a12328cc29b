import {
  inversionStatsResponse,
  soundingResponse,
  soundingStationListResponse,
  trajectoryResponse,
  windAqiResponse,
  windFieldResponse,
} from '@lantian/contracts';
import { apiGet, type DataOf } from '../../shared/api';

/** The calls of the 风场与探空 section (/atmoWindy/nationalWindy/*, /air/sounding/*). */

export const windKeys = {
  field: (level: string, time: string | null) => ['wind', 'field', level, time] as const,
  aqi: ['wind', 'aqi'] as const,
  stations: ['wind', 'stations'] as const,
  sounding: (code: string, time: string | null) => ['wind', 'sounding', code, time] as const,
  stats: (code: string) => ['wind', 'stats', code] as const,
};

export type WindFieldData = DataOf<typeof windFieldResponse>;
export type Sounding = DataOf<typeof soundingResponse>;
export type Trajectories = DataOf<typeof trajectoryResponse>;
export type AqiPoints = DataOf<typeof windAqiResponse>;

export const getWindField = (level: string, time: string | null, signal?: AbortSignal) =>
  apiGet('/atmoWindy/nationalWindy/getServerData', { level, time: time ?? undefined }, windFieldResponse, { signal });

export const getAqiPoints = (signal?: AbortSignal) =>
  apiGet('/atmoWindy/nationalWindy/getAQIData', {}, windAqiResponse, { signal });

export const getTrajectory = (params: {
  longitude: number;
  latitude: number;
  time: string;
  hours: number;
  heights: string;
}) => apiGet('/atmoWindy/nationalWindy/getTrajectory', params, trajectoryResponse);

export const getStations = (signal?: AbortSignal) =>
  apiGet('/air/sounding/getStationList', {}, soundingStationListResponse, { signal });

export const getSounding = (stationCode: string, time: string | null, signal?: AbortSignal) =>
  apiGet('/air/sounding/getSoundingData', { stationCode, time: time ?? undefined }, soundingResponse, { signal });

export const getInversionStats = (stationCode: string, signal?: AbortSignal) =>
  apiGet('/air/sounding/getInversionStatistics', { stationCode }, inversionStatsResponse, { signal });
