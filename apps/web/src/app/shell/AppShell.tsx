import { Input } from 'antd';
import { NavLink, Outlet, useParams } from 'react-router';
import { PAGES } from '../pages';
import { Logo } from './Logo';
import './shell.css';

/**
 * The frame around every public page: logo, city search, the three page tabs. The search box,
 * side navigation and account controls are filled in by the public-web and accounts issues.
 */
export function AppShell() {
  const params = useParams();
  const city = params['*'] ?? '';
  return (
    <div className="lt-shell">
      <header className="lt-header">
        <Logo />
        <search className="lt-search">
          <Input.Search placeholder="请输入城市或区县" aria-label="搜索城市或区县" readOnly />
        </search>
        <nav className="lt-tabs" aria-label="页面切换">
          {PAGES.map((p) => (
            <NavLink
              key={p.key}
              to={`/${p.key}/${city}`}
              className={({ isActive }) => (isActive ? 'lt-tab lt-tab-active' : 'lt-tab')}
            >
              {p.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="lt-main">
        <Outlet />
      </main>
    </div>
  );
}
