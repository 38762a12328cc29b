import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. A module, not React state, so that main.tsx can start the first page's
 * headline call before React renders and hand its answer to the page.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});
