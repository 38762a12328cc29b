import { describe, expect, it } from 'vitest';
import {
  eventIdOf,
  fitCells,
  heatSeries,
  hotBaseOption,
  MARKER_COLORS,
  markerColor,
  markerSeries,
  spanForZoom,
  topBarOption,
  viewBbox,
  zoomForView,
} from './hot-map';
import type { EventMarker } from './incidents.api';

describe('zoom and the visible box', () => {
  it('gives the web-map zoom of a view and back', () => {
    // 1024 px across 360° is zoom 2 (4 tiles); 0.0879° over 1024 px is zoom 14.
    expect(zoomForView({ minLon: -180, maxLon: 180, minLat: -80, maxLat: 80 }, 1024)).toBe(3);
    expect(zoomForView({ minLon: 116.4, maxLon: 116.4 + spanForZoom(14, 1024), minLat: 39.9, maxLat: 40 }, 1024)).toBe(
      14,
    );
    expect(zoomForView({ minLon: 116.4, maxLon: 116.4 + spanForZoom(11.4, 800), minLat: 39.9, maxLat: 40 }, 800)).toBe(
      11,
    );
    expect(zoomForView({ minLon: 116.4, maxLon: 116.4000001, minLat: 39.9, maxLat: 40 }, 800)).toBe(18);
    expect(zoomForView({ minLon: 1, maxLon: 1, minLat: 0, maxLat: 1 }, 800)).toBe(3);
  });

  it('orders and clamps the corners converted from pixels', () => {
    expect(viewBbox([116.3, 40.1], [116.5, 39.9])).toEqual({
      minLon: 116.3,
      maxLon: 116.5,
      minLat: 39.9,
      maxLat: 40.1,
    });
    expect(viewBbox([-200, 95], [200, -95])).toEqual({ minLon: -180, maxLon: 180, minLat: -90, maxLat: 90 });
    expect(viewBbox(undefined, [1, 2])).toBeNull();
    expect(viewBbox([Number.NaN, 1], [1, 2])).toBeNull();
    expect(viewBbox([1, 1], [1, 2])).toBeNull();
  });

  it('fits the first view around the cells', () => {
    expect(fitCells([], 0.1)).toBeNull();
    const view = fitCells(
      [
        { lon: 116.4, lat: 39.9 },
        { lon: 116.6, lat: 40.1 },
      ],
      0.1,
    );
    // 116.3 … 116.7 (a cell each side), then a quarter of 0.4 more.
    expect(view?.[0][0]).toBeCloseTo(116.2);
    expect(view?.[1][0]).toBeCloseTo(116.8);
    expect(view?.[1][1]).toBeCloseTo(39.7);
  });
});

const marker = (over: Partial<EventMarker>): EventMarker => ({
  eventId: 'E1',
  title: '工地扬尘',
  eventClassification: 'dust',
  catalogName: '扬尘',
  eventState: 'reported',
  stateName: '已上报',
  longitude: 116.4,
  latitude: 39.98,
  bindGridCode: null,
  reportedAt: '2026-11-20 08:00:00',
  overdue: false,
  ...over,
});

describe('the layers', () => {
  it('weights the heat by count, scaled to the largest cell', () => {
    const heat = heatSeries([
      { lon: 116.4, lat: 39.9, count: 3, catalogs: [] },
      { lon: 116.5, lat: 39.9, count: 7, catalogs: [] },
    ]);
    expect(heat.series).toMatchObject({ type: 'heatmap', coordinateSystem: 'geo' });
    expect(heat.series.data).toEqual([
      [116.4, 39.9, 3],
      [116.5, 39.9, 7],
    ]);
    expect(heat.visualMap.max).toBe(7);
    expect(heatSeries([]).visualMap.max).toBe(1);
  });

  it('colours markers by standing and keeps the event id', () => {
    expect(markerColor(marker({}))).toBe(MARKER_COLORS.open);
    expect(markerColor(marker({ overdue: true }))).toBe(MARKER_COLORS.overdue);
    expect(markerColor(marker({ eventState: 'closed', overdue: true }))).toBe(MARKER_COLORS.done);
    expect(markerColor(marker({ eventState: 'rejected' }))).toBe(MARKER_COLORS.rejected);
    const series = markerSeries([marker({ eventId: 'E9' })]);
    expect(series.data[0]).toMatchObject({ eventId: 'E9', value: [116.4, 39.98] });
    expect(eventIdOf(series.data[0])).toBe('E9');
    expect(eventIdOf({ name: 'x' })).toBeUndefined();
  });

  it('fits the base to a view when given one', () => {
    expect(hotBaseOption('m', null).geo).not.toHaveProperty('boundingCoords');
    expect(
      hotBaseOption('m', [
        [1, 2],
        [3, 0],
      ]).geo,
    ).toMatchObject({
      map: 'm',
      roam: true,
      boundingCoords: [
        [1, 2],
        [3, 0],
      ],
    });
  });

  it('draws the top catalogues largest on top', () => {
    const option = topBarOption([
      { code: 'a', name: '扬尘', count: 9 },
      { code: 'b', name: '噪声', count: 4 },
    ]);
    expect(option.yAxis.data).toEqual(['噪声', '扬尘']);
    expect(option.series[0]?.data).toEqual([4, 9]);
  });
});
