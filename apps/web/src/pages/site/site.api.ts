import type { CitySiteData, SiteCurrentData, SiteDetailData } from '@lantian/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';

/** The page's calls (spec §7 "Public data"), as TanStack Query options. */

/** A new hour arrives once an hour; five minutes keeps the page close to it without chatter. */
const REFRESH_MS = 5 * 60_000;

export const citySitesQuery = (city: string) =>
  queryOptions({
    queryKey: ['site-page', 'getCitySite', city],
    queryFn: ({ signal }) => callApi<CitySiteData>('/api/getCitySite', { city }, { signal }),
    refetchInterval: REFRESH_MS,
  });

export const siteCurrentQuery = (siteCode: string) =>
  queryOptions({
    queryKey: ['site-page', 'getSiteCurrentData', siteCode],
    queryFn: ({ signal }) => callApi<SiteCurrentData>('/api/getSiteCurrentData', { siteCode }, { signal }),
    refetchInterval: REFRESH_MS,
  });

/** The last 24 hours (the server's default range). */
export const siteDayQuery = (siteCode: string) =>
  queryOptions({
    queryKey: ['site-page', 'getSiteDetail', siteCode],
    queryFn: ({ signal }) => callApi<SiteDetailData>('/api/getSiteDetail', { siteCode }, { signal }),
    refetchInterval: REFRESH_MS,
  });

/** A GeoJSON outline as ECharts reads it, with its bounding box. */
export interface Outline {
  /** The area whose outline it is (the city's own, or its province's when the city has none). */
  code: string;
  /** The file's text: ECharts parses it itself (`registerMap` takes GeoJSON as a string). */
  text: string;
  bounds: Bounds;
}

export interface Bounds {
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Walks nested coordinate arrays of any geometry, widening `b` with each [lon, lat]. */
function widen(b: Bounds, coords: unknown): void {
  if (!Array.isArray(coords)) return;
  const [lon, lat] = coords;
  if (typeof lon === 'number' && typeof lat === 'number') {
    b.minLon = Math.min(b.minLon, lon);
    b.maxLon = Math.max(b.maxLon, lon);
    b.minLat = Math.min(b.minLat, lat);
    b.maxLat = Math.max(b.maxLat, lat);
    return;
  }
  for (const c of coords) widen(b, c);
}

/** A FeatureCollection with at least one drawable feature, or null. */
export function parseOutline(code: string, text: string): Outline | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.type !== 'FeatureCollection' || !Array.isArray(value.features)) return null;
  const bounds: Bounds = { minLon: Infinity, maxLon: -Infinity, minLat: Infinity, maxLat: -Infinity };
  for (const f of value.features) if (isRecord(f) && isRecord(f.geometry)) widen(bounds, f.geometry.coordinates);
  if (!Number.isFinite(bounds.minLon)) return null;
  return { code, text, bounds };
}

/**
 * The city's outline from the server's offline maps. A city without a file of its own (东莞, 中山…)
 * is redirected to its province's, and the final address says which; null when there is none at all,
 * and the map then draws the stations on their own.
 */
export const outlineQuery = (cityCode: string) =>
  queryOptions({
    queryKey: ['site-page', 'outline', cityCode],
    queryFn: async ({ signal }): Promise<Outline | null> => {
      const response = await fetch(`/maps/${cityCode}.json`, { signal });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`地图轮廓加载失败（HTTP ${response.status}）`);
      const served = /\/maps\/(\d{6})\.json$/.exec(new URL(response.url, window.location.href).pathname)?.[1];
      return parseOutline(served ?? cityCode, await response.text());
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
