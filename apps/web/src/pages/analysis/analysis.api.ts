import { useQuery } from '@tanstack/react-query';
import { ApiError, callApi, type Params } from '../../shared/api/client';

/**
 * One public call as TanStack query options, for the analysis sections: the same key, freshness and
 * retry rule whether a block asks once (useApiCall) or for several cities at a time (useQueries).
 * Answers are kept for five minutes (the data changes once an hour); a 4xx is not retried (bad input
 * will not heal), a 5xx once.
 */
export function apiQuery<T>(path: string, params: Params, method: 'GET' | 'POST' = 'POST') {
  return {
    queryKey: ['analysis', path, params] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => callApi<T>(path, params, { signal, method }),
    staleTime: 5 * 60_000,
    retry: (failures: number, error: Error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  };
}

export function useApiCall<T>(
  path: string,
  params: Params,
  options: { enabled?: boolean; method?: 'GET' | 'POST' } = {},
) {
  return useQuery<T, Error>({ ...apiQuery<T>(path, params, options.method), enabled: options.enabled ?? true });
}
