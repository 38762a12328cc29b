import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { SECTIONS, type Section } from './sections';
import { ComingSoon } from './shell/ComingSoon';
import { ConsoleShell } from './shell/ConsoleShell';
import { NotFound } from './shell/NotFound';
import { SectionError } from './shell/SectionError';
import { SectionLoading } from './shell/SectionLoading';
import { Welcome } from './shell/Welcome';

/** A section owns its path and everything below it (`system/*`), so it can have routes of its own. */
function sectionRoute(section: Section): RouteObject {
  const path = `${section.path}/*`;
  if (section.planned) return { path, element: <ComingSoon section={section} /> };
  // Each route has its own Suspense boundary: a section opened for the first time shows the loading
  // state in the content area at once, while the menu and header stay as they are.
  const Page = lazy(section.load);
  return {
    path,
    element: (
      <Suspense fallback={<SectionLoading />}>
        <Page />
      </Suspense>
    ),
  };
}

/**
 * The shell around every page, and inside it one route per section from the section list. Errors
 * (a section that throws, a chunk that does not download) stop at the pathless route below the shell,
 * so the menu stays usable; navigating elsewhere clears them.
 */
export function createConsoleRouter() {
  return createBrowserRouter(
    [
      {
        path: '/',
        element: <ConsoleShell />,
        errorElement: <SectionError />,
        children: [
          {
            errorElement: <SectionError />,
            children: [
              { index: true, element: <Welcome /> },
              ...SECTIONS.map(sectionRoute),
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
    { basename: '/platform' },
  );
}
