import { Card, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';

const WindField = lazy(() => import('./WindField').then((m) => ({ default: m.WindField })));
const Soundings = lazy(() => import('./Soundings').then((m) => ({ default: m.Soundings })));

const TABS = [
  { key: '', label: '全国风场' },
  { key: 'soundings', label: '探空分析' },
];

function WindTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const segment = pathname.split('/')[2] ?? '';
  return (
    <Card
      title="风场与探空"
      activeTabKey={TABS.some((t) => t.key === segment) ? segment : ''}
      tabList={TABS}
      onTabChange={(key) => navigate(key === '' ? '/wind' : `/wind/${key}`)}
    >
      <Suspense fallback={<Skeleton active />}>
        <Outlet />
      </Suspense>
    </Card>
  );
}

/**
 * 风场与探空: the national wind field (the gridded forecast as moving particles, the cities' AQI,
 * trajectories from a clicked place) and the soundings of the operator's area (skew-T, indices,
 * inversion statistics).
 */
export default function WindSection() {
  return (
    <Routes>
      <Route element={<WindTabs />}>
        <Route index element={<WindField />} />
        <Route path="soundings" element={<Soundings />} />
      </Route>
    </Routes>
  );
}
