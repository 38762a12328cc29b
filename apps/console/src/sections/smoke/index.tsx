import { Card, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { AlarmList } from './AlarmList';
import { EnterpriseList } from './EnterpriseList';
import { LiveList } from './LiveList';
import '../../shared/table/table.css';
import './smoke.css';

// The overview's map and the detail's charts draw with ECharts: fetched when first opened.
const Overview = lazy(() => import('./Overview').then((m) => ({ default: m.Overview })));
const SiteDetail = lazy(() => import('./SiteDetail').then((m) => ({ default: m.SiteDetail })));

const TABS = [
  { key: '', label: '总览' },
  { key: 'live', label: '实时监测' },
  { key: 'alarms', label: '油烟告警' },
  { key: 'enterprises', label: '企业名录' },
];

function SmokeTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const segment = pathname.split('/')[2] ?? '';
  const active = segment === 'site' ? 'live' : segment;
  return (
    <Card
      title="餐饮油烟监测"
      activeTabKey={TABS.some((t) => t.key === active) ? active : ''}
      tabList={TABS}
      onTabChange={(key) => navigate(key === '' ? '/smoke' : `/smoke/${key}`)}
    >
      <Suspense fallback={<Skeleton active />}>
        <Outlet />
      </Suspense>
    </Card>
  );
}

/**
 * 油烟监测: the overview (counts, map, alarms by type), the live state of every kitchen, a kitchen's
 * detail (concentration against the limit, fan and purifier running timeline, over-limit minutes per
 * day), the smoke alarms handled through the shared lifecycle, and the enterprise register.
 */
export default function SmokeSection() {
  return (
    <Routes>
      <Route element={<SmokeTabs />}>
        <Route index element={<Overview />} />
        <Route path="live" element={<LiveList />} />
        <Route path="site/:stationCode" element={<SiteDetail />} />
        <Route path="alarms" element={<AlarmList />} />
        <Route path="enterprises" element={<EnterpriseList />} />
      </Route>
    </Routes>
  );
}
