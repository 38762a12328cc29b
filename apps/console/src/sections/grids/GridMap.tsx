import type { EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EChart } from '../../shared/charts/EChart';
import { type Click, type Drawing, isSecondClick, type LonLat } from './drawing';
import { baseOption, drawingSeries, fitView, gridCodeOf, gridSeries, type MapGrid } from './grid-map';

interface Props {
  /** The registered outline under the grids. */
  mapName: string;
  grids: readonly MapGrid[];
  selected: string | undefined;
  onSelect(gridCode: string): void;
  /** While a boundary is drawn: the drawing, and what a click / double-click on the map does. */
  drawing?: Drawing | undefined;
  onAddVertex?: ((point: LonLat) => void) | undefined;
  onClose?: (() => void) | undefined;
  /** Rings to outline with a dashed line (the parent of a grid being drawn). */
  guide?: readonly LonLat[][] | undefined;
  ariaLabel: string;
}

/**
 * The grids on the area's outline. The base (the outline, fitted to the grids) is set when the
 * outline or the set of grids changes; the grids, the selection and the drawing are set on top of it,
 * so that drawing a vertex or choosing a grid keeps the reader's zoom and pan.
 */
export function GridMap({
  mapName,
  grids,
  selected,
  onSelect,
  drawing,
  onAddVertex,
  onClose,
  guide,
  ariaLabel,
}: Props) {
  const [chart, setChart] = useState<EChartsType | undefined>(undefined);
  // The view is fitted to the grids when the level shown changes, not on every refetch of the same grids.
  const viewKey = grids.map((g) => g.gridCode).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refitted when the grids shown (their codes) change
  const option = useMemo(
    () => baseOption(mapName, fitView(grids, [...(drawing?.vertices ?? []), ...(guide ?? []).flat()])),
    [mapName, viewKey],
  );

  const handlers = useRef({ onSelect, onAddVertex, onClose, drawing: drawing !== undefined });
  handlers.current = { onSelect, onAddVertex, onClose, drawing: drawing !== undefined };

  // `option` is a dependency on purpose: a new base (set with notMerge by EChart) drops the series.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied after each new base
  useEffect(() => {
    if (chart === undefined) return;
    const series: unknown[] = [gridSeries(grids, selected, drawing !== undefined)];
    if (guide !== undefined && guide.length > 0) series.push(guideSeries(guide));
    if (drawing !== undefined) series.push(drawingSeries(drawing));
    chart.setOption({ series }, { replaceMerge: ['series'] });
  }, [chart, option, grids, selected, drawing, guide]);

  const onReady = (instance: EChartsType) => {
    setChart(instance);
    let last: Click | undefined;
    instance.on('click', (e) => {
      if (handlers.current.drawing) return;
      const code = gridCodeOf(e.data);
      if (code !== undefined) handlers.current.onSelect(code);
    });
    // Vertices come from clicks anywhere on the map (over a grid too), converted from pixels to degrees.
    instance.getZr().on('click', (e) => {
      if (!handlers.current.drawing) return;
      const click = { x: e.offsetX, y: e.offsetY, at: Date.now() };
      const second = isSecondClick(last, click);
      last = click;
      if (second) return;
      const point: unknown = instance.convertFromPixel({ geoIndex: 0 }, [e.offsetX, e.offsetY]);
      if (Array.isArray(point) && typeof point[0] === 'number' && typeof point[1] === 'number') {
        handlers.current.onAddVertex?.([point[0], point[1]]);
      }
    });
    instance.getZr().on('dblclick', () => {
      if (handlers.current.drawing) handlers.current.onClose?.();
    });
  };

  return (
    <EChart
      option={option}
      onReady={onReady}
      className={drawing === undefined ? 'lt-grid-map' : 'lt-grid-map lt-grid-map-drawing'}
      style={{ height: 'calc(100vh - 330px)', minHeight: 460 }}
      ariaLabel={ariaLabel}
    />
  );
}

function guideSeries(rings: readonly LonLat[][]) {
  return {
    id: 'guide',
    type: 'custom',
    coordinateSystem: 'geo',
    silent: true,
    z: 4,
    data: [{ value: rings[0]?.[0] ?? [0, 0] }],
    renderItem: (_params: unknown, api: { coord(value: readonly number[]): number[] }) => ({
      type: 'group',
      children: rings.map((ring) => ({
        type: 'polygon',
        shape: { points: ring.map((p) => api.coord(p)) },
        style: { fill: 'none', stroke: '#0958d9', lineWidth: 2, lineDash: [8, 4] },
      })),
    }),
  };
}
