import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCurrentCity } from '../../modules/city';
import { looksLikeStationCode } from '../../modules/city/city';
import { Icon } from '../../shared/Icon';
import { NARROW_QUERY, useMediaQuery } from '../../shared/useMediaQuery';
import { PAGES, type PageKey } from '../pages';
import { activePage, citySegment, isPagePath, pagePath, sectionOf } from '../routing';

/**
 * Where each tab leads: `/{page}/{pinyin}` with the query string kept (spec §2); the site tab keeps a
 * station code when the site page shows one.
 */
function useTabTargets(): { active: PageKey | undefined; targets: Record<PageKey, string> } {
  const { pathname, search } = useLocation();
  const city = useCurrentCity();
  // In a section (analysis, news) no tab is active; the tabs lead to the current city's pages.
  const onPage = isPagePath(pathname);
  const active = onPage ? activePage(pathname) : undefined;
  const segment = citySegment(pathname) ?? '';
  const citySeg = city?.pyName ?? (onPage ? segment : '');
  const targets = {} as Record<PageKey, string>;
  for (const p of PAGES) {
    const keepStation = p.key === 'site' && active === 'site' && looksLikeStationCode(segment);
    targets[p.key] = pagePath(p.key, keepStation ? segment : citySeg, onPage ? search : '');
  }
  return { active, targets };
}

function TabLinks({ onNavigate, vertical }: { onNavigate?: () => void; vertical?: boolean }) {
  const { active, targets } = useTabTargets();
  return (
    <nav className={vertical ? 'lt-tabs lt-tabs-vertical' : 'lt-tabs'} aria-label="页面切换">
      {PAGES.map((p) => (
        <Link
          key={p.key}
          to={targets[p.key]}
          className={p.key === active ? 'lt-tab lt-tab-active' : 'lt-tab'}
          aria-current={p.key === active ? 'page' : undefined}
          onClick={onNavigate}
        >
          {p.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The three page tabs (spec §2); on screens narrower than 768 px they sit in a popover that a click
 * outside, Escape or a pick closes. A small own popover: antd's would bring antd onto the first screen.
 */
export function PageTabs() {
  const narrow = useMediaQuery(NARROW_QUERY);
  if (!narrow) return <TabLinks />;
  return <TabsPopover />;
}

function TabsPopover() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // In a section the toggle names the section: the tabs inside lead away from it.
  const label = isPagePath(pathname)
    ? (PAGES.find((p) => p.key === activePage(pathname)) ?? PAGES[0]).label
    : (sectionOf(pathname)?.label ?? PAGES[0].label);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (e.target instanceof Node && rootRef.current?.contains(e.target)) return;
      setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="lt-tabs-menu" ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className="lt-tabs-toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="lt-tabs-toggle-label">{label}</span>
        <Icon name="down" />
        <span className="lt-visually-hidden">，切换页面</span>
      </button>
      {open && (
        <div id={panelId} className="lt-tabs-popover">
          <TabLinks vertical onNavigate={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
