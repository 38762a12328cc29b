import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { useSession } from '../shared/session/session-context';
import { SECTIONS, type Section } from './sections';
import { ComingSoon } from './shell/ComingSoon';
import { ConsoleShell } from './shell/ConsoleShell';
import { Forbidden } from './shell/Forbidden';
import { Home } from './shell/Home';
import { NotFound } from './shell/NotFound';
import { SectionError } from './shell/SectionError';
import { SectionLoading } from './shell/SectionLoading';

/**
 * A section the operator's menu does not hold answers 403 in the content area (a typed or old link):
 * the server refuses its calls anyway; this says so before any call is made.
 */
function Guarded({ section, children }: { section: Section; children: React.ReactNode }) {
  const { menus } = useSession();
  if (!menus.entries.some((e) => e.key === section.key)) return <Forbidden section={section} />;
  return children;
}

/** A section owns its path and everything below it (`system/*`), so it can have routes of its own. */
function sectionRoute(section: Section): RouteObject {
  const path = `${section.path}/*`;
  if (section.load === undefined) {
    return {
      path,
      element: (
        <Guarded section={section}>
          <ComingSoon section={section} />
        </Guarded>
      ),
    };
  }
  // Each route has its own Suspense boundary: a section opened for the first time shows the loading
  // state in the content area at once, while the menu and header stay as they are.
  const Page = lazy(section.load);
  return {
    path,
    element: (
      <Guarded section={section}>
        <Suspense fallback={<SectionLoading />}>
          <Page />
        </Suspense>
      </Guarded>
    ),
  };
}

/** The mobile view for grid members: its own layout (no sider, a bottom tab bar), fetched when opened. */
const MobileApp = lazy(() => import('../m'));

/**
 * The shell around every page, and inside it one route per section. Errors (a section that throws, a
 * chunk that does not download) stop at the pathless route below the shell, so the menu stays usable;
 * navigating elsewhere clears them. The session gate stands outside the router (main.tsx).
 */
export function createConsoleRouter() {
  return createBrowserRouter(
    [
      {
        // /platform/m/*: outside the desktop shell, for phones (src/m).
        path: '/m/*',
        errorElement: <SectionError />,
        element: (
          <Suspense fallback={<SectionLoading />}>
            <MobileApp />
          </Suspense>
        ),
      },
      {
        path: '/',
        element: <ConsoleShell />,
        errorElement: <SectionError />,
        children: [
          {
            errorElement: <SectionError />,
            children: [
              { index: true, element: <Home /> },
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
