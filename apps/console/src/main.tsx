import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/Providers';
import { createConsoleRouter } from './app/router';
import { SessionGate } from './app/session/SessionGate';

const root = document.getElementById('root');
if (root === null) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <SessionGate>
        <RouterProvider router={createConsoleRouter()} />
      </SessionGate>
    </Providers>
  </StrictMode>,
);
