import { healthResponse, readyResponse } from '@lantian/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { type Readiness, readinessFromAnswer, readinessFromFailure } from './readiness';

/** The section's calls, as TanStack Query options. Both checks are cheap: the page keeps them current. */
export const REFRESH_MS = 30_000;

/** GET /readyz: a 503 with the checks is a "not ready" answer (see readiness.ts), not a failed call. */
export const readinessQuery = queryOptions({
  queryKey: ['system', 'readyz'],
  queryFn: async ({ signal }): Promise<Readiness> => {
    try {
      return readinessFromAnswer(await apiGet('/readyz', {}, readyResponse, { signal }));
    } catch (err) {
      const notReady = readinessFromFailure(err);
      if (notReady === undefined) throw err;
      return notReady;
    }
  },
  refetchInterval: REFRESH_MS,
});

/** GET /healthz: the process is alive, and for how long. */
export const healthQuery = queryOptions({
  queryKey: ['system', 'healthz'],
  queryFn: ({ signal }) => apiGet('/healthz', {}, healthResponse, { signal }),
  refetchInterval: REFRESH_MS,
});
