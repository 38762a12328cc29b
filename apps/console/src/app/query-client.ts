import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '../shared/api';

/**
 * The console's one query cache. Data is fresh for 30 s (sections that watch live data set their own
 * refetchInterval). A query is retried twice only when a retry can help (no answer, or 5xx); a 4xx
 * shows at once. Writes are never retried: the operator decides whether to send one again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
      },
      mutations: { retry: false },
    },
  });
}
