import type {
  CityListEntry,
  ClusterCollection,
  ClusterEach,
  ExportFormat,
  ExportTicket,
  HistoryData,
  ShortUrl,
  SiteInfo,
} from '@lantian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../shared/api/client';
import type { ClusterState, HistoryState } from './url-state';
import { timeBounds } from './url-state';

/** The calls of the data-analysis page (issue 18), one TanStack query each. */

const MINUTE = 60_000;
/** Spec §7: cluster calls may take long (200 s); they are computed once per data hour on the server. */
const CLUSTER_TIMEOUT_MS = 200_000;

function retry(failures: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}

export function historyParams(state: HistoryState, nowMs: number) {
  return {
    [state.kind === 'city' ? 'cities' : 'stations']: state.codes.join(','),
    pollutants: state.pollutants.join(','),
    granularity: state.granularity,
    ...timeBounds(state, nowMs),
  };
}

/** The page's "now", on the minute: a query key that does not change on every render. */
export const minuteNow = () => Math.floor(Date.now() / MINUTE) * MINUTE;

export function useHistory(state: HistoryState, page: { pageNum: number; pageSize: number }, nowMs: number) {
  const params = { ...historyParams(state, nowMs), pageNum: page.pageNum, pageSize: page.pageSize };
  return useQuery({
    queryKey: ['data-analysis', 'history', params],
    queryFn: ({ signal }) => callApi<HistoryData>('/api/getHistoryData', params, { signal, quiet: true }),
    enabled: state.codes.length > 0 && state.pollutants.length > 0,
    placeholderData: keepPreviousData,
    staleTime: MINUTE,
    retry,
  });
}

export async function createExport(state: HistoryState, nowMs: number, format: ExportFormat): Promise<ExportTicket> {
  return callApi<ExportTicket>('/api/createDataExport', { ...historyParams(state, nowMs), format });
}

export async function shortLink(path: string): Promise<ShortUrl> {
  return callApi<ShortUrl>('/api/getShortUrl', { url: path });
}

export function useCityList() {
  return useQuery({
    queryKey: ['cityList'],
    queryFn: async () =>
      ((await callApi<CityListEntry[] | null>('/api/getCityList', {}, { method: 'GET', quiet: true })) ?? []).filter(
        (c) => c.areaType === 3,
      ),
    staleTime: Infinity,
    retry,
  });
}

export function useSiteList(enabled: boolean) {
  return useQuery({
    queryKey: ['siteInfoList'],
    queryFn: async () => (await callApi<SiteInfo[] | null>('/api/getSiteInfoList', {}, { method: 'GET' })) ?? [],
    enabled,
    staleTime: 10 * MINUTE,
    retry,
  });
}

const clusterParams = (state: ClusterState) => ({ factor: state.factor, days: state.days, k: state.k });

export function useClusters(state: ClusterState) {
  const params = clusterParams(state);
  return useQuery({
    queryKey: ['data-analysis', 'clusters', params],
    queryFn: ({ signal }) =>
      callApi<ClusterCollection>('/api/getClusterData', params, {
        method: 'GET',
        signal,
        timeoutMs: CLUSTER_TIMEOUT_MS,
        quiet: true,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10 * MINUTE,
    retry,
  });
}

export function useClusterEach(state: ClusterState) {
  const params = clusterParams(state);
  return useQuery({
    queryKey: ['data-analysis', 'cluster-each', params],
    queryFn: ({ signal }) =>
      callApi<ClusterEach[]>('/api/getClusterEachData', params, {
        method: 'GET',
        signal,
        timeoutMs: CLUSTER_TIMEOUT_MS,
        quiet: true,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10 * MINUTE,
    retry,
  });
}

/** The China national outline (offline GeoJSON from /maps), registered with ECharts by the map. */
export function useChinaOutline() {
  return useQuery({
    queryKey: ['data-analysis', 'outline', '100000'],
    queryFn: async ({ signal }) => {
      const response = await fetch('/maps/100000.json', { signal });
      if (!response.ok) throw new Error(`地图加载失败（HTTP ${response.status}）`);
      return response.text();
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}
