import { Card, Skeleton } from 'antd';
import { Suspense } from 'react';
import { Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { HotMap } from './HotMap';
import { Statistics } from './Statistics';
import '../../shared/table/table.css';
import './incidents.css';

const TABS = [
  { key: '', label: '事件热力' },
  { key: 'stats', label: '统计分析' },
];

/** The two tabs, each an address of its own; the filters (in the query) carry over between them. */
function IncidentTabs() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const segment = pathname.split('/')[2] ?? '';
  return (
    <Card
      title="事件热力与统计"
      activeTabKey={TABS.some((t) => t.key === segment) ? segment : ''}
      tabList={TABS}
      onTabChange={(key) => navigate(`${key === '' ? '/incidents' : `/incidents/${key}`}${search}`)}
    >
      <Suspense fallback={<Skeleton active />}>
        <Outlet />
      </Suspense>
    </Card>
  );
}

/**
 * 事件热力与统计: the hot map of grid events with the top catalogues (`/platform/incidents`) and the
 * statistics with their Excel exports (`/platform/incidents/stats`).
 */
export default function IncidentsSection() {
  return (
    <Routes>
      <Route element={<IncidentTabs />}>
        <Route index element={<HotMap />} />
        <Route path="stats" element={<Statistics />} />
      </Route>
    </Routes>
  );
}
