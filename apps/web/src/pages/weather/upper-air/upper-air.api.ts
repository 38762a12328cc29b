import {
  type PointValues,
  type SignableParams,
  type SoundingDto,
  signParams,
  type TrajectoryCollection,
  type WindField,
} from '@lantian/contracts';
import { ApiError, callApi } from '../../../shared/api/client';
import { runtimeConfig } from '../../../shared/runtime-config';

/** The public upper-air calls the weather page's block reads (spec §7 "Common", getAirTrajectoryData). */

interface StationFeature {
  geometry: { coordinates: [number, number] };
  properties: { code: string; name: string; latestTime: string | null };
}

export const getStations = async () =>
  (await callApi<{ features: StationFeature[] }>('/api/common/getAirSoundingStation', {}, { method: 'GET' })).features;

export const getSounding = (soundingCode: string) =>
  callApi<SoundingDto>('/api/common/getSoundingData', { soundingCode }, { method: 'GET' });

export const getWindProduct = () =>
  callApi<{ field: WindField; stats: { mean: number; max: number } | null }>(
    '/api/getMeteoinfoData',
    { type: 'wind10m' },
    { method: 'GET' },
  );

export const getPoint = (lon: number, lat: number) =>
  callApi<PointValues>(`/api/common/lonlat/${lon.toFixed(2)},${lat.toFixed(2)}`, {}, { method: 'GET' });

/** The one JSON-bodied public call: signed over its values like a form. */
export async function getTrajectories(body: SignableParams): Promise<TrajectoryCollection> {
  const headers = await signParams(body, runtimeConfig.apiKey);
  const response = await fetch('/api/getAirTrajectoryData', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(20_000),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: TrajectoryCollection };
  if (envelope.code !== 0) throw new ApiError(envelope.msg, envelope.code, response.status);
  return envelope.data;
}

/** The station nearest to a place among those with an ascent. */
export function nearestStation(
  features: readonly StationFeature[],
  lon: number,
  lat: number,
): StationFeature | undefined {
  const k = Math.cos((lat * Math.PI) / 180);
  let best: StationFeature | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const f of features) {
    if (f.properties.latestTime === null) continue;
    const [x, y] = f.geometry.coordinates;
    const d = ((x - lon) * k) ** 2 + (y - lat) ** 2;
    if (d < bestD) {
      bestD = d;
      best = f;
    }
  }
  return best;
}
