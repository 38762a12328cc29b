import { Readable } from 'node:stream';
import type { BreakdownRow, CatalogCountNode, EventDetail, HandlingReport, OrgEventNode } from '@lantian/contracts';
import { ErrorCode } from '@lantian/contracts';
import ExcelJS from 'exceljs';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { polygon, reportEvent, saveGrid, square } from '../../../testing/grid-world';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  platformCall,
} from '../../../testing/platform';
import type { EventsTable } from './events.tables';
import { IncidentsRepository } from './incidents.repository';

/** 2026-11-25 12:00:00 in Beijing. */
const NOW = Math.floor(Date.UTC(2026, 10, 25, 4, 0, 0) / 1000);
const HOUR = 3600;
const DAY = 86_400;

/** Bulk events per catalogue: distinct counts, so that the top ten have one order. */
const BULK: Array<[string, number]> = [
  ['siteDust', 230],
  ['roadDust', 210],
  ['bareSoil', 190],
  ['strawBurning', 170],
  ['garbageBurning', 150],
  ['noPurifier', 130],
  ['outdoorBbq', 110],
  ['stackExceed', 90],
  ['fugitive', 70],
  ['smokyVehicle', 50],
  ['nightConstruction', 30],
  ['other', 10],
];
const BULK_TOTAL = BULK.reduce((s, [, n]) => s + n, 0);
/** Bulk event i lies in: 0 community A1, 1 street A outside A1, 2 street B (i % 3). */
const PLACES = [
  { grid: '110105001001', west: 116.4, south: 39.9 },
  { grid: '110105001', west: 116.45, south: 39.95 },
  { grid: '110105002', west: 116.3, south: 39.9 },
] as const;
const bulkAge = (i: number) => (i % 20) * DAY + HOUR;

let app: TestApp;
let clock = NOW;
let admin: string;
/** 朝阳区, every grid permission, no grid role. */
let boss: DistrictOperator;
/** 朝阳区, grid:view and grid:stats, manager of street B. */
let managerB: DistrictOperator;
/** 黄浦区, grid:view and grid:stats. */
let huangpu: DistrictOperator;
/** 朝阳区, grid:view only. */
let viewer: DistrictOperator;
const ids = { e1: '', e2: '', e3: '' };

const get = (token: string, url: string, query: Record<string, string> = {}) =>
  platformCall(app, { url, token, query });
const data = async <T>(token: string, url: string, query: Record<string, string> = {}) =>
  dataOf<T>(await get(token, url, query));

async function report(token: string, fields: Record<string, string>): Promise<EventDetail> {
  return dataOf<EventDetail>(await reportEvent(app, token, { priority: '2', address: '朝阳路 1 号', ...fields }));
}

async function move(at: number, eventId: string, action: string, extra: Record<string, string> = {}) {
  clock = at;
  dataOf(
    await platformCall(app, { url: '/adm/event/transition', token: boss.token, body: { eventId, action, ...extra } }),
  );
}

function bulkRows(): Insertable<EventsTable>[] {
  const rows: Insertable<EventsTable>[] = [];
  let i = 0;
  for (const [catalog, n] of BULK) {
    for (let k = 0; k < n; k += 1, i += 1) {
      const place = PLACES[i % 3] ?? PLACES[0];
      const reportedAt = NOW - bulkAge(i);
      rows.push({
        title: `批量事件 ${i}`,
        catalog,
        source: 'patrol',
        state: 'reported',
        priority: 3,
        description: '',
        address: '',
        // Deterministic spread inside the place's 0.05° square.
        lon: place.west + ((i * 37) % 97) / 2000,
        lat: place.south + ((i * 53) % 89) / 2000,
        grid_code: place.grid,
        area_code: '110105',
        org_id: null,
        assignee_id: null,
        reporter_id: null,
        reporter_name: '批量',
        alarm_id: null,
        complaint_id: null,
        patrol_id: null,
        deadline: reportedAt + DAY,
        overdue_at: null,
        reported_at: reportedAt,
        dispatched_at: null,
        handled_at: null,
        closed_at: null,
        updated_at: reportedAt,
      });
    }
  }
  return rows;
}
/** Events still open past their deadline at NOW: bulk ones reported a day or more before, e2 and e3. */
const LATE = Array.from({ length: BULK_TOTAL }, (_, i) => NOW - bulkAge(i) + DAY < NOW).filter(Boolean).length + 2;
const inPlace = (p: number) => Array.from({ length: BULK_TOTAL }, (_, i) => i % 3 === p).filter(Boolean).length;

beforeAll(async () => {
  app = await createPlatformApp({ PLATFORM_SESSION_IDLE_MINUTES: '1440' }, () => clock);
  admin = await adminToken(app);
  const grid = (body: Record<string, unknown>) => saveGrid(app, admin, body);
  await grid({
    areaCode: '110105',
    gridCode: '110105001',
    name: '甲街道',
    boundary: polygon(square(116.4, 39.9, 0.1)),
  });
  await grid({
    parentCode: '110105001',
    gridCode: '110105001001',
    name: '甲一社区',
    boundary: polygon(square(116.4, 39.9, 0.05)),
  });
  await grid({
    areaCode: '110105',
    gridCode: '110105002',
    name: '乙街道',
    boundary: polygon(square(116.3, 39.9, 0.05)),
  });
  const operator = (username: string, orgName: string, permissions: string[], areaCode = '110105') =>
    districtOperator(app, admin, { username, areaCode, orgName, permissions });
  boss = await operator('boss', '指挥中心', [
    'grid:view',
    'grid:report',
    'grid:dispatch',
    'grid:edit',
    'grid:review',
    'grid:stats',
  ]);
  managerB = await operator('managerb', '乙街道办', ['grid:view', 'grid:stats']);
  huangpu = await operator('huangpu', '黄浦分局', ['grid:view', 'grid:stats'], '310101');
  viewer = await operator('viewer', '查看组', ['grid:view']);
  dataOf(
    await platformCall(app, {
      url: '/adm/grid/member/save',
      token: admin,
      body: { operatorId: managerB.operatorId, gridCode: '110105002', role: 'manager' },
    }),
  );

  // e1 goes all the way with a fixed clock: accepted +10 min, dispatched +30 min, handled +2 h, closed +3 h.
  const t1 = NOW - 3 * DAY;
  clock = t1;
  ids.e1 = (
    await report(boss.token, {
      title: '工地扬尘',
      eventClassification: 'siteDust',
      longitude: '116.42',
      latitude: '39.92',
    })
  ).eventId;
  await move(t1 + 600, ids.e1, 'accept');
  await move(t1 + 1800, ids.e1, 'dispatch', { assigneeId: boss.operatorId });
  await move(t1 + 2000, ids.e1, 'start');
  await move(t1 + 2 * HOUR, ids.e1, 'finish', { note: '已苫盖' });
  await move(t1 + 2 * HOUR + 600, ids.e1, 'approve');
  await move(t1 + 3 * HOUR, ids.e1, 'close');
  clock = NOW - 2 * DAY;
  // roadDust: 48 h × ½ (priority 2): due a day later, late at NOW.
  ids.e2 = (
    await report(boss.token, {
      title: '道路扬尘',
      eventClassification: 'roadDust',
      longitude: '116.47',
      latitude: '39.97',
    })
  ).eventId;
  // nightConstruction: 12 h × ½: late at NOW.
  clock = NOW - DAY + 2 * HOUR;
  ids.e3 = (
    await report(boss.token, {
      title: '夜间施工',
      eventClassification: 'nightConstruction',
      longitude: '116.31',
      latitude: '39.91',
    })
  ).eventId;
  clock = NOW;
  expect(await new IncidentsRepository(app.database).bulkInsert(bulkRows())).toBe(BULK_TOTAL);
});
afterAll(async () => {
  await app.close();
});

const TOTAL = BULK_TOTAL + 3;

/** An .xlsx answer opened with exceljs (read from a stream: its load() is typed for an older Buffer). */
async function workbookOf(payload: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.read(Readable.from([payload]));
  return book;
}

interface HotMap {
  zoom: number;
  cellDegrees: number;
  total: number;
  truncated: boolean;
  cells: Array<{
    lon: number;
    lat: number;
    count: number;
    catalogs: Array<{ code: string; name: string; count: number }>;
  }>;
}

describe('the hot map (/adm/incident/*)', () => {
  it('aggregates events into cells that follow the zoom, summing to the total', async () => {
    for (const zoom of [3, 10, 14, 18]) {
      const map = await data<HotMap>(boss.token, '/adm/incident/getVoLocationData', { zoom: String(zoom) });
      expect(map.total, `zoom ${zoom}`).toBe(TOTAL);
      expect(map.cellDegrees).toBe(360 / 2 ** (zoom + 2));
      expect(map.cells.reduce((s, c) => s + c.count, 0)).toBe(TOTAL);
      for (const cell of map.cells) {
        // The cell's mean position lies in its cell.
        expect(Math.floor(cell.lon / map.cellDegrees)).toBeGreaterThanOrEqual(Math.floor(116.3 / map.cellDegrees));
        expect(cell.catalogs.length).toBeGreaterThan(0);
        expect(cell.catalogs.length).toBeLessThanOrEqual(3);
      }
      if (zoom === 3) {
        expect(map.cells).toHaveLength(1);
        expect(map.cells[0]?.catalogs[0]).toEqual({ code: 'siteDust', name: '工地扬尘', count: 231 });
      }
      if (zoom === 10) expect(map.cells.length).toBeLessThan(10);
    }
    const defaultZoom = await data<HotMap>(boss.token, '/adm/incident/getVoLocationData');
    expect(defaultZoom.zoom).toBe(10);
  });

  it('filters by catalogue (with its sub-catalogues), period and view box', async () => {
    const dust = await data<HotMap>(boss.token, '/adm/incident/getVoLocationData', { eventClassification: 'dust' });
    expect(dust.total).toBe(231 + 211 + 190);
    const lastDays = await data<HotMap>(boss.token, '/adm/incident/getVoLocationData', {
      startTime: '2026-11-24 00:00:00',
      endTime: '2026-11-25 12:00:00',
    });
    // Bulk ages: (i % 20) days + 1 h; e3 reported 2026-11-24 14:00.
    const expected = Array.from({ length: BULK_TOTAL }, (_, i) => NOW - bulkAge(i)).filter(
      (t) => t >= NOW - 36 * HOUR,
    ).length;
    expect(lastDays.total).toBe(expected + 1);
    const streetB = await data<HotMap>(boss.token, '/adm/incident/getVoLocationData', {
      minLon: '116.29',
      minLat: '39.89',
      maxLon: '116.36',
      maxLat: '39.96',
    });
    expect(streetB.total).toBe(inPlace(2) + 1);
  });

  it('gives markers in a small area, at most 500 with a truncated flag', async () => {
    const near = await data<{ total: number; truncated: boolean; list: Array<{ eventId: string; stateName: string }> }>(
      boss.token,
      '/adm/incident/getLocationData',
      { minLon: '116.419', minLat: '39.919', maxLon: '116.421', maxLat: '39.921' },
    );
    expect(near.truncated).toBe(false);
    expect(near.list.map((e) => e.eventId)).toContain(ids.e1);
    expect(near.list.find((e) => e.eventId === ids.e1)?.stateName).toBe('已结案');
    const all = await data<{ total: number; truncated: boolean; list: unknown[] }>(
      boss.token,
      '/adm/incident/getLocationData',
      {
        minLon: '116',
        minLat: '39',
        maxLon: '117',
        maxLat: '41',
      },
    );
    expect(all).toMatchObject({ total: TOTAL, truncated: true });
    expect(all.list).toHaveLength(500);
    const noBox = await get(boss.token, '/adm/incident/getLocationData');
    expect(noBox.statusCode).toBe(400);
    expect(noBox.json().msg).toMatch(/视野范围/);
  });

  it('counts per catalogue: the tree (children into parents), the top ten, one catalogue in detail', async () => {
    const tree = await data<{ total: number; tree: CatalogCountNode[] }>(
      boss.token,
      '/adm/incident/getVoLocationTreeData',
    );
    expect(tree.total).toBe(TOTAL);
    const dust = tree.tree.find((n) => n.code === 'dust');
    expect(dust).toMatchObject({ own: 0, count: 231 + 211 + 190 });
    expect(dust?.children.find((c) => c.code === 'siteDust')).toMatchObject({ own: 231, count: 231 });
    expect(tree.tree.find((n) => n.code === 'noise')).toMatchObject({ own: 0, count: 31 });

    const top = await data<Array<{ code: string; count: number }>>(
      boss.token,
      '/adm/incident/queryVoTopTeenIncidentData',
    );
    expect(top.map((t) => t.code)).toEqual([
      'siteDust',
      'roadDust',
      'bareSoil',
      'strawBurning',
      'garbageBurning',
      'noPurifier',
      'outdoorBbq',
      'stackExceed',
      'fugitive',
      'smokyVehicle',
    ]);
    expect(top[0]?.count).toBe(231);

    const catalogs = await data<BreakdownRow[]>(boss.token, '/adm/incident/queryCatalogIncidentData');
    expect(catalogs.find((r) => r.key === 'siteDust')).toMatchObject({
      name: '工地扬尘',
      total: 231,
      closed: 1,
      open: 230,
    });

    const one = await data<{
      total: number;
      catalogName: string;
      byState: Array<{ eventState: string; count: number }>;
      series: { dates: string[]; counts: number[] };
      byGrid: Array<{ gridCode: string | null; gridName: string; count: number }>;
    }>(boss.token, '/adm/incident/queryStatisticsByCatalogCode', { eventClassification: 'dust', timeType: 'day' });
    expect(one.total).toBe(632);
    expect(one.catalogName).toBe('扬尘');
    expect(one.byState.find((s) => s.eventState === 'closed')?.count).toBe(1);
    expect(one.byState.reduce((s, r) => s + r.count, 0)).toBe(632);
    expect(one.series.dates).toHaveLength(31);
    expect(one.series.counts.reduce((s, n) => s + n, 0)).toBe(632);
    expect(one.byGrid.reduce((s, g) => s + g.count, 0)).toBe(632);
    expect(one.byGrid.map((g) => g.gridCode).sort()).toEqual(['110105001', '110105002']);
    const missing = await get(boss.token, '/adm/incident/queryStatisticsByCatalogCode');
    expect(missing.statusCode).toBe(400);
  });
});

describe('statistics (/adm/statistics/*)', () => {
  it('breaks the events down by grid, organisation and period', async () => {
    const grids = await data<BreakdownRow[]>(boss.token, '/adm/statistics/byGrid');
    expect(grids.map((g) => [g.key, g.name, g.total])).toEqual([
      ['110105001', '甲街道', inPlace(0) + inPlace(1) + 2],
      ['110105002', '乙街道', inPlace(2) + 1],
    ]);
    const children = await data<BreakdownRow[]>(boss.token, '/adm/statistics/byGrid', { gridCode: '110105001' });
    expect(children.map((g) => [g.key, g.name, g.total]).sort()).toEqual([
      ['110105001', '甲街道（本级）', inPlace(1) + 1],
      ['110105001001', '甲一社区', inPlace(0) + 1],
    ]);
    // A grid of the deepest level: no child grids, nothing on it here; not a failure (found by the route fuzz).
    const deepest = await data<BreakdownRow[]>(boss.token, '/adm/statistics/byGrid', {
      gridCode: `110105${'001'.repeat(8)}`,
    });
    expect(deepest).toEqual([]);

    const orgs = await data<BreakdownRow[]>(boss.token, '/adm/statistics/byOrg');
    expect(orgs.map((o) => [o.key, o.name, o.total, o.closed])).toEqual([
      [null, '未派遣', TOTAL - 1, 0],
      [boss.orgId, '指挥中心', 1, 1],
    ]);

    const days = await data<BreakdownRow[]>(boss.token, '/adm/statistics/byPeriod', { timeType: 'day' });
    expect(days).toHaveLength(31);
    expect(days[30]?.key).toBe('2026-11-25');
    expect(days.reduce((s, d) => s + d.total, 0)).toBe(TOTAL);
    const months = await data<BreakdownRow[]>(boss.token, '/adm/statistics/byPeriod', { timeType: 'month' });
    expect(months.map((m) => m.key)).toEqual(['2026-10', '2026-11']);
    expect(months.reduce((s, d) => s + d.total, 0)).toBe(TOTAL);
    const years = await data<BreakdownRow[]>(boss.token, '/adm/statistics/byPeriod', { timeType: 'year' });
    expect(years).toEqual([expect.objectContaining({ key: '2026', total: TOTAL, overdue: LATE })]);
  });

  it('reports handling times and the overdue rate', async () => {
    const report = await data<HandlingReport>(boss.token, '/adm/statistics/handling');
    expect(report).toEqual({
      events: TOTAL,
      response: { count: 1, averageSeconds: 600, medianSeconds: 600 },
      dispatch: { count: 1, averageSeconds: 1800, medianSeconds: 1800 },
      handling: { count: 1, averageSeconds: 2 * HOUR - 1800, medianSeconds: 2 * HOUR - 1800 },
      total: { count: 1, averageSeconds: 3 * HOUR, medianSeconds: 3 * HOUR },
      overdue: LATE,
      overdueRate: Math.round((LATE / TOTAL) * 10_000) / 10_000,
    });
    // One catalogue: the closed e1 and 230 bulk events.
    const siteDust = await data<HandlingReport>(boss.token, '/adm/statistics/handling', {
      eventClassification: 'siteDust',
    });
    expect(siteDust.events).toBe(231);
    expect(siteDust.total.count).toBe(1);
  });

  it('exports a sheet as .xlsx with Chinese headers, and the events themselves', async () => {
    const response = await get(boss.token, '/adm/statistics/export', { sheet: 'byCatalog' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="____-___-20261125.xlsx"; filename*=UTF-8''${encodeURIComponent('事件统计-按类别-20261125.xlsx')}`,
    );
    const book = await workbookOf(response.rawPayload);
    const sheet = book.getWorksheet('按类别');
    expect(sheet?.getRow(1).getCell(1).value).toBe('事件类别');
    expect(sheet?.getRow(1).getCell(3).value).toBe('事件数');
    expect(sheet?.getRow(2).getCell(1).value).toBe('工地扬尘');
    expect(sheet?.getRow(2).getCell(3).value).toBe(231);
    // A header and one row per catalogue (e1–e3 fall in catalogues the bulk events have).
    expect(sheet?.actualRowCount).toBe(1 + BULK.length);

    const eventsFile = await get(boss.token, '/adm/statistics/export', { sheet: 'events' });
    expect(eventsFile.statusCode).toBe(200);
    const events = await workbookOf(eventsFile.rawPayload);
    const rows = events.getWorksheet('事件明细');
    expect(rows?.actualRowCount).toBe(1 + TOTAL);
    expect(rows?.getRow(1).getCell(1).value).toBe('事件单号');
    const values: string[] = [];
    rows?.eachRow((row) => {
      values.push(String(row.getCell(2).value));
    });
    expect(values).toContain('工地扬尘');

    const handling = await get(boss.token, '/adm/statistics/export', { sheet: 'handling' });
    const h = await workbookOf(handling.rawPayload);
    expect(h.getWorksheet('处置时效')?.getRow(2).getCell(3).value).toBeCloseTo(600 / 3600, 2);

    const junk = await get(boss.token, '/adm/statistics/export', { sheet: 'everything' });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().msg).toMatch(/sheet/);
  });

  it('refuses junk parameters with a Chinese message', async () => {
    for (const [url, query, pattern] of [
      ['/adm/incident/getVoLocationData', { zoom: '20' }, /zoom 应在 3–18 之间/],
      ['/adm/incident/getVoLocationData', { minLon: '116' }, /视野范围应同时给出/],
      [
        '/adm/incident/getVoLocationData',
        { minLon: '117', minLat: '39', maxLon: '116', maxLat: '40' },
        /maxLon 应大于 minLon/,
      ],
      [
        '/adm/statistics/byCatalog',
        { startTime: '2026-11-25 00:00:00', endTime: '2026-11-01 00:00:00' },
        /不能早于开始时间/,
      ],
      [
        '/adm/statistics/byCatalog',
        { startTime: '2020-01-01 00:00:00', endTime: '2026-11-01 00:00:00' },
        /不能超过 3 年/,
      ],
      ['/adm/statistics/byPeriod', { timeType: 'week' }, /timeType/],
      ['/adm/statistics/byCatalog', { startTime: '2026-02-30 00:00:00' }, /startTime/],
    ] as const) {
      const response = await get(boss.token, url, query);
      expect(response.statusCode, `${url} ${JSON.stringify(query)}`).toBe(400);
      expect(response.json().msg).toMatch(pattern);
    }
  });
});

describe('index page and charts', () => {
  it('counts events per day, the newest events, and per organisation', async () => {
    const perDay = await data<{ dates: string[]; counts: number[]; total: number }>(
      boss.token,
      '/adm/index/voEventDate',
    );
    expect(perDay.total).toBe(TOTAL);
    expect(perDay.dates).toHaveLength(31);

    const newest = await data<{
      list: Array<{ eventId: string; eventState: string }>;
      total: number;
      pageSize: number;
    }>(viewer.token, '/adm/index/voEventStateDate', { pageNo: '1', pageSize: '5' });
    expect(newest.total).toBe(TOTAL);
    expect(newest.list).toHaveLength(5);

    const tree = await data<OrgEventNode[]>(viewer.token, '/adm/index/voOrgTreeData');
    const flat: OrgEventNode[] = [];
    const walk = (nodes: OrgEventNode[]) => {
      for (const n of nodes) {
        flat.push(n);
        walk(n.children);
      }
    };
    walk(tree);
    expect(flat.find((n) => n.id === boss.orgId)).toMatchObject({
      dispatched: 1,
      open: 0,
      closed: 1,
      subtreeDispatched: 1,
    });
    expect(tree.reduce((sum, root) => sum + root.subtreeDispatched, 0)).toBe(1);
  });

  it('gives one series per state and per top catalogue', async () => {
    const states = await data<{ dates: string[]; series: Array<{ key: string; counts: number[] }> }>(
      viewer.token,
      '/adm/event/voEventStatusChartDateCount',
      { timeType: 'month' },
    );
    expect(states.dates).toEqual(['2026-10', '2026-11']);
    const sum = (key: string) => states.series.find((s) => s.key === key)?.counts.reduce((a, b) => a + b, 0) ?? -1;
    expect(sum('closed')).toBe(1);
    expect(sum('reported')).toBe(TOTAL - 1);
    expect(states.series).toHaveLength(9);

    const catalogs = await data<{ series: Array<{ key: string; name: string; counts: number[] }> }>(
      viewer.token,
      '/adm/event/voEventCatalogChartDateCount',
    );
    const dust = catalogs.series.find((s) => s.key === 'dust');
    expect(dust?.counts.reduce((a, b) => a + b, 0)).toBe(632);
    expect(catalogs.series.some((s) => s.key === 'siteDust')).toBe(false);
    expect(catalogs.series.flatMap((s) => s.counts).reduce((a, b) => a + b, 0)).toBe(TOTAL);
  });
});

describe('grid event counts (/adm/grid/*)', () => {
  it('counts a grid subtree by state, lists its events, analyses it and colours its children', async () => {
    const counts = await data<{
      total: number;
      overdue: number;
      byState: Array<{ eventState: string; count: number }>;
    }>(viewer.token, '/adm/grid/getGridEventCountInfo', { gridCode: '110105001' });
    expect(counts.total).toBe(inPlace(0) + inPlace(1) + 2);
    expect(counts.byState.find((s) => s.eventState === 'closed')?.count).toBe(1);

    const page = await data<{ list: Array<{ eventId: string; bindGridCode: string }>; total: number }>(
      viewer.token,
      '/adm/grid/getGridEvent',
      { gridCode: '110105001001', pageNum: '1', pageSize: '10', eventState: 'closed' },
    );
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ eventId: ids.e1, bindGridCode: '110105001001' });

    const analysis = await data<{ children: BreakdownRow[]; catalogs: BreakdownRow[] }>(
      viewer.token,
      '/adm/grid/getGridEventAnalyzeData',
      { gridCode: '110105001' },
    );
    expect(analysis.children.reduce((s, c) => s + c.total, 0)).toBe(inPlace(0) + inPlace(1) + 2);
    expect(analysis.catalogs.reduce((s, c) => s + c.total, 0)).toBe(inPlace(0) + inPlace(1) + 2);

    const choropleth = await data<Array<{ gridCode: string; gridName: string; count: number }>>(
      viewer.token,
      '/adm/grid/getGridIncidentCount',
      { areaCode: '110105' },
    );
    expect(choropleth).toEqual([
      { gridCode: '110105001', gridName: '甲街道', count: inPlace(0) + inPlace(1) + 2 },
      { gridCode: '110105002', gridName: '乙街道', count: inPlace(2) + 1 },
    ]);
    // A grid of the deepest level has no child grids: an empty list, not a failure (found by the route fuzz).
    const deepest = await data<unknown[]>(viewer.token, '/adm/grid/getGridIncidentCount', {
      parentCode: `110105${'001'.repeat(8)}`,
    });
    expect(deepest).toEqual([]);
    const neither = await get(viewer.token, '/adm/grid/getGridIncidentCount');
    expect(neither.statusCode).toBe(400);
    expect(neither.json().msg).toMatch(/parentCode 或 areaCode/);
  });
});

describe('scope and access', () => {
  it('shows a district operator of another county nothing, and refuses its grid parameters', async () => {
    const map = await data<HotMap>(huangpu.token, '/adm/incident/getVoLocationData');
    expect(map).toMatchObject({ total: 0, cells: [] });
    expect(await data<BreakdownRow[]>(huangpu.token, '/adm/statistics/byCatalog')).toEqual([]);
    expect((await data<HandlingReport>(huangpu.token, '/adm/statistics/handling')).events).toBe(0);
    for (const [url, query] of [
      ['/adm/grid/getGridEventCountInfo', { gridCode: '110105001' }],
      ['/adm/grid/getGridIncidentCount', { areaCode: '110105' }],
      ['/adm/statistics/byGrid', { gridCode: '110105001' }],
    ] as const) {
      const response = await get(huangpu.token, url, query);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe(ErrorCode.AREA_OUT_OF_SCOPE);
    }
    const file = await get(huangpu.token, '/adm/statistics/export', { sheet: 'events' });
    const book = await workbookOf(file.rawPayload);
    expect(book.getWorksheet('事件明细')?.actualRowCount).toBe(1);
  });

  it('narrows a street manager to its grid', async () => {
    const map = await data<HotMap>(managerB.token, '/adm/incident/getVoLocationData');
    expect(map.total).toBe(inPlace(2) + 1);
    const grids = await data<BreakdownRow[]>(managerB.token, '/adm/statistics/byGrid');
    expect(grids.map((g) => g.key)).toEqual(['110105002']);
    const a = await data<{ total: number }>(managerB.token, '/adm/grid/getGridEventCountInfo', {
      gridCode: '110105001',
    });
    expect(a.total).toBe(0);
    const top = await data<Array<{ code: string; count: number }>>(
      managerB.token,
      '/adm/incident/queryVoTopTeenIncidentData',
    );
    expect(top.reduce((s, t) => s + t.count, 0)).toBeLessThanOrEqual(inPlace(2) + 1);
  });

  it('needs grid:stats for the hot map and statistics, grid:view for the grid counts', async () => {
    for (const url of ['/adm/incident/getVoLocationData', '/adm/statistics/byCatalog', '/adm/index/voEventDate']) {
      expect((await get(viewer.token, url)).statusCode, url).toBe(403);
    }
    const routes = app
      .routes()
      .filter((r) => /^\/adm\/(incident|statistics)\//.test(r.url))
      .map((r) => r.access);
    expect(routes.length).toBeGreaterThanOrEqual(12);
    expect(new Set(routes)).toEqual(new Set(['operator:grid:stats']));
  });
});
