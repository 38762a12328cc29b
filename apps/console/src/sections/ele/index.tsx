import { Card, Skeleton } from 'antd';
import { Suspense } from 'react';
import { Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { AlarmsTab } from './AlarmsTab';
import { EnterpriseDetail } from './EnterpriseDetail';
import { EnterprisesTab } from './EnterprisesTab';
import { OperationsTab } from './OperationsTab';
import { OrdersTab } from './OrdersTab';
import { OverviewTab } from './OverviewTab';
import { ProblemsTab } from './ProblemsTab';
import '../../shared/table/table.css';
import './ele.css';

const TABS = [
  { key: '', label: '总览' },
  { key: 'enterprises', label: '企业监控' },
  { key: 'alarms', label: '告警' },
  { key: 'problems', label: '问题单' },
  { key: 'orders', label: '停限产' },
  { key: 'operations', label: '电表运维' },
];

function EleTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const segment = pathname.split('/')[2] ?? '';
  return (
    <Card
      title="分表计电"
      className="lt-ele"
      activeTabKey={TABS.some((t) => t.key === segment) ? segment : ''}
      tabList={TABS}
      onTabChange={(key) => navigate(key === '' ? '/ele' : `/ele/${key}`)}
    >
      <Suspense fallback={<Skeleton active />}>
        <Outlet />
      </Suspense>
    </Card>
  );
}

/**
 * 分表计电 (docs/ELECTRICITY.md): the overview with the map (`/platform/ele`), enterprises and their
 * production-vs-treatment day (`/enterprises`, `/enterprises/:id`), alarms handled through the shared
 * lifecycle, problem forms, 停限产 orders and meter maintenance, all within the operator's area.
 */
export default function EleSection() {
  return (
    <Routes>
      <Route element={<EleTabs />}>
        <Route index element={<OverviewTab />} />
        <Route path="enterprises" element={<EnterprisesTab />} />
        <Route path="enterprises/:enterpriseId" element={<EnterpriseDetail />} />
        <Route path="alarms" element={<AlarmsTab />} />
        <Route path="problems" element={<ProblemsTab />} />
        <Route path="orders" element={<OrdersTab />} />
        <Route path="operations" element={<OperationsTab />} />
      </Route>
    </Routes>
  );
}
