import { Card, Skeleton } from 'antd';
import { Suspense } from 'react';
import { Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { AlarmList } from './AlarmList';
import { FireMap } from './FireMap';
import { Overview } from './Overview';
import { SiteList } from './SiteList';
import '../../shared/table/table.css';
import './fire.css';

const TABS = [
  { key: '', label: '概况' },
  { key: 'alarms', label: '告警列表' },
  { key: 'map', label: '站点地图' },
  { key: 'sites', label: '消防站点' },
];

/** The tabs, each an address of its own; the period (`?dateType=`) carries over between them. */
function FireTabs() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const segment = pathname.split('/')[2] ?? '';
  return (
    <Card
      title="消防告警"
      activeTabKey={TABS.some((t) => t.key === segment) ? segment : ''}
      tabList={TABS}
      onTabChange={(key) => {
        const period = new URLSearchParams(search).get('dateType');
        const keep = period === null ? '' : `?dateType=${period}`;
        void navigate(`${key === '' ? '/fire' : `/fire/${key}`}${keep}`);
      }}
    >
      <Suspense fallback={<Skeleton active />}>
        <Outlet />
      </Suspense>
    </Card>
  );
}

/**
 * 消防告警 (docs/FIRE.md): the overview (`/platform/fire`: survey, trend, types, rank), the alarm list
 * with its detail, linked cameras and handling (`/alarms?alarmId=`), the sites on the map (`/map`) and
 * the sites list (`/sites`), all within the operator's area.
 */
export default function FireSection() {
  return (
    <Routes>
      <Route element={<FireTabs />}>
        <Route index element={<Overview />} />
        <Route path="alarms" element={<AlarmList />} />
        <Route path="map" element={<FireMap />} />
        <Route path="sites" element={<SiteList />} />
      </Route>
    </Routes>
  );
}
