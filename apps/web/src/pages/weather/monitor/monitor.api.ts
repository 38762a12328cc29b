import type { ImageFrameSequence, TyphoonFeatureCollection, WeatherWarning } from '@lantian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client';

/** The weather monitor's calls (spec §7 GET /api/common/*): typhoons, warnings, the radar loop. */

/** Radar mosaics come every 6 minutes: look again as often. */
const RADAR_REFRESH_MS = 6 * 60_000;
const WARNING_REFRESH_MS = 5 * 60_000;

export function useTyphoons(year: number) {
  return useQuery({
    queryKey: ['weather-monitor', 'typhoons', year],
    queryFn: () => callApi<TyphoonFeatureCollection>('/api/common/getTyphoonData', { year }, { method: 'GET' }),
    placeholderData: keepPreviousData,
  });
}

export function useTyphoonTrack(year: number, name: string | undefined) {
  return useQuery({
    queryKey: ['weather-monitor', 'typhoon', year, name],
    queryFn: () => callApi<TyphoonFeatureCollection>('/api/common/getTyphoonData', { year, name }, { method: 'GET' }),
    enabled: name !== undefined,
  });
}

export interface DisasterInfo {
  list: WeatherWarning[];
  message: string | null;
}

export function useWarnings() {
  return useQuery({
    queryKey: ['weather-monitor', 'warnings'],
    queryFn: () => callApi<DisasterInfo>('/api/common/getDisasterInfo', { type: 'all' }, { method: 'GET' }),
    refetchInterval: WARNING_REFRESH_MS,
  });
}

export function useRadarLoop() {
  return useQuery({
    queryKey: ['weather-monitor', 'nowcasting'],
    queryFn: () => callApi<ImageFrameSequence>('/api/common/getNowcastingData', {}, { method: 'GET' }),
    refetchInterval: RADAR_REFRESH_MS,
  });
}
