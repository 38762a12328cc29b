import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/Providers';
import { createConsoleRouter } from './app/router';
import { SessionGate } from './app/session/SessionGate';
import { screenTokenOf } from './screen/screen.api';

const root = document.getElementById('root');
if (root === null) throw new Error('#root is missing from index.html');

/** A published dashboard on a big screen opens with its token alone: no session gate, no shell. */
const ScreenApp = lazy(() => import('./screen'));
const screenToken = screenTokenOf(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <Providers>
      {screenToken === undefined ? (
        <SessionGate>
          <RouterProvider router={createConsoleRouter()} />
        </SessionGate>
      ) : (
        <Suspense fallback={null}>
          <ScreenApp token={screenToken} />
        </Suspense>
      )}
    </Providers>
  </StrictMode>,
);
