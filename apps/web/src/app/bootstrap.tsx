import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptCityCurrent } from '../pages/city/city.api';
import { adoptCityWeather } from '../pages/weather/weather.api';
import { AppProviders } from './AppProviders';
import { AppRouter } from './AppRouter';
import { takeFirstScreenCall } from './first-call';
import { queryClient } from './query-client';

const root = document.getElementById('root');
if (root === null) throw new Error('#root is missing from index.html');

const first = takeFirstScreenCall();
if (first?.page === 'city') adoptCityCurrent(queryClient, first.city, first.inlined ?? first.data);
if (first?.page === 'weather') adoptCityWeather(queryClient, first.city, first.data);

// A transition: React renders the first screen in slices and yields between them, instead of one long
// task that keeps a slow phone from responding (the static first paint of index.html shows meanwhile).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});
