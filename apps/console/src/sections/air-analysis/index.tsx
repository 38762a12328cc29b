import { Card, Skeleton } from 'antd';
import { Suspense } from 'react';
import { Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useCan } from '../../shared/session/session-context';
import { CityTab } from './CityTab';
import { ForecastTab } from './ForecastTab';
import { MapTab } from './MapTab';
import { SitesTab } from './SitesTab';
import { StandardTab } from './StandardTab';
import '../../shared/table/table.css';
import './air-analysis.css';

/** The tabs, each an address of its own; the chosen city (`?city=`) carries over between them. */
function AnalysisTabs() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const canForecast = useCan('forecast:view');
  const tabs = [
    { key: '', label: '城市分析' },
    { key: 'standard', label: '达标分析' },
    { key: 'sites', label: '站点数据' },
    { key: 'map', label: '插值分布' },
    ...(canForecast ? [{ key: 'forecast', label: '预报' }] : []),
  ];
  const segment = pathname.split('/')[2] ?? '';
  return (
    <Card
      title="空气质量分析"
      activeTabKey={tabs.some((t) => t.key === segment) ? segment : ''}
      tabList={tabs}
      onTabChange={(key) => navigate(`${key === '' ? '/air-analysis' : `/air-analysis/${key}`}${search}`)}
    >
      <Suspense fallback={<Skeleton active />}>
        <Outlet />
      </Suspense>
    </Card>
  );
}

/**
 * 空气质量分析 (docs/AIR-ANALYSIS.md): city analysis (`/platform/air-analysis`), standard attainment
 * (`/standard`), station data (`/sites`), the interpolated map (`/map`) and forecasts (`/forecast`, with forecast:view), all within
 * the operator's area.
 */
export default function AirAnalysisSection() {
  return (
    <Routes>
      <Route element={<AnalysisTabs />}>
        <Route index element={<CityTab />} />
        <Route path="standard" element={<StandardTab />} />
        <Route path="sites" element={<SitesTab />} />
        <Route path="forecast" element={<ForecastTab />} />
        <Route path="map" element={<MapTab />} />
      </Route>
    </Routes>
  );
}
