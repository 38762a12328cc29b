import { DownOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCurrentCity } from '../../modules/city';
import { looksLikeStationCode } from '../../modules/city/city';
import { NARROW_QUERY, useMediaQuery } from '../../shared/useMediaQuery';
import { PAGES, type PageKey } from '../pages';
import { activePage, citySegment, pagePath } from '../routing';

/**
 * Where each tab leads: `/{page}/{pinyin}` with the query string kept (spec §2); the site tab keeps a
 * station code when the site page shows one.
 */
function useTabTargets(): { active: PageKey; targets: Record<PageKey, string> } {
  const { pathname, search } = useLocation();
  const city = useCurrentCity();
  const active = activePage(pathname);
  const segment = citySegment(pathname) ?? '';
  const citySeg = city?.pyName ?? segment;
  const targets = {} as Record<PageKey, string>;
  for (const p of PAGES) {
    const keepStation = p.key === 'site' && active === 'site' && looksLikeStationCode(segment);
    targets[p.key] = pagePath(p.key, keepStation ? segment : citySeg, search);
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

/** The three page tabs (spec §2); on screens narrower than 768 px they sit in a popover. */
export function PageTabs() {
  const narrow = useMediaQuery(NARROW_QUERY);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const active = PAGES.find((p) => p.key === activePage(pathname)) ?? PAGES[0];
  if (!narrow) return <TabLinks />;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      content={<TabLinks vertical onNavigate={() => setOpen(false)} />}
      classNames={{ root: 'lt-tabs-popover' }}
    >
      <button type="button" className="lt-tabs-toggle" aria-haspopup="true" aria-expanded={open}>
        <span className="lt-tabs-toggle-label">{active.label}</span>
        <DownOutlined aria-hidden />
        <span className="lt-visually-hidden">，切换页面</span>
      </button>
    </Popover>
  );
}
