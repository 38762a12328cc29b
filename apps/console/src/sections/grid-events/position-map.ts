/**
 * The report form's map: the operator's area outline with the grids drawn on top, as one GeoJSON
 * (ECharts' geo component draws one map; the grids become regions of their own, styled apart), and
 * the picked point on it. Pure, so the merging and the option can be tested without a canvas.
 */

interface Feature {
  type: 'Feature';
  properties?: unknown;
  [key: string]: unknown;
}

export interface FeatureCollectionLike {
  type: 'FeatureCollection';
  features: readonly Feature[];
}

/** Grid region names are prefixed so that a grid never shares a name with a district. */
export const GRID_PREFIX = '网格·';

function nameOf(feature: Feature): string {
  const props = feature.properties;
  if (typeof props === 'object' && props !== null && 'name' in props && typeof props.name === 'string') {
    return props.name;
  }
  return '';
}

/** The area's features, then each grid as a feature named 网格·<name>. */
export function mergeOutlines(
  area: FeatureCollectionLike | undefined,
  grids: FeatureCollectionLike | undefined,
): { text: string; gridNames: string[]; empty: boolean } {
  const gridFeatures = (grids?.features ?? []).map((f) => ({
    ...f,
    properties: { name: `${GRID_PREFIX}${nameOf(f)}` },
  }));
  const features = [...(area?.features ?? []), ...gridFeatures];
  return {
    text: JSON.stringify({ type: 'FeatureCollection', features }),
    gridNames: gridFeatures.map((f) => f.properties.name),
    empty: features.length === 0,
  };
}

/** The ECharts option: the map (grids dashed blue), and the picked point as a red pin. */
export function positionMapOption(mapName: string, gridNames: readonly string[], point: [number, number] | undefined) {
  return {
    tooltip: { trigger: 'item', formatter: (p: { name?: string }) => p.name ?? '' },
    geo: {
      map: mapName,
      roam: true,
      label: { show: false },
      itemStyle: { areaColor: '#f3f6fb', borderColor: '#8c9bb5', borderWidth: 1 },
      emphasis: { label: { show: true, fontSize: 11 }, itemStyle: { areaColor: '#e6f0ff' } },
      select: { disabled: true },
      regions: gridNames.map((name) => ({
        name,
        itemStyle: { areaColor: 'rgba(22,119,255,0.06)', borderColor: '#1677ff', borderType: 'dashed', borderWidth: 1 },
      })),
    },
    series: [
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        symbol: 'pin',
        symbolSize: 34,
        itemStyle: { color: '#f5222d' },
        data: point === undefined ? [] : [{ name: '事件位置', value: point }],
        tooltip: { formatter: () => (point === undefined ? '' : `${point[0].toFixed(6)}, ${point[1].toFixed(6)}`) },
        zlevel: 2,
      },
    ],
  };
}

/** Whether a clicked point is a usable position (ECharts answers NaN outside the map's projection). */
export function usablePoint(point: readonly number[] | undefined): point is [number, number] {
  return (
    point !== undefined &&
    point.length >= 2 &&
    Number.isFinite(point[0]) &&
    Number.isFinite(point[1]) &&
    (point[0] ?? 0) >= 73 &&
    (point[0] ?? 0) <= 136 &&
    (point[1] ?? 0) >= 3 &&
    (point[1] ?? 0) <= 54
  );
}
