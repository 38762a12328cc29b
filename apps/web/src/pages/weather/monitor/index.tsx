import { lazy, Suspense } from 'react';
import { useFirstScreenSettled } from '../../../shared/useFirstScreenSettled';
import { LoadingBlock } from '../QueryState';

const WeatherMonitor = lazy(() => import('./WeatherMonitor'));

/**
 * The weather page's monitor block (warnings, radar, typhoons) as one slot: its code, the map and
 * its calls come only after the page's first screen has settled.
 */
export function WeatherMonitorSlot() {
  const settled = useFirstScreenSettled();
  const loading = (
    <div className="lt-wx-card lt-mon-loading" aria-busy="true">
      <LoadingBlock rows={4} label="天气监测加载中" />
    </div>
  );
  if (!settled) return loading;
  return (
    <Suspense fallback={loading}>
      <WeatherMonitor />
    </Suspense>
  );
}
