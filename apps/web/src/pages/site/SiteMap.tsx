import type { CitySiteItem } from '@lantian/contracts';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useMemo, useRef, useState } from 'react';
import { formatIndex, INDEX_LABEL, indexUnit, levelColor, levelInk, levelName } from '../../shared/aqi';
import { EChart, type EChartsLib } from '../../shared/charts/EChart';
import { type Metric, metricLevel, metricValue } from './metrics';
import type { Bounds, Outline } from './site.api';

/**
 * The city's stations on its offline outline (GeoJSON from /maps, no tiles): one dot per station in
 * the colour of its level for the chosen metric, the value written on it. Reference stations (对照点)
 * are diamonds, stale ones faded with a dashed ring, the selected one larger with a dark ring.
 */

export interface SiteMapProps {
  sites: readonly CitySiteItem[];
  /** The city shown; when the outline is another area's (its province's), the map says so. */
  cityCode: string;
  metric: Metric;
  selected: string | undefined;
  /** Stations of this county get a blue ring (the page was opened for a district). */
  countyCode: string | undefined;
  /** null: no outline exists; the stations are drawn on their own. */
  outline: Outline | null;
  /** Zoom and pan with mouse and wheel; off on phones, where a drag must scroll the page. */
  roam: boolean;
  height: number;
  ariaLabel: string;
  onSelect: (siteCode: string) => void;
}

type View = 'sites' | 'city';

const registered = new Set<string>();

const mapNameOf = (outline: Outline): string => `lt-outline-${outline.code}`;

/** Registers the outline with ECharts (once), before the option that names it is set (EChart's `prepare`). */
function registerOutline(echarts: EChartsLib, outline: Outline | null): void {
  if (outline === null) return;
  const name = mapNameOf(outline);
  if (!registered.has(name)) {
    echarts.registerMap(name, outline.text);
    registered.add(name);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The stations' extent, widened so that the outermost dots are not cut and one station still shows its area. */
function siteBounds(sites: readonly CitySiteItem[]): Bounds | undefined {
  const placed = sites.filter((s) => s.longitude !== null && s.latitude !== null);
  if (placed.length === 0) return undefined;
  const lons = placed.map((s) => s.longitude ?? 0);
  const lats = placed.map((s) => s.latitude ?? 0);
  const b = {
    minLon: Math.min(...lons),
    maxLon: Math.max(...lons),
    minLat: Math.min(...lats),
    maxLat: Math.max(...lats),
  };
  const padLon = Math.max((b.maxLon - b.minLon) * 0.18, 0.04);
  const padLat = Math.max((b.maxLat - b.minLat) * 0.18, 0.03);
  return { minLon: b.minLon - padLon, maxLon: b.maxLon + padLon, minLat: b.minLat - padLat, maxLat: b.maxLat + padLat };
}

interface PointDatum {
  name: string;
  code: string;
  value: [number, number, number | null];
  symbol: string;
  symbolSize: number;
  itemStyle: Record<string, unknown>;
  label: Record<string, unknown>;
}

function point(site: CitySiteItem, metric: Metric, selected: boolean, inCounty: boolean): PointDatum | undefined {
  if (site.longitude === null || site.latitude === null) return undefined;
  const value = metricValue(site.latest, metric);
  const level = metricLevel(site.latest, metric);
  const stale = site.latest === null || site.latest.stale;
  const base = site.isReference ? 30 : 27;
  return {
    name: site.siteName,
    code: site.siteCode,
    value: [site.longitude, site.latitude, value],
    symbol: site.isReference ? 'diamond' : 'circle',
    symbolSize: selected ? base + 9 : base,
    itemStyle: {
      color: levelColor(level),
      opacity: stale && !selected ? 0.55 : 1,
      borderColor: selected ? '#1f2329' : inCounty ? '#1677ff' : stale ? '#595959' : '#ffffff',
      borderWidth: selected ? 3 : inCounty ? 2.5 : 1.5,
      borderType: stale ? 'dashed' : 'solid',
      shadowBlur: selected ? 10 : 4,
      shadowColor: 'rgba(0, 0, 0, 0.3)',
    },
    label: {
      show: true,
      formatter: formatIndex(metric, value),
      color: levelInk(level),
      fontSize: selected ? 12 : 10,
      fontWeight: 600,
    },
  };
}

function tooltipHtml(site: CitySiteItem, metric: Metric): string {
  const latest = site.latest;
  const lines = [`<strong>${escapeHtml(site.siteName)}</strong>${site.isReference ? '（对照点）' : ''}`];
  if (latest === null) {
    lines.push('暂无数据');
  } else {
    lines.push(`AQI ${formatIndex('aqi', latest.aqi)} · ${escapeHtml(latest.levelName)}`);
    if (metric !== 'aqi') {
      const unit = indexUnit(metric);
      const v = metricValue(latest, metric);
      lines.push(
        `${INDEX_LABEL[metric]} ${formatIndex(metric, v)}${v === null ? '' : ` ${unit}`} · ${levelName(metricLevel(latest, metric))}`,
      );
    }
    lines.push(`时间 ${latest.time.slice(5, 16)}${latest.stale ? '（数据已过时）' : ''}`);
  }
  return lines.join('<br/>');
}

function codeOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('code' in data)) return undefined;
  return typeof data.code === 'string' ? data.code : undefined;
}

export function SiteMap(props: SiteMapProps) {
  const { sites, metric, selected, countyCode, outline, roam, height, ariaLabel } = props;
  const [view, setView] = useState<View>('sites');
  const latest = useRef(props);
  latest.current = props;
  /** Where the visitor has zoomed and panned to, so that selecting a station does not reset the view. */
  const roamed = useRef<{ key: string; center: unknown; zoom: unknown } | undefined>(undefined);
  const viewKey = `${outline?.code ?? 'none'}|${view}|${sites.length}`;

  const option = useMemo((): EChartsCoreOption => {
    const byCode = new Map(sites.map((s) => [s.siteCode, s]));
    const points = sites
      .map((s) => point(s, metric, s.siteCode === selected, countyCode !== undefined && s.countyCode === countyCode))
      .filter((p): p is PointDatum => p !== undefined);
    const others = points.filter((p) => p.code !== selected);
    const chosen = points.filter((p) => p.code === selected);
    const tooltip = {
      trigger: 'item',
      confine: true,
      formatter: (params: { data?: unknown }) => {
        const code = codeOf(params.data);
        const site = code === undefined ? undefined : byCode.get(code);
        return site === undefined ? '' : tooltipHtml(site, metric);
      },
    };
    const series = (coordinateSystem: 'geo' | 'cartesian2d') => [
      { id: 'sites', type: 'scatter', coordinateSystem, data: others, emphasis: { scale: 1.15 }, z: 3 },
      // The selected station last, so that it is drawn above its neighbours.
      { id: 'selected', type: 'scatter', coordinateSystem, data: chosen, z: 4 },
    ];

    if (outline === null) {
      return {
        animation: false,
        tooltip,
        grid: { left: 24, right: 24, top: 24, bottom: 24 },
        xAxis: { type: 'value', scale: true, show: false },
        yAxis: { type: 'value', scale: true, show: false },
        series: series('cartesian2d'),
      };
    }

    const fit = view === 'sites' ? siteBounds(sites) : undefined;
    const kept = roamed.current?.key === viewKey ? roamed.current : undefined;
    return {
      animation: false,
      tooltip,
      geo: {
        map: mapNameOf(outline),
        roam,
        ...(fit === undefined
          ? {}
          : {
              boundingCoords: [
                [fit.minLon, fit.maxLat],
                [fit.maxLon, fit.minLat],
              ],
            }),
        ...(kept === undefined ? {} : { center: kept.center, zoom: kept.zoom }),
        top: 28,
        bottom: 28,
        left: 28,
        right: 28,
        scaleLimit: { min: 0.5, max: 40 },
        itemStyle: { areaColor: '#eef3f9', borderColor: '#9db0c6', borderWidth: 1 },
        label: { show: true, color: '#8896a8', fontSize: 10 },
        emphasis: { disabled: true },
        select: { disabled: true },
        tooltip: { show: false },
      },
      series: series('geo'),
    };
  }, [sites, metric, selected, countyCode, outline, roam, view, viewKey]);

  const onReady = (chart: EChartsType) => {
    chart.on('click', (params) => {
      const code = codeOf(params.data);
      if (code !== undefined) latest.current.onSelect(code);
    });
    chart.on('georoam', () => {
      const geo = chart.getOption().geo;
      const first = Array.isArray(geo) ? geo[0] : undefined;
      if (typeof first === 'object' && first !== null && 'center' in first && 'zoom' in first) {
        roamed.current = { key: latestViewKey.current, center: first.center, zoom: first.zoom };
      }
    });
  };
  const latestViewKey = useRef(viewKey);
  latestViewKey.current = viewKey;

  return (
    <div className="lt-site-map">
      {outline !== null && (
        <fieldset className="lt-site-map-view" aria-label="地图范围">
          <button type="button" aria-pressed={view === 'sites'} onClick={() => setView('sites')}>
            聚焦站点
          </button>
          <button type="button" aria-pressed={view === 'city'} onClick={() => setView('city')}>
            全图
          </button>
        </fieldset>
      )}
      <EChart
        option={option}
        ariaLabel={ariaLabel}
        style={{ height }}
        onReady={onReady}
        prepare={(echarts) => registerOutline(echarts, outline)}
      />
      {outline === null && <p className="lt-site-note">该地区暂无离线地图轮廓，仅按经纬度显示站点位置。</p>}
      {outline !== null && outline.code !== props.cityCode && (
        <p className="lt-site-note">该城市没有单独的地图轮廓，底图为所在省份。</p>
      )}
    </div>
  );
}
