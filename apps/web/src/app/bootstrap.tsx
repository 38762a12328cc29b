import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptCityCurrent } from '../pages/city/api';
import { takeFirstScreenCall } from './first-call';
import { Providers } from './providers';
import { queryClient } from './query-client';
import { AppRouter } from './router';

const root = document.getElementById('root');
if (root === null) throw new Error('#root is missing from index.html');

const first = takeFirstScreenCall();
if (first !== undefined) adoptCityCurrent(queryClient, first.city, first.data);

// A transition: React renders the first screen in slices and yields between them, instead of one long
// task that keeps a slow phone from responding (the static first paint of index.html shows meanwhile).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
});
