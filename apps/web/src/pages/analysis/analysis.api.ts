import { useQuery } from '@tanstack/react-query';
import { ApiError, callApi, type Params } from '../../shared/api/client';

/**
 * One public call as a TanStack query, for the analysis sections. Answers are kept for five minutes
 * (the data changes once an hour); a 4xx is not retried (bad input will not heal), a 5xx once.
 */
export function useApiCall<T>(
  path: string,
  params: Params,
  options: { enabled?: boolean; method?: 'GET' | 'POST' } = {},
) {
  return useQuery<T, Error>({
    queryKey: ['analysis', path, params],
    queryFn: ({ signal }) => callApi<T>(path, params, { signal, method: options.method ?? 'POST' }),
    enabled: options.enabled ?? true,
    staleTime: 5 * 60_000,
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  });
}
