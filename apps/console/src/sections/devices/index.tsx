import { Card, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { DeviceDetail } from './DeviceDetail';
import { DeviceList } from './DeviceList';
import { Gateway } from './Gateway';
import { Ops } from './Ops';
import { SiteList } from './SiteList';
import { UnregisteredList } from './UnregisteredList';
import '../../shared/table/table.css';
import './devices.css';

// The map draws with ECharts: fetched when the map is first opened, not with the list.
const DeviceMap = lazy(() => import('./DeviceMap').then((m) => ({ default: m.DeviceMap })));

const TABS = [
  { key: '', label: '设备列表' },
  { key: 'map', label: '设备地图' },
  { key: 'sites', label: '站点' },
  { key: 'unregistered', label: '未登记设备' },
  { key: 'gateway', label: '网关' },
  { key: 'ops', label: '运维' },
];

/** The tabs above every list of the section; each tab is an address of its own (`/platform/devices/map`…). */
function DeviceTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const segment = pathname.split('/')[2] ?? '';
  return (
    <Card
      title="设备运维"
      activeTabKey={TABS.some((t) => t.key === segment) ? segment : ''}
      tabList={TABS}
      onTabChange={(key) => navigate(key === '' ? '/devices' : `/devices/${key}`)}
    >
      <Suspense fallback={<Skeleton active />}>
        <Outlet />
      </Suspense>
    </Card>
  );
}

/**
 * 设备运维: the device registry and its monitoring. 设备列表, 设备地图, 站点, 未登记设备 (收编), 网关
 * (figures and the packet log) and 运维 (records, invalid data, completeness, every device's state)
 * are tabs; a device's own page is `/platform/devices/<deviceId>`.
 */
export default function DevicesSection() {
  return (
    <Routes>
      <Route element={<DeviceTabs />}>
        <Route index element={<DeviceList />} />
        <Route path="map" element={<DeviceMap />} />
        <Route path="sites" element={<SiteList />} />
        <Route path="unregistered" element={<UnregisteredList />} />
        <Route path="gateway" element={<Gateway />} />
        <Route path="ops/*" element={<Ops />} />
      </Route>
      <Route path=":deviceId" element={<DeviceDetail />} />
    </Routes>
  );
}
