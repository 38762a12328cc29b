import { CameraOutlined, DesktopOutlined, EnvironmentOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Link, Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { useCan, useSession } from '../shared/session/session-context';
import { MobileEvent } from './MobileEvent';
import { MobileReport } from './MobileReport';
import { MyTasks } from './MyTasks';
import { MOBILE_TABS, type MobileTab, PREFER_DESKTOP_KEY, tabOf } from './mobile';
import { PatrolTab } from './PatrolTab';
import './mobile.css';

const TAB_ICONS: Record<MobileTab, ReactNode> = {
  tasks: <UnorderedListOutlined />,
  report: <CameraOutlined />,
  patrol: <EnvironmentOutlined />,
};

/** A tab that needs a permission the operator lacks says so, instead of failing call by call. */
function Needs({ permission, what, children }: { permission: string; what: string; children: ReactNode }) {
  if (!useCan(permission)) {
    return <Result status="403" title="没有权限" subTitle={`您的角色不能${what}，请联系管理员。`} />;
  }
  return children;
}

/**
 * The mobile view for grid members (`/platform/m/*`): no sider, no desktop header — a title bar, the
 * page, and a bottom tab bar (我的任务 · 上报事件 · 巡查) within thumb's reach. It shares the session,
 * the calls and the rules of the 网格事件 section.
 */
export default function MobileApp() {
  const { pathname } = useLocation();
  const { configure, operator } = useSession();
  const tab = tabOf(pathname);
  const label = MOBILE_TABS.find((t) => t.key === tab)?.label ?? '';

  useEffect(() => {
    document.title = `${label} · ${configure.title}`;
  }, [label, configure.title]);
  // A new page starts at its top (the report form sends you, scrolled down, to the event's page). A
  // block body: mobile Chromium's scrollTo returns a promise, which React would call as the cleanup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="lt-m">
      <header className="lt-m-header">
        <span className="lt-m-header-title">{label}</span>
        <span className="lt-m-header-user">{operator.name}</span>
        <Link
          to="/"
          className="lt-m-header-desktop"
          aria-label="电脑版"
          onClick={() => sessionStorage.setItem(PREFER_DESKTOP_KEY, '1')}
        >
          <DesktopOutlined /> 电脑版
        </Link>
      </header>
      <main className="lt-m-main">
        <Routes>
          <Route index element={<Navigate to="tasks" replace />} />
          <Route
            path="tasks"
            element={
              <Needs permission="grid:view" what="查看网格事件">
                <MyTasks />
              </Needs>
            }
          />
          <Route
            path="event/:eventId"
            element={
              <Needs permission="grid:view" what="查看网格事件">
                <MobileEvent />
              </Needs>
            }
          />
          <Route
            path="report"
            element={
              <Needs permission="grid:report" what="上报事件">
                <MobileReport />
              </Needs>
            }
          />
          <Route path="patrol" element={<PatrolTab />} />
          <Route path="*" element={<Navigate to="/m/tasks" replace />} />
        </Routes>
      </main>
      <nav className="lt-m-tabs" aria-label="移动端导航">
        {MOBILE_TABS.map((t) => (
          <NavLink key={t.key} to={t.path} className={t.key === tab ? 'lt-m-tab lt-m-tab-active' : 'lt-m-tab'}>
            <span className="lt-m-tab-icon">{TAB_ICONS[t.key]}</span>
            <span>{t.label}</span>
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
