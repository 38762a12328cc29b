import type { GridAreaTreeNode } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAWING } from './drawing';
import {
  COUNT_COLORS,
  countColor,
  drawingSeries,
  fitView,
  gridCodeOf,
  gridSeries,
  mapGrids,
  PLAIN_COLOR,
} from './grid-map';
import { ancestorsOf, filterTree, initialNode, mapParentOf, parentOf } from './grid-tree';

const feature = (gridCode: string, box: [number, number, number, number]) => ({
  properties: { gridCode, name: `网格${gridCode}`, center: [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2] as const },
  geometry: {
    type: 'Polygon' as const,
    coordinates: [
      [
        [box[0], box[1]],
        [box[2], box[1]],
        [box[2], box[3]],
        [box[0], box[1]],
      ],
    ],
  },
});

describe('the grids on the map', () => {
  const features = [
    feature('110105001', [116.38, 39.97, 116.42, 39.995]),
    feature('110105002', [116.42, 39.97, 116.45, 40.01]),
  ];

  it('joins counts by grid code; unknown counts stay null', () => {
    expect(mapGrids(features, [{ gridCode: '110105002', count: 4 }]).map((g) => [g.gridCode, g.count])).toEqual([
      ['110105002', 4],
      ['110105001', 0],
    ]);
    expect(mapGrids(features, null).map((g) => g.count)).toEqual([null, null]);
    expect(mapGrids(features, null)[0]?.rings[0]).toHaveLength(4);
  });

  it('colours by share of the largest count, plainly without counts', () => {
    expect(countColor(null, 10)).toBe(PLAIN_COLOR);
    expect(countColor(0, 10)).toBe(COUNT_COLORS[0]);
    expect(countColor(1, 10)).toBe(COUNT_COLORS[1]);
    expect(countColor(10, 10)).toBe(COUNT_COLORS[4]);
    expect(countColor(1, 1)).toBe(COUNT_COLORS[4]);
  });

  it('fits the view around the grids with a margin', () => {
    const view = fitView(mapGrids(features, null), [], 0.1);
    expect(view?.[0][0]).toBeCloseTo(116.38 - 0.007);
    expect(view?.[0][1]).toBeCloseTo(40.01 + 0.004);
    expect(fitView([])).toBeNull();
    expect(fitView([], [[116.4, 39.9]])).not.toBeNull();
  });

  it('builds a geo custom series with the grid code on each datum', () => {
    const series = gridSeries(mapGrids(features, null), '110105001', false);
    expect(series).toMatchObject({ type: 'custom', coordinateSystem: 'geo' });
    expect(series.data.map((d) => gridCodeOf(d))).toEqual(['110105002', '110105001']);
    const api = { coord: (p: readonly number[]) => [p[0] ?? 0, p[1] ?? 0] };
    const drawn = series.renderItem({ dataIndex: 1 }, api);
    expect(drawn?.children[0]).toMatchObject({ type: 'polygon', style: { lineWidth: 3 } });
    expect(drawn?.children[1]).toMatchObject({ type: 'text', style: { text: '网格110105001' } });
    expect(gridCodeOf({})).toBeUndefined();
  });

  it('draws an open drawing as a dashed line and a closed one as a polygon', () => {
    const api = { coord: (p: readonly number[]) => [p[0] ?? 0, p[1] ?? 0] };
    const open = {
      vertices: [
        [1, 1],
        [2, 2],
      ] as const,
      closed: false,
    };
    expect(drawingSeries(open).renderItem({ dataIndex: 0 }, api).children[0]).toMatchObject({ type: 'polyline' });
    const closed = {
      vertices: [
        [1, 1],
        [2, 2],
        [1, 2],
      ] as const,
      closed: true,
    };
    expect(drawingSeries(closed).renderItem({ dataIndex: 0 }, api).children).toHaveLength(4);
    expect(drawingSeries(EMPTY_DRAWING).data).toEqual([]);
  });
});

const grid = (code: string, name: string, children: GridAreaTreeNode[] = []): GridAreaTreeNode => ({
  code,
  name,
  level: 'grid',
  kind: 'grid',
  gridCode: code,
  parentCode: code.length > 9 ? code.slice(0, -3) : null,
  gridLevel: (code.length - 6) / 3,
  children,
});
const area = (
  code: string,
  name: string,
  level: GridAreaTreeNode['level'],
  children: GridAreaTreeNode[],
): GridAreaTreeNode => ({
  code,
  name,
  level,
  kind: 'area',
  children,
});
const TREE = [
  area('110000', '北京市', 'province', [
    area('110101', '东城区', 'county', []),
    area('110105', '朝阳区', 'county', [grid('110105001', '亚运村街道', [grid('110105001001', '安慧里社区')])]),
  ]),
];

describe('the area and grid tree', () => {
  it('opens on the first county with grids', () => {
    expect(initialNode(TREE)).toBe('110105');
    expect(initialNode([area('110000', '北京市', 'province', [area('110101', '东城区', 'county', [])])])).toBe(
      '110101',
    );
  });

  it('finds the path to a node', () => {
    expect(ancestorsOf(TREE, '110105001001')).toEqual(['110000', '110105', '110105001']);
    expect(ancestorsOf(TREE, '999')).toEqual([]);
  });

  it('shows a county’s top grids, a grid among its siblings, nothing above the counties', () => {
    expect(mapParentOf(TREE[0]?.children[1])).toBe('110105');
    expect(mapParentOf(grid('110105001', 'a'))).toBe('110105');
    expect(mapParentOf(grid('110105001001', 'b'))).toBe('110105001');
    expect(mapParentOf(TREE[0])).toBeUndefined();
    expect(parentOf({ code: '110105002', parentCode: null })).toBe('110105');
  });

  it('filters by name keeping the ancestors', () => {
    const shown = filterTree(TREE, '安慧');
    expect(shown[0]?.children.map((c) => c.code)).toEqual(['110105']);
    expect(shown[0]?.children[0]?.children[0]?.children[0]?.name).toBe('安慧里社区');
    expect(filterTree(TREE, ' ')).toHaveLength(1);
  });
});
