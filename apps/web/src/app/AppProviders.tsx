import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { isToastHostWanted, onToastHostWanted } from '../shared/toast';
import { queryClient } from './query-client';

// antd (and its CSS-in-JS runtime) stays off the first screen; the toasts load it on the first toast.
const ToastHost = lazy(() => import('../shared/antd/ToastHost'));

function Toasts() {
  const wanted = useSyncExternalStore(onToastHostWanted, isToastHostWanted, isToastHostWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

/** One query cache for the whole app, and the toast host. antd's providers wrap each lazy part that uses it. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
