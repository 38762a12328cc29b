import {
  type AuditRow,
  ErrorCode,
  type GridAreaTreeNode,
  type GridFeature,
  type GridMemberRow,
  type GridRow,
} from '@lantian/contracts';
import { realtimeAqi } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { polygon, square } from '../../../testing/grid-world';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  platformCall,
} from '../../../testing/platform';
import { air } from '../../data/air';
import { stations } from '../../data/stations';
import { devices } from '../devices';
import { DEMO_GRID_COUNTY, grids } from '.';

/** 2026-11-25 12:00:00 in Beijing (the end of an hour). */
const NOW = Math.floor(Date.UTC(2026, 10, 25, 4, 0, 0) / 1000);

/** Street A of 朝阳区: 0.1° square with a hole in its north-east. */
const STREET_A = polygon(square(116.4, 39.9, 0.1), square(116.44, 39.94, 0.02));
/** Street B: two islands. */
const STREET_B = { type: 'MultiPolygon', coordinates: [[square(116.3, 39.9, 0.05)], [square(116.36, 39.9, 0.02)]] };

let app: TestApp;
let admin: string;
const clock = NOW;
/** 朝阳区 with grid:view and grid:manage. */
let chaoyang: DistrictOperator;
/** 朝阳区 with grid:view only. */
let viewer: DistrictOperator;
/** 黄浦区 with grid:view and grid:manage. */
let huangpu: DistrictOperator;
/** 北京市 with grid:view. */
let beijing: DistrictOperator;
/** 朝阳区 without grid:view. */
let airOnly: DistrictOperator;

const call = (token: string, url: string, query?: Record<string, string>) =>
  platformCall(app, { url, token, ...(query === undefined ? {} : { query }) });
const get = async <T>(token: string, url: string, query?: Record<string, string>) =>
  dataOf<T>(await call(token, url, query));
const post = (token: string, url: string, body: unknown) => platformCall(app, { url, token, body });
const save = async (token: string, body: Record<string, unknown>) =>
  dataOf<GridRow>(await post(token, '/adm/grid/save', body));
const auditOf = async (action: string) =>
  (
    await get<{ list: AuditRow[] }>(admin, '/sys/audit/list', {
      action,
      pageSize: '100',
    })
  ).list;

beforeAll(async () => {
  app = await createPlatformApp({}, () => clock);
  admin = await adminToken(app);
  const operator = (username: string, areaCode: string, permissions: string[]) =>
    districtOperator(app, admin, { username, areaCode, orgName: `${username}单位`, permissions });
  chaoyang = await operator('chaoyang', '110105', ['grid:view', 'grid:manage']);
  viewer = await operator('cyviewer', '110105', ['grid:view']);
  huangpu = await operator('huangpu', '310101', ['grid:view', 'grid:manage']);
  beijing = await operator('beijing', '110000', ['grid:view']);
  airOnly = await operator('cyair', '110105', ['air:view']);
});
afterAll(async () => {
  await app.close();
});

describe('grid codes, boundaries and the tree', () => {
  it('creates top grids under a county with the next free code, and children under them', async () => {
    const a = await save(chaoyang.token, { areaCode: '110105', name: '甲街道', boundary: STREET_A });
    expect(a).toMatchObject({
      gridCode: '110105001',
      parentCode: null,
      areaCode: '110105',
      areaName: '朝阳区',
      name: '甲街道',
      level: 1,
      bbox: [116.4, 39.9, 116.5, 40],
      sort: 0,
      childCount: 0,
      memberCount: 0,
      createdAt: '2026-11-25 12:00:00',
    });
    // 0.01 km² of 100: the hole (4 %) is not counted.
    expect(a.areaKm2).toBeCloseTo(0.96 * 0.1 * 0.1 * 111.32 * 111.32 * Math.cos((39.95 * Math.PI) / 180), 2);
    const b = await save(chaoyang.token, { parentCode: '110105', name: '乙街道', boundary: STREET_B, sort: 2 });
    expect(b.gridCode).toBe('110105002');
    // A code given must extend the parent's by three digits.
    const a1 = await save(chaoyang.token, {
      parentCode: '110105001',
      gridCode: '110105001005',
      name: '甲一社区',
      boundary: polygon(square(116.4, 39.9, 0.05)),
    });
    expect(a1).toMatchObject({
      gridCode: '110105001005',
      parentCode: '110105001',
      level: 2,
      center: [116.425, 39.925],
    });
    const a2 = await save(chaoyang.token, {
      parentCode: '110105001',
      name: '甲二社区',
      boundary: polygon(square(116.45, 39.9, 0.05)),
    });
    expect(a2.gridCode).toBe('110105001006');
    const a21 = await save(chaoyang.token, {
      parentCode: '110105001006',
      name: '甲二一网格',
      boundary: polygon(square(116.46, 39.91, 0.01)),
    });
    expect(a21).toMatchObject({ gridCode: '110105001006001', level: 3 });

    for (const [body, field, message] of [
      [
        { parentCode: '110105001', gridCode: '110105002001', name: 'x', boundary: polygon(square(116.4, 39.9, 0.01)) },
        'gridCode',
        /上级编码 110105001 加 3 位/,
      ],
      [
        { parentCode: '110105001', gridCode: '110105001000', name: 'x', boundary: polygon(square(116.4, 39.9, 0.01)) },
        'gridCode',
        /000/,
      ],
      // The label point of a child must lie inside its parent (here: in the parent's hole).
      [
        { parentCode: '110105001', name: 'x', boundary: polygon(square(116.445, 39.945, 0.01)) },
        'boundary',
        /上级网格的边界内/,
      ],
      [
        {
          areaCode: '110105',
          name: 'x',
          boundary: {
            type: 'Polygon',
            coordinates: [
              [
                [116, 39],
                [117, 40],
              ],
            ],
          },
        },
        'boundary',
        /至少需要 3 个点/,
      ],
      [
        {
          areaCode: '110105',
          name: 'x',
          boundary: {
            type: 'Polygon',
            coordinates: [
              [
                [116, 39],
                [200, 40],
                [116, 40],
              ],
            ],
          },
        },
        'boundary',
        /超出经纬度范围/,
      ],
    ] as const) {
      const res = await post(chaoyang.token, '/adm/grid/save', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().msg).toMatch(new RegExp(`^参数错误：${field} `));
      expect(res.json().msg).toMatch(message);
    }
    // Grids lie below counties; a city is not a county (and is outside a district operator's area).
    const city = await post(admin, '/adm/grid/save', { areaCode: '110000', name: 'x', boundary: STREET_A });
    expect(city.json().msg).toBe('参数错误：areaCode 网格只能划分在区县之下，应为区县代码');
    expect(
      (await post(chaoyang.token, '/adm/grid/save', { areaCode: '110000', name: 'x', boundary: STREET_A })).json().code,
    ).toBe(ErrorCode.AREA_OUT_OF_SCOPE);
    const taken = await post(chaoyang.token, '/adm/grid/save', {
      parentCode: '110105001',
      gridCode: '110105001005',
      name: 'x',
      boundary: polygon(square(116.4, 39.9, 0.01)),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: ErrorCode.CONFLICT, msg: '网格编码 110105001005 已存在' });
    const missing = await post(chaoyang.token, '/adm/grid/save', {
      parentCode: '110105009',
      name: 'x',
      boundary: STREET_A,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers the tree, children, GeoJSON and a grid’s facts', async () => {
    const tree = await get<GridAreaTreeNode[]>(chaoyang.token, '/adm/grid/getGridTree');
    expect(tree.map((n) => n.code)).toEqual(['110105001', '110105002']);
    expect(tree[0]).toMatchObject({
      kind: 'grid',
      level: 'grid',
      gridCode: '110105001',
      parentCode: null,
      gridLevel: 1,
    });
    expect(tree[0]?.children.map((n) => n.code)).toEqual(['110105001005', '110105001006']);
    expect(tree[0]?.children[1]?.children).toEqual([
      {
        code: '110105001006001',
        name: '甲二一网格',
        level: 'grid',
        kind: 'grid',
        gridCode: '110105001006001',
        parentCode: '110105001006',
        gridLevel: 3,
        children: [],
      },
    ]);
    const sub = await get<GridAreaTreeNode[]>(chaoyang.token, '/adm/grid/getGridTree', { gridCode: '110105001006' });
    expect(sub.map((n) => [n.code, n.children.length])).toEqual([['110105001006', 1]]);

    const top = await get<GridRow[]>(chaoyang.token, '/adm/grid/getChildGrid', { parentCode: '110105' });
    expect(top.map((g) => [g.gridCode, g.childCount])).toEqual([
      ['110105001', 2],
      ['110105002', 0],
    ]);
    const children = await get<GridRow[]>(chaoyang.token, '/adm/grid/getGridInfoByParentCode', {
      parentCode: '110105001',
    });
    expect(children.map((g) => g.gridCode)).toEqual(['110105001005', '110105001006']);
    expect(await get<boolean>(chaoyang.token, '/adm/grid/hasChildGrid', { gridCode: '110105001' })).toBe(true);
    expect(await get<boolean>(chaoyang.token, '/adm/grid/hasChildGrid', { gridCode: '110105002' })).toBe(false);

    const feature = await get<GridFeature>(chaoyang.token, '/adm/grid/getGridGeojson', { gridCode: '110105002' });
    expect(feature).toMatchObject({
      type: 'Feature',
      id: '110105002',
      properties: { gridCode: '110105002', name: '乙街道', level: 1, areaCode: '110105', parentCode: null },
      geometry: STREET_B,
    });
    const collection = await get<{ type: string; features: GridFeature[] }>(
      chaoyang.token,
      '/adm/grid/getGridGeojsonData',
      { areaCode: '110105' },
    );
    expect(collection.features.map((f) => f.properties.gridCode)).toEqual(['110105001', '110105002']);
    const byParent = await get<{ features: GridFeature[] }>(chaoyang.token, '/adm/grid/getGridGeojsonData', {
      parentCode: '110105001',
    });
    expect(byParent.features.map((f) => [f.properties.gridCode, f.properties.center])).toEqual([
      ['110105001005', [116.425, 39.925]],
      ['110105001006', [116.475, 39.925]],
    ]);

    const info = await get<GridRow & { parents: unknown[]; areaPath: unknown[] }>(
      chaoyang.token,
      '/adm/grid/getGridDateByGridCode',
      { gridCode: '110105001006001' },
    );
    expect(info).toMatchObject({
      gridCode: '110105001006001',
      level: 3,
      center: [116.465, 39.915],
      parents: [
        { gridCode: '110105001', name: '甲街道', level: 1 },
        { gridCode: '110105001006', name: '甲二社区', level: 2 },
      ],
      areaPath: [
        { areaCode: '110000', areaName: '北京市' },
        { areaCode: '110105', areaName: '朝阳区' },
      ],
    });
  });

  it('hangs the grids below their county in allGridTreeData (grid:view)', async () => {
    const [county] = await get<GridAreaTreeNode[]>(chaoyang.token, '/adm/grid/allGridTreeData');
    expect(county).toMatchObject({ code: '110105', name: '朝阳区', level: 'county', kind: 'area' });
    expect(county?.children.map((c) => [c.code, c.kind])).toEqual([
      ['110105001', 'grid'],
      ['110105002', 'grid'],
    ]);
    const [city] = await get<GridAreaTreeNode[]>(beijing.token, '/adm/grid/allGridTreeData');
    expect(city).toMatchObject({ code: '110000', name: '北京市', level: 'province', kind: 'area' });
    expect(city?.children).toHaveLength(16);
    expect(city?.children.every((c) => c.level === 'county' && c.kind === 'area')).toBe(true);
    expect(city?.children.find((c) => c.code === '110105')?.children.map((c) => c.gridCode)).toEqual([
      '110105001',
      '110105002',
    ]);
    expect(city?.children.find((c) => c.code === '110108')?.children).toEqual([]);
    const [country] = await get<GridAreaTreeNode[]>(admin, '/adm/grid/allGridTreeData');
    expect(country).toMatchObject({ code: '100000', level: 'country' });
    expect(country?.children).toHaveLength(34);
    const shenzhen = country?.children.find((p) => p.code === '440000')?.children.find((c) => c.code === '440300');
    expect(shenzhen?.children.map((c) => c.name)).toContain('南山区');

    const refused = await call(airOnly.token, '/adm/grid/allGridTreeData');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: ErrorCode.FORBIDDEN, msg: '没有权限：网格事件' });
    expect((await platformCall(app, { url: '/adm/grid/allGridTreeData' })).statusCode).toBe(401);
  });
});

describe('point → grid', () => {
  it('finds the deepest grid holding a point: edges inside, holes and gaps outside, any part of a multipolygon', async () => {
    const locate = (lon: number, lat: number) => app.use(grids).locate(lon, lat);
    expect(await locate(116.42, 39.92)).toEqual({
      code: '110105001005',
      name: '甲一社区',
      areaCode: '110105',
      level: 2,
    });
    expect(await locate(116.465, 39.915)).toMatchObject({ code: '110105001006001', level: 3 });
    expect(await locate(116.47, 39.97)).toMatchObject({ code: '110105001', level: 1 });
    // On the street's outer edge, and on its hole's edge.
    expect((await locate(116.4, 39.97))?.code).toBe('110105001');
    expect((await locate(116.44, 39.955))?.code).toBe('110105001');
    // Inside the hole: no grid.
    expect(await locate(116.455, 39.955)).toBeNull();
    expect((await locate(116.32, 39.92))?.code).toBe('110105002');
    expect((await locate(116.37, 39.91))?.code).toBe('110105002');
    expect(await locate(116.355, 39.91)).toBeNull();
    expect(await locate(121.48, 31.23)).toBeNull();
    expect(await locate(Number.NaN, 39.9)).toBeNull();
  });

  it('sees every write at once, on this instance and on another one of the deployment', async () => {
    const second = await createPlatformApp({}, () => clock, app);
    try {
      expect(await second.use(grids).locate(121.48, 31.23)).toBeNull();
      expect(await app.use(grids).locate(121.48, 31.23)).toBeNull();
      const hp = await save(huangpu.token, {
        areaCode: '310101',
        name: '黄浦一街道',
        boundary: polygon(square(121.47, 31.22, 0.03)),
      });
      expect(hp.gridCode).toBe('310101001');
      expect((await app.use(grids).locate(121.48, 31.23))?.code).toBe('310101001');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect((await second.use(grids).locate(121.48, 31.23))?.code).toBe('310101001');
    } finally {
      await second.close();
    }
  });

  it('offers names, get, subtree and membership to the other modules', async () => {
    const api = app.use(grids);
    expect(await api.names(['110105001', '310101001', '9'])).toEqual(
      new Map([
        ['110105001', '甲街道'],
        ['310101001', '黄浦一街道'],
      ]),
    );
    expect(await api.get('110105001005', { areaCode: '110105' })).toEqual({
      code: '110105001005',
      name: '甲一社区',
      parentCode: '110105001',
      areaCode: '110105',
      level: 2,
      center: [116.425, 39.925],
    });
    expect(await api.get('110105001005', { areaCode: '310101' })).toBeNull();
    expect(await api.subtree('110105001006')).toEqual(['110105001006', '110105001006001']);
    expect(await api.subtree('999999001')).toEqual([]);
    expect(await api.membership(viewer.operatorId)).toBeNull();
  });
});

describe('scope and permissions', () => {
  it('shows a district operator only their county’s grids: other grids 404, other areas 403', async () => {
    expect((await get<GridAreaTreeNode[]>(huangpu.token, '/adm/grid/getGridTree')).map((n) => n.code)).toEqual([
      '310101001',
    ]);
    for (const [url, query] of [
      ['/adm/grid/getGridGeojson', { gridCode: '110105001' }],
      ['/adm/grid/getGridDateByGridCode', { gridCode: '110105001' }],
      ['/adm/grid/hasChildGrid', { gridCode: '110105001' }],
      ['/adm/grid/getGridTree', { gridCode: '110105001' }],
      ['/adm/grid/getChildGrid', { parentCode: '110105001' }],
      ['/adm/grid/getGridRelatedData', { gridCode: '110105001' }],
      ['/adm/grid/getGridRealTimeData', { gridCode: '110105001' }],
      ['/adm/grid/realTimeAndAccumulativeData', { gridCode: '110105001' }],
      ['/adm/grid/member/list', { gridCode: '110105001' }],
    ] as const) {
      const res = await call(huangpu.token, url, query);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: ErrorCode.NOT_FOUND, msg: '未找到该网格' });
    }
    for (const [url, query] of [
      ['/adm/grid/getChildGrid', { parentCode: '110105' }],
      ['/adm/grid/getGridInfoByParentCode', { parentCode: '110105' }],
      ['/adm/grid/getGridGeojsonData', { areaCode: '110105' }],
    ] as const) {
      const res = await call(huangpu.token, url, query);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe(ErrorCode.AREA_OUT_OF_SCOPE);
    }
    const write = await post(huangpu.token, '/adm/grid/save', { areaCode: '110105', name: 'x', boundary: STREET_A });
    expect(write.json().code).toBe(ErrorCode.AREA_OUT_OF_SCOPE);
    for (const [url, body] of [
      ['/adm/grid/update', { gridCode: '110105002', name: '改名' }],
      ['/adm/grid/delete', { gridCode: '110105002' }],
    ] as const) {
      expect((await post(huangpu.token, url, body)).statusCode, url).toBe(404);
    }
    // The city sees its counties' grids, the admin all of them.
    expect((await get<GridAreaTreeNode[]>(beijing.token, '/adm/grid/getGridTree')).map((n) => n.code)).toEqual([
      '110105001',
      '110105002',
    ]);
    expect((await get<GridAreaTreeNode[]>(admin, '/adm/grid/getGridTree')).length).toBe(3);
  });

  it('needs grid:manage to write (403) and grid:view to read', async () => {
    for (const [url, body] of [
      ['/adm/grid/save', { areaCode: '110105', name: 'x', boundary: STREET_A }],
      ['/adm/grid/update', { gridCode: '110105002', name: 'x' }],
      ['/adm/grid/delete', { gridCode: '110105002' }],
      ['/adm/grid/import', { type: 'FeatureCollection', features: [] }],
      ['/adm/grid/member/save', { operatorId: viewer.operatorId, gridCode: '110105002', role: 'member' }],
      ['/adm/grid/member/remove', { operatorId: viewer.operatorId }],
    ] as const) {
      const res = await post(viewer.token, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await call(viewer.token, '/adm/grid/getGridTree')).statusCode).toBe(200);
    expect((await call(airOnly.token, '/adm/grid/getGridTree')).statusCode).toBe(403);
    expect(
      app
        .routes()
        .filter((r) => r.url.startsWith('/adm/grid/'))
        .map((r) => r.access),
    ).toEqual(expect.arrayContaining(['operator:grid:view', 'operator:grid:manage']));
  });

  it('refuses junk with 400 and a Chinese message', async () => {
    for (const [url, query] of [
      ['/adm/grid/getGridGeojson', { gridCode: '1101' }],
      ['/adm/grid/getGridGeojson', { gridCode: '1101050011' }],
      ['/adm/grid/getGridGeojson', {}],
      ['/adm/grid/getChildGrid', { parentCode: 'abc' }],
      ['/adm/grid/getGridGeojsonData', {}],
      ['/adm/grid/realTimeAndAccumulativeData', { gridCode: '110105001', startTime: '2026-11-25' }],
    ] as const) {
      const res = await call(chaoyang.token, url, query);
      expect(res.statusCode, `${url} ${JSON.stringify(query)}`).toBe(400);
      expect(res.json().msg).toMatch(/^参数错误：\S+ .*[\u4e00-\u9fff]/);
    }
    const tooLong = await call(chaoyang.token, '/adm/grid/realTimeAndAccumulativeData', {
      gridCode: '110105001',
      startTime: '2026-09-01 00:00:00',
      endTime: '2026-11-01 00:00:00',
    });
    expect(tooLong.json().msg).toBe('参数错误：endTime 时间范围不能超过 31 天');
    for (const body of [
      {},
      { areaCode: '110105', name: '', boundary: STREET_A },
      { areaCode: '110105', name: 'x' },
      { name: 'x', boundary: STREET_A },
      { areaCode: '110105', name: 'x', boundary: { type: 'Point', coordinates: [116, 39] } },
      { areaCode: '110105', name: 'x', boundary: STREET_A, sort: 1.5 },
      { areaCode: '110105', name: 'x'.repeat(51), boundary: STREET_A },
    ]) {
      const res = await post(chaoyang.token, '/adm/grid/save', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().msg).toMatch(/^参数错误：.*[\u4e00-\u9fff]/);
    }
    const role = await post(chaoyang.token, '/adm/grid/member/save', {
      operatorId: viewer.operatorId,
      gridCode: '110105002',
      role: 'boss',
    });
    expect(role.json().msg).toMatch(/^参数错误：role 角色应为/);
  });
});

describe('writes: update, delete, members, import, audit', () => {
  it('updates a grid (checking a child against its parent) and audits before → after', async () => {
    const updated = dataOf<GridRow>(
      await post(chaoyang.token, '/adm/grid/update', {
        gridCode: '110105001005',
        name: '甲一社区（新）',
        sort: 3,
        boundary: polygon([
          [116.4, 39.9],
          [116.44, 39.9],
          [116.44, 39.94],
          [116.4, 39.94],
          [116.4, 39.9],
        ]),
      }),
    );
    expect(updated).toMatchObject({
      name: '甲一社区（新）',
      sort: 3,
      center: [116.42, 39.92],
      bbox: [116.4, 39.9, 116.44, 39.94],
    });
    const outside = await post(chaoyang.token, '/adm/grid/update', {
      gridCode: '110105001005',
      boundary: polygon(square(116.6, 39.9, 0.04)),
    });
    expect(outside.statusCode).toBe(400);
    const [entry] = (await auditOf('grid.update')).filter((e) => e.targetId === '110105001005');
    expect(entry).toMatchObject({
      actor: 'chaoyang',
      action: 'grid.update',
      before: { name: '甲一社区', sort: 0 },
      after: { name: '甲一社区（新）', sort: 3, boundaryChanged: true },
    });
    expect((await auditOf('grid.create')).length).toBe(6);
    // The cache follows the new boundary.
    expect((await app.use(grids).locate(116.445, 39.92))?.code).toBe('110105001');
  });

  it('sets and removes members: the operator must exist, be in scope and cover the grid', async () => {
    const saved = dataOf<GridMemberRow>(
      await post(chaoyang.token, '/adm/grid/member/save', {
        operatorId: viewer.operatorId,
        gridCode: '110105001005',
        role: 'member',
        duty: '日常巡查',
      }),
    );
    expect(saved).toMatchObject({
      operatorId: viewer.operatorId,
      username: 'cyviewer',
      name: 'cyviewer单位人员',
      orgName: 'cyviewer单位',
      gridCode: '110105001005',
      gridName: '甲一社区（新）',
      role: 'member',
      roleName: '网格员',
      duty: '日常巡查',
      createdAt: '2026-11-25 12:00:00',
    });
    await post(chaoyang.token, '/adm/grid/member/save', {
      operatorId: chaoyang.operatorId,
      gridCode: '110105001005',
      role: 'manager',
    });
    expect(
      (await get<GridMemberRow[]>(viewer.token, '/adm/grid/member/list', { gridCode: '110105001005' })).map((m) => [
        m.username,
        m.role,
      ]),
    ).toEqual([
      ['chaoyang', 'manager'],
      ['cyviewer', 'member'],
    ]);
    expect(await app.use(grids).membership(viewer.operatorId)).toEqual({ gridCode: '110105001005', role: 'member' });
    expect((await app.use(grids).members('110105001005', { areaCode: '310101' })).length).toBe(0);
    const counted = await get<GridRow[]>(chaoyang.token, '/adm/grid/getGridInfoByParentCode', {
      parentCode: '110105001',
    });
    expect(counted.find((g) => g.gridCode === '110105001005')?.memberCount).toBe(2);

    const foreign = await post(chaoyang.token, '/adm/grid/member/save', {
      operatorId: huangpu.operatorId,
      gridCode: '110105001005',
      role: 'member',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe('未找到该运营人员');
    const unknown = await post(chaoyang.token, '/adm/grid/member/save', {
      operatorId: 'no-such-operator',
      gridCode: '110105001005',
      role: 'member',
    });
    expect(unknown.statusCode).toBe(404);
    const elsewhere = await post(admin, '/adm/grid/member/save', {
      operatorId: huangpu.operatorId,
      gridCode: '110105001005',
      role: 'member',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().msg).toMatch(/区域不包含此网格/);

    // A grid with members or children is not deleted.
    const withMembers = await post(chaoyang.token, '/adm/grid/delete', { gridCode: '110105001005' });
    expect(withMembers.statusCode).toBe(409);
    expect(withMembers.json().msg).toBe('该网格还有网格员，请先移除网格员');
    const withChildren = await post(chaoyang.token, '/adm/grid/delete', { gridCode: '110105001006' });
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json().msg).toMatch(/子网格/);

    expect((await post(huangpu.token, '/adm/grid/member/remove', { operatorId: viewer.operatorId })).statusCode).toBe(
      404,
    );
    expect(dataOf(await post(chaoyang.token, '/adm/grid/member/remove', { operatorId: viewer.operatorId }))).toEqual({
      removed: true,
    });
    expect((await post(chaoyang.token, '/adm/grid/member/remove', { operatorId: viewer.operatorId })).statusCode).toBe(
      404,
    );
    expect(await app.use(grids).membership(viewer.operatorId)).toBeNull();
    const [savedEntry] = (await auditOf('grid.member_save')).filter((e) => e.targetId === viewer.operatorId);
    expect(savedEntry).toMatchObject({ after: { gridCode: '110105001005', role: 'member', duty: '日常巡查' } });
    expect((await auditOf('grid.member_remove')).map((e) => e.targetId)).toEqual([viewer.operatorId]);

    await post(chaoyang.token, '/adm/grid/member/remove', { operatorId: chaoyang.operatorId });
    expect(dataOf(await post(chaoyang.token, '/adm/grid/delete', { gridCode: '110105001006001' }))).toEqual({
      gridCode: '110105001006001',
    });
    expect(await app.use(grids).locate(116.465, 39.915)).toMatchObject({ code: '110105001006' });
    expect((await auditOf('grid.delete')).map((e) => e.targetId)).toEqual(['110105001006001']);
  });

  it('imports a FeatureCollection all or nothing, listing every bad feature', async () => {
    const feature = (
      properties: Record<string, unknown>,
      geometry: unknown = polygon(square(116.31, 39.91, 0.01)),
    ) => ({
      type: 'Feature',
      properties,
      geometry,
    });
    const bad = await post(chaoyang.token, '/adm/grid/import', {
      type: 'FeatureCollection',
      features: [
        feature({ name: '乙一社区', parentCode: '110105002' }),
        feature({ parentCode: '110105002' }),
        feature({ name: '越界', parentCode: '110105002' }, polygon(square(116.5, 39.5, 0.01))),
        feature({ name: '外区', areaCode: '310101' }),
        feature({ name: '坏边界', parentCode: '110105002' }, { type: 'Polygon', coordinates: [[[1, 2]]] }),
        'junk',
        feature({ name: '错编码', parentCode: '110105002', code: '110105001001' }),
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('导入失败，6 个网格有问题：第 2 个缺少名称 properties.name');
    expect(bad.json().data.errors).toEqual([
      { index: 1, name: null, message: '缺少名称 properties.name' },
      { index: 2, name: '越界', message: expect.stringMatching(/上级网格的边界内/) },
      { index: 3, name: '外区', message: '该地区不在您的管辖范围内' },
      { index: 4, name: '坏边界', message: '边界的每个环至少需要 3 个点' },
      { index: 5, name: null, message: '不是 GeoJSON Feature' },
      { index: 6, name: '错编码', message: '网格编码应为上级编码 110105002 加 3 位数字' },
    ]);
    // Nothing was written, not even the good first feature.
    expect(await get<GridRow[]>(chaoyang.token, '/adm/grid/getChildGrid', { parentCode: '110105002' })).toEqual([]);

    const good = dataOf<{ imported: number; codes: string[] }>(
      await post(chaoyang.token, '/adm/grid/import', {
        type: 'FeatureCollection',
        features: [
          feature({ name: '丙街道', areaCode: '110105', code: '110105007' }, polygon(square(116.2, 39.8, 0.1))),
          feature({ name: '丙一社区', parentCode: '110105007' }, polygon(square(116.2, 39.8, 0.05))),
          feature({ name: '乙一社区', parentCode: 110105002 }),
          feature(
            { name: '乙二社区', parentCode: '110105002' },
            STREET_B.coordinates[1] && polygon(square(116.36, 39.9, 0.02)),
          ),
        ],
      }),
    );
    expect(good).toEqual({ imported: 4, codes: ['110105007', '110105007001', '110105002001', '110105002002'] });
    expect((await app.use(grids).locate(116.21, 39.81))?.code).toBe('110105007001');
    expect((await app.use(grids).locate(116.37, 39.91))?.code).toBe('110105002002');
    const [entry] = await auditOf('grid.import');
    expect(entry).toMatchObject({ actor: 'chaoyang', after: { count: 4, codes: good.codes } });

    const tooMany = await post(chaoyang.token, '/adm/grid/import', {
      type: 'FeatureCollection',
      features: Array.from({ length: 2001 }, () => feature({ name: 'x', areaCode: '110105' })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toMatch(/一次最多导入 2000 个网格/);
    expect((await post(chaoyang.token, '/adm/grid/import', { type: 'Feature' })).statusCode).toBe(400);
  });

  it('takes an import above the usual 1 MB, and refuses one above 5 MB', async () => {
    // A county boundary traced with many points: ~1.6 MB.
    const ring: number[][] = [];
    const n = 60_000;
    for (let i = 0; i < n; i += 1) {
      const angle = (2 * Math.PI * i) / n;
      ring.push([116.6 + 0.05 * Math.cos(angle), 39.7 + 0.05 * Math.sin(angle)]);
    }
    ring.push(ring[0] as number[]);
    const body = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { name: '大边界', areaCode: '110105' }, geometry: polygon(ring) }],
    };
    expect(JSON.stringify(body).length).toBeGreaterThan(1024 * 1024);
    const res = await post(chaoyang.token, '/adm/grid/import', body);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const huge = { ...body, features: Array.from({ length: 4 }, () => body.features[0]) };
    const refused = await post(chaoyang.token, '/adm/grid/import', huge);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });
});

describe('the air inside a grid', () => {
  it('finds stations and devices inside the boundary, their latest values, AQI and the period’s accumulation', async () => {
    await app.use(stations).repository.upsert(
      [
        {
          code: 'T001A',
          name: '甲一站',
          city_code: '110000',
          county_code: '110105',
          longitude: 116.41,
          latitude: 39.91,
          source: 'cnemc',
        },
        {
          code: 'T002A',
          name: '洞里站',
          city_code: '110000',
          county_code: '110105',
          longitude: 116.455,
          latitude: 39.955,
          source: 'cnemc',
        },
      ],
      NOW,
    );
    const hour = (time: number, pm2_5: number, no2: number) => ({
      station_code: 'T001A',
      time,
      aqi: null,
      level: 0,
      primary_pollutant: null,
      pm2_5,
      pm2_5_24h: null,
      pm10: null,
      pm10_24h: null,
      so2: null,
      so2_24h: null,
      no2,
      no2_24h: null,
      co: null,
      co_24h: null,
      o3: null,
      o3_1h_max: null,
      o3_8h: null,
      o3_8h_max: null,
      qc_flags: 0,
      source: 'cnemc' as const,
    });
    await app
      .use(air)
      .store.stationHours.upsert([hour(NOW - 7200, 100, 250), hour(NOW - 3600, 60, 50), hour(NOW, 40, 30)], NOW);
    await app.use(air).current.refresh();

    const site = dataOf<{ siteId: string }>(
      await post(admin, '/device/site/save', {
        siteCode: 'S-G-1',
        name: '网格内站点',
        areaCode: '110105',
        lon: 116.42,
        lat: 39.92,
      }),
    );
    const created = dataOf<{ deviceId: string }>(
      await post(admin, '/device/save', {
        mn: 'LT110105G0001',
        name: '网格微站',
        type: 'A01',
        siteId: site.siteId,
        password: '123456',
        factors: [{ code: 'a34004' }, { code: 'a34002' }],
      }),
    );
    await app.use(devices).reload();
    await app.use(devices).telemetry.ingest([
      {
        deviceId: Number(created.deviceId),
        cn: '2011',
        dataTime: NOW - 60,
        receivedAt: NOW - 60,
        values: [
          { factor: 'a34004', value: 80, flag: 'N' },
          { factor: 'a34002', value: 120, flag: 'N' },
        ],
      },
    ]);

    const related = await get<{
      stations: Array<{ code: string }>;
      devices: Array<{ mn: string }>;
      children: GridRow[];
    }>(chaoyang.token, '/adm/grid/getGridRelatedData', { gridCode: '110105001' });
    expect(related.stations.map((s) => s.code)).toEqual(['T001A']);
    expect(related.devices.map((d) => d.mn)).toEqual(['LT110105G0001']);
    // 甲一社区 was given sort 3 above.
    expect(related.children.map((c) => c.gridCode)).toEqual(['110105001006', '110105001005']);

    const live = await get<{
      time: string;
      stations: Array<{ code: string; time: string; values: Record<string, unknown> }>;
      devices: Array<{ code: string; values: { aqi: number | null; pm2_5: number | null } }>;
      mean: { pm2_5: number; aqi: number };
    }>(chaoyang.token, '/adm/grid/getGridRealTimeData', { gridCode: '110105001' });
    expect(live.time).toBe('2026-11-25 12:00:00');
    expect(live.stations).toMatchObject([
      { code: 'T001A', time: '2026-11-25 12:00:00', values: { pm2_5: 40, no2: 30 } },
    ]);
    expect(live.devices).toMatchObject([
      { code: 'LT110105G0001', values: { pm2_5: 80, aqi: realtimeAqi({ pm2_5: 80, pm10: 120 }).aqi } },
    ]);
    expect(live.mean.pm2_5).toBe(60);
    expect(live.mean.aqi).toBe(realtimeAqi({ pm2_5: 60, pm10: 120, no2: 30 }).aqi);

    const period = await get<{
      startTime: string;
      endTime: string;
      accumulated: Array<{
        factor: string;
        mean: number | null;
        max: number | null;
        hours: number;
        exceedHours: number;
      }>;
    }>(chaoyang.token, '/adm/grid/realTimeAndAccumulativeData', { gridCode: '110105001' });
    expect(period).toMatchObject({ startTime: '2026-11-24 12:00:00', endTime: '2026-11-25 12:00:00' });
    expect(period.accumulated.find((a) => a.factor === 'pm2_5')).toMatchObject({
      mean: 66.7,
      max: 100,
      hours: 3,
      exceedHours: 1,
    });
    expect(period.accumulated.find((a) => a.factor === 'no2')).toMatchObject({ hours: 3, exceedHours: 1, max: 250 });
    const shortPeriod = await get<{ accumulated: Array<{ factor: string; hours: number }> }>(
      chaoyang.token,
      '/adm/grid/realTimeAndAccumulativeData',
      { gridCode: '110105001', startTime: '2026-11-25 10:30:00', endTime: '2026-11-25 12:00:00' },
    );
    expect(shortPeriod.accumulated.find((a) => a.factor === 'pm2_5')?.hours).toBe(2);
  });
});

describe('the demo grids', () => {
  it('are written once in the demo county, around the demo network, labelled 【演示】', async () => {
    const demo = await createPlatformApp();
    try {
      expect(await demo.use(grids).seedDemo()).toBe(12);
      expect(await demo.use(grids).seedDemo()).toBe(0);
      const api = demo.use(grids);
      // The demo network's 奥体中心 site.
      const found = await api.locate(116.397, 39.982);
      expect(found).toMatchObject({ areaCode: DEMO_GRID_COUNTY, level: 2 });
      expect(found?.name).toMatch(/^【演示】/);
      expect(await api.subtree('110105003')).toHaveLength(5);
    } finally {
      await demo.close();
    }
  });
});
