import { Card, Skeleton } from 'antd';
import { Suspense } from 'react';
import { Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { StationDetail } from './StationDetail';
import { WaterList } from './WaterList';
import { WaterMap } from './WaterMap';
import '../../shared/table/table.css';
import './water.css';

const TABS = [
  { key: '', label: '水质地图' },
  { key: 'list', label: '站点列表' },
];

function WaterTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const segment = pathname.split('/')[2] ?? '';
  return (
    <Card
      title="水质监测"
      activeTabKey={TABS.some((t) => t.key === segment) ? segment : ''}
      tabList={TABS}
      onTabChange={(key) => void navigate(key === '' ? '/water' : `/water/${key}`)}
    >
      <Suspense fallback={<Skeleton active />}>
        <Outlet />
      </Suspense>
    </Card>
  );
}

/**
 * 水质监测 (docs/WATER.md): the surface-water stations of the operator's area on the map coloured by
 * their GB 3838-2002 class (`/platform/water`), the list (`/list`) and a station's hours (`/stations/:deviceId`).
 */
export default function WaterSection() {
  return (
    <Routes>
      <Route element={<WaterTabs />}>
        <Route index element={<WaterMap />} />
        <Route path="list" element={<WaterList />} />
      </Route>
      <Route path="stations/:deviceId" element={<StationDetail />} />
    </Routes>
  );
}
