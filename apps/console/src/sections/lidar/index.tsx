import { Card, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { HotspotList } from './HotspotList';
import { Records } from './Records';
import '../../shared/table/table.css';
import './lidar.css';

// The maps and charts draw with ECharts: fetched when first opened.
const LidarMap = lazy(() => import('./LidarMap').then((m) => ({ default: m.LidarMap })));
const Flux = lazy(() => import('./Flux').then((m) => ({ default: m.Flux })));
const Visibility = lazy(() => import('./Visibility').then((m) => ({ default: m.Visibility })));

const TABS = [
  { key: '', label: '雷达地图' },
  { key: 'hotspots', label: '热点审核' },
  { key: 'records', label: '走航记录' },
  { key: 'flux', label: '输送通量' },
  { key: 'visibility', label: '能见度预警' },
];

function LidarTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const segment = pathname.split('/')[2] ?? '';
  return (
    <Card
      title="激光雷达与立体监测"
      activeTabKey={TABS.some((t) => t.key === segment) ? segment : ''}
      tabList={TABS}
      onTabChange={(key) => navigate(key === '' ? '/lidar' : `/lidar/${key}`)}
    >
      <Suspense fallback={<Skeleton active />}>
        <Outlet />
      </Suspense>
    </Card>
  );
}

/**
 * 激光雷达: the lidar map (device tree, the newest scan over the offline outline with navigation and
 * playback, the VF curtain, hot spots and polluter plots), hot-spot review with photos, the vehicles'
 * 走航 records with their routes, transport flux, and road visibility with fog warnings.
 */
export default function LidarSection() {
  return (
    <Routes>
      <Route element={<LidarTabs />}>
        <Route index element={<LidarMap />} />
        <Route path="hotspots" element={<HotspotList />} />
        <Route path="records" element={<Records />} />
        <Route path="flux" element={<Flux />} />
        <Route path="visibility" element={<Visibility />} />
      </Route>
    </Routes>
  );
}
