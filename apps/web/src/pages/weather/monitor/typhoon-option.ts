import type { TyphoonFeatureCollection } from '@lantian/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { CHINA_MAP } from '../china-map';

/** Colours of the GB/T 19201-2006 grades (CMA category codes), the convention of Chinese typhoon maps. */
export const CATEGORY_COLORS: Readonly<Record<number, string>> = {
  0: '#9e9e9e',
  1: '#2eb82e',
  2: '#1f7ae0',
  3: '#e6c700',
  4: '#f28c00',
  5: '#e8488c',
  6: '#d90000',
  9: '#7a7a7a',
};

type Feature = TyphoonFeatureCollection['features'][number];
export type TrackPoint = Extract<Feature, { geometry: { type: 'Point' } }>;
export type TrackLine = Extract<Feature, { geometry: { type: 'LineString' } }>;

export const pointsOf = (fc: TyphoonFeatureCollection) =>
  fc.features.filter((f): f is TrackPoint => f.geometry.type === 'Point');
export const tracksOf = (fc: TyphoonFeatureCollection) =>
  fc.features.filter((f): f is TrackLine => f.geometry.type === 'LineString');

/** The track over the China map: the line, then each 6-hourly point coloured by its grade. */
export function typhoonOption(fc: TyphoonFeatureCollection): EChartsCoreOption {
  const [line] = tracksOf(fc);
  const points = pointsOf(fc);
  const lons = points.map((p) => p.geometry.coordinates[0]);
  const lats = points.map((p) => p.geometry.coordinates[1]);
  // Frame the track with the coast it heads for: at least 110–130°E, 15–35°N.
  const west = Math.min(110, ...lons) - 2;
  const east = Math.max(130, ...lons) + 2;
  const south = Math.min(15, ...lats) - 2;
  const north = Math.max(35, ...lats) + 2;
  return {
    animation: false,
    tooltip: {
      trigger: 'item',
      formatter: (p: { data?: { tip?: string } }) => p.data?.tip ?? '',
    },
    geo: {
      map: CHINA_MAP,
      roam: false,
      // The whole map (≈ 62° by 50°) fits the box at zoom 1: zoom in on the track's frame.
      center: [(west + east) / 2, (south + north) / 2],
      zoom: 0.95 * Math.min(62 / (east - west), 50 / (north - south)),
      itemStyle: { areaColor: '#f2f5f9', borderColor: '#aab4c3' },
      emphasis: { disabled: true },
      label: { show: false },
    },
    series: [
      {
        type: 'lines',
        coordinateSystem: 'geo',
        polyline: true,
        silent: true,
        lineStyle: { color: '#556', width: 1.5, opacity: 0.8 },
        data: line ? [{ coords: line.geometry.coordinates }] : [],
      },
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        symbolSize: 8,
        data: points.map((p) => ({
          value: p.geometry.coordinates,
          itemStyle: { color: CATEGORY_COLORS[p.properties.category] ?? '#999' },
          tip: `${p.properties.time}<br/>${p.properties.categoryName}<br/>中心气压 ${p.properties.pressure} hPa<br/>最大风速 ${p.properties.wind ?? '—'} m/s`,
        })),
      },
    ],
  };
}
