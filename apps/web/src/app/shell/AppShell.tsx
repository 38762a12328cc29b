import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CurrentCityProvider } from '../../modules/city';
import { CitySearch } from '../../modules/search/CitySearch';
import { onApiFailure } from '../../shared/api/client';
import { Icon } from '../../shared/Icon';
import { PageLoading } from '../../shared/PageLoading';
import { toast } from '../../shared/toast';
import { ensureUniqueId } from '../startup';
import { CityTitle } from './CityTitle';
import { Logo } from './Logo';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PageTabs } from './PageTabs';
import { useDocumentMeta } from './useDocumentMeta';
import './shell.css';

const loadSideNav = () => import('./SideNav');
const SideNav = lazy(loadSideNav);
const SIDE_NAV_WARM_DELAY_MS = 8000;

/** Spec §8: any failed call of the public site shows '服务器请求失败' as an error toast for 3 s. */
function useApiFailureToast() {
  useEffect(() => {
    const off = onApiFailure(() => {
      // One key: a burst of failures (a page's parallel calls) shows one toast, not a stack of them.
      toast('error', { content: '服务器请求失败', duration: 3, key: 'api-failure' });
    });
    void ensureUniqueId();
    return off;
  }, []);
}

function ShellFrame() {
  const [navOpen, setNavOpen] = useState(false);
  const [navMounted, setNavMounted] = useState(false);
  const { pathname } = useLocation();
  useDocumentMeta();

  useEffect(() => {
    // The side navigation brings antd; warming it while the first screen settles would compete with
    // the page, so it waits for a quiet moment well after the start (or for the visitor's intent).
    const id = window.setTimeout(() => {
      const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 0));
      idle(() => void loadSideNav());
    }, SIDE_NAV_WARM_DELAY_MS);
    return () => window.clearTimeout(id);
  }, []);

  const openNav = () => {
    setNavMounted(true);
    setNavOpen(true);
  };

  return (
    <div className="lt-shell">
      <header className="lt-header">
        <div className="lt-header-row">
          <button
            type="button"
            className="lt-menu-button"
            aria-label="打开导航菜单"
            aria-expanded={navOpen}
            onClick={openNav}
            onPointerEnter={() => void loadSideNav()}
            onFocus={() => void loadSideNav()}
          >
            <Icon name="menu" />
          </button>
          <Logo />
          <CityTitle />
          <CitySearch />
          <PageTabs />
        </div>
      </header>
      <main className="lt-main">
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      {navMounted && (
        <Suspense fallback={null}>
          <SideNav open={navOpen} onClose={() => setNavOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The frame around every public page (spec §2 "Shell"): menu button and side navigation, logo, the
 * current city with its follow star, the city search and the page tabs; below them the page, inside
 * an error boundary. It resolves the current city for the pages and shows the toasts of spec §8.
 */
export function AppShell() {
  useApiFailureToast();
  return (
    <CurrentCityProvider>
      <ShellFrame />
    </CurrentCityProvider>
  );
}
