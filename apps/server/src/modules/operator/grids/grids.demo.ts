import type { AreaGeometry } from '@lantian/domain';
import type { GridsRepository, NewGrid } from './grids.repository';
import { checkBoundary } from './grids.service';

/**
 * The demo grids (DEMO_DATA=on): three street grids of 朝阳区 around the demo device network's
 * 奥体中心 site (gateway/simulator/demo-network.ts, 116.397, 39.982), each split into two to four
 * community grids, so that point → grid, the grid tree and the air inside a grid have something to
 * show on first start. Every name says 【演示】; written once, when the county has no grids.
 */
export const DEMO_GRID_COUNTY = '110105';

const rect = (west: number, south: number, east: number, north: number): AreaGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
});

interface DemoGrid {
  name: string;
  box: [number, number, number, number];
  communities: Array<{ name: string; box: [number, number, number, number] }>;
}

// biome-ignore format: one line per grid
const DEMO_GRIDS: DemoGrid[] = [
  { name: '亚运村街道', box: [116.38, 39.97, 116.42, 39.995], communities: [
    { name: '安慧里社区', box: [116.38, 39.97, 116.393, 39.995] },
    { name: '华严北里社区', box: [116.393, 39.97, 116.407, 39.995] },
    { name: '北辰东路社区', box: [116.407, 39.97, 116.42, 39.995] },
  ] },
  { name: '奥运村街道', box: [116.38, 39.995, 116.42, 40.025], communities: [
    { name: '南沙滩社区', box: [116.38, 39.995, 116.42, 40.01] },
    { name: '科学园社区', box: [116.38, 40.01, 116.42, 40.025] },
  ] },
  { name: '大屯街道', box: [116.42, 39.97, 116.45, 40.01], communities: [
    { name: '慧忠里社区', box: [116.42, 39.97, 116.435, 39.99] },
    { name: '嘉铭园社区', box: [116.435, 39.97, 116.45, 39.99] },
    { name: '金泉社区', box: [116.42, 39.99, 116.435, 40.01] },
    { name: '育慧里社区', box: [116.435, 39.99, 116.45, 40.01] },
  ] },
];

function demoRow(
  code: string,
  parent: string | null,
  name: string,
  box: DemoGrid['box'],
  sort: number,
  at: number,
): NewGrid {
  const boundary = checkBoundary(rect(...box));
  if (typeof boundary === 'string') throw new Error(`demo grid ${name}: ${boundary}`);
  return {
    code,
    parent_code: parent,
    area_code: DEMO_GRID_COUNTY,
    name: `【演示】${name}`,
    level: parent === null ? 1 : 2,
    boundary_json: boundary.json,
    min_lon: boundary.box.minLon,
    min_lat: boundary.box.minLat,
    max_lon: boundary.box.maxLon,
    max_lat: boundary.box.maxLat,
    center_lon: boundary.center[0],
    center_lat: boundary.center[1],
    area_km2: boundary.km2,
    sort,
    created_at: at,
    updated_at: at,
  };
}

/** Writes the demo grids when the demo county has none; returns how many were written. */
export async function seedDemoGrids(repository: GridsRepository, at: number): Promise<number> {
  if ((await repository.countInArea(DEMO_GRID_COUNTY)) > 0) return 0;
  const rows: NewGrid[] = [];
  DEMO_GRIDS.forEach((street, i) => {
    const code = `${DEMO_GRID_COUNTY}${String(i + 1).padStart(3, '0')}`;
    rows.push(demoRow(code, null, street.name, street.box, i, at));
    street.communities.forEach((community, j) => {
      rows.push(demoRow(`${code}${String(j + 1).padStart(3, '0')}`, code, community.name, community.box, j, at));
    });
  });
  await repository.transaction(async (trx) => {
    for (const row of rows) await trx.insert(row);
  });
  return rows.length;
}
