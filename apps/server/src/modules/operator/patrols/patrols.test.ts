import { type AuditRow, ErrorCode, type PatrolDetail, type PatrolRow } from '@lantian/contracts';
import { haversineMeters } from '@lantian/domain';
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

/** 2026-11-25 12:00:00 in Beijing. */
const NOW = Math.floor(Date.UTC(2026, 10, 25, 4, 0, 0) / 1000);

interface Point {
  t: number;
  lon: number;
  lat: number;
  accuracy?: number | null;
  speed?: number | null;
}

/** Metres east of (116.42, 39.92), in 甲一社区, as a fix at epoch second `t` (sent in milliseconds). */
const METRE_LON = 1 / ((Math.PI / 180) * 6_371_008.8 * Math.cos((39.92 * Math.PI) / 180));
const fix = (t: number, metresEast: number, extra: Partial<Point> = {}): Point => ({
  t: t * 1000,
  lon: 116.42 + metresEast * METRE_LON,
  lat: 39.92,
  ...extra,
});
/** A walk: `count` fixes 10 s apart, 14 m each (1.4 m/s), from `t0` and `m0` metres. */
const walk = (t0: number, m0: number, count: number) =>
  Array.from({ length: count }, (_, i) => fix(t0 + i * 10, m0 + i * 14, { accuracy: 5, speed: 1.4 }));

interface PointsResult {
  patrolId: string;
  received: number;
  stored: number;
  duplicates: number;
  refused: number;
  noise: number;
  pointCount: number;
  distanceM: number;
}
interface Page<T> {
  list: T[];
  total: number;
}

let app: TestApp;
let admin: string;
const clock = { now: NOW };
/** grid:patrol, grid:report; member of 甲一社区 (110105001001). */
let member: DistrictOperator;
/** grid:report only; member of 甲二社区 (110105001002). */
let walker: DistrictOperator;
/** grid:patrol, grid:report; manager of 乙街道 (110105002). */
let managerB: DistrictOperator;
/** grid:patrol; no grid role (the whole county). */
let office: DistrictOperator;
/** 黄浦区: grid:patrol, grid:report; no grid role. */
let shanghai: DistrictOperator;
/** 朝阳区 without any grid permission. */
let airOnly: DistrictOperator;

const get = (token: string, url: string, query: Record<string, string> = {}) =>
  platformCall(app, { url, token, query });
const post = (token: string, url: string, body: unknown) => platformCall(app, { url, token, body });
const start = (token: string, body: Record<string, unknown> = { tool: 'walk' }) =>
  post(token, '/adm/patrol/start', body);
const started = async (token: string, body?: Record<string, unknown>) => dataOf<PatrolRow>(await start(token, body));
const send = (token: string, patrolId: string, points: unknown) =>
  post(token, '/adm/patrol/points', { patrolId, points });
const sent = async (token: string, patrolId: string, points: Point[]) =>
  dataOf<PointsResult>(await send(token, patrolId, points));
const finish = (token: string, patrolId: string, note?: string) =>
  post(token, '/adm/patrol/finish', note === undefined ? { patrolId } : { patrolId, note });
const list = async (token: string, query: Record<string, string> = {}) =>
  dataOf<Page<PatrolRow>>(await get(token, '/adm/patrol/volist', { pageSize: '100', ...query }));
const detail = async (token: string, patrolId: string) =>
  dataOf<PatrolDetail>(await get(token, '/adm/patrol/vodetail', { patrolId }));

/** An event reported during the patrol. */
const reportDuring = (token: string, fields: Record<string, string>) => reportEvent(app, token, fields);

beforeAll(async () => {
  app = await createPlatformApp({ PLATFORM_SESSION_IDLE_MINUTES: '1440' }, () => clock.now);
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
    parentCode: '110105001',
    gridCode: '110105001002',
    name: '甲二社区',
    boundary: polygon(square(116.45, 39.9, 0.05)),
  });
  await grid({
    areaCode: '110105',
    gridCode: '110105002',
    name: '乙街道',
    boundary: polygon(square(116.3, 39.9, 0.05)),
  });
  const operator = (username: string, permissions: string[], areaCode = '110105') =>
    districtOperator(app, admin, { username, areaCode, orgName: `${username}单位`, permissions });
  member = await operator('member', ['grid:patrol', 'grid:report']);
  walker = await operator('walker', ['grid:report']);
  managerB = await operator('managerb', ['grid:patrol', 'grid:report']);
  office = await operator('office', ['grid:patrol']);
  shanghai = await operator('shanghai', ['grid:patrol', 'grid:report'], '310101');
  airOnly = await operator('cyair', ['air:view']);
  const role = async (operatorId: string, gridCode: string, r: 'member' | 'manager') =>
    dataOf(
      await platformCall(app, { url: '/adm/grid/member/save', token: admin, body: { operatorId, gridCode, role: r } }),
    );
  await role(member.operatorId, '110105001001', 'member');
  await role(walker.operatorId, '110105001002', 'member');
  await role(managerB.operatorId, '110105002', 'manager');
});
afterAll(async () => {
  await app.close();
});

describe('the patrol tools', () => {
  it('lists the dictionary’s patrolTools to any signed-in operator', async () => {
    const tools = dataOf<Array<{ value: string; label: string }>>(await get(airOnly.token, '/adm/patrol/tools/list'));
    expect(tools).toEqual([
      { value: 'walk', label: '步行' },
      { value: 'bike', label: '自行车' },
      { value: 'ebike', label: '电动车' },
      { value: 'car', label: '汽车' },
      { value: 'drone', label: '无人机' },
    ]);
    const dict = dataOf<{ items: Array<{ value: string }> }>(
      await get(airOnly.token, '/sys/dict/getDict', { type: 'patrolTools' }),
    );
    expect(dict.items.map((i) => i.value)).toEqual(['walk', 'bike', 'ebike', 'car', 'drone']);
  });
});

describe('a patrol from start to finish', () => {
  let patrolId: string;

  it('starts one patrol per operator, in the operator’s grid, audited', async () => {
    clock.now = NOW;
    const row = await started(member.token, { tool: 'walk', note: '例行巡查' });
    patrolId = row.patrolId;
    expect(row).toMatchObject({
      operatorId: member.operatorId,
      operatorName: 'member单位人员',
      gridCode: '110105001001',
      gridName: '甲一社区',
      areaCode: '110105',
      patrolTools: 'walk',
      toolName: '步行',
      status: 'active',
      statusName: '巡查中',
      startedAt: '2026-11-25 12:00:00',
      endedAt: null,
      durationSeconds: 0,
      distanceM: 0,
      pointCount: 0,
      eventCount: 0,
      note: '例行巡查',
    });
    const again = await start(member.token, { tool: 'bike' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toMatch(/尚未结束/);
    const audit = dataOf<{ list: AuditRow[] }>(
      await get(admin, '/sys/audit/list', { action: 'patrol.start', pageSize: '100' }),
    ).list;
    expect(audit[0]).toMatchObject({ action: 'patrol.start', targetId: patrolId });
  });

  it('refuses unknown tools, and callers without grid:report', async () => {
    const unknown = await start(shanghai.token, { tool: 'horse' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toMatch(/巡查方式不存在/);
    expect((await start(office.token)).statusCode).toBe(403);
    expect((await start(airOnly.token)).statusCode).toBe(403);
  });

  it('stores a batch, measures it, and stores nothing twice when the batch is sent again', async () => {
    clock.now = NOW + 600;
    const batch = walk(NOW + 10, 0, 30);
    const first = await sent(member.token, patrolId, batch);
    expect(first).toMatchObject({ received: 30, stored: 30, duplicates: 0, refused: 0, noise: 0, pointCount: 30 });
    expect(first.distanceM).toBe(406);
    const again = await sent(member.token, patrolId, batch);
    expect(again).toMatchObject({ received: 30, stored: 0, duplicates: 30, pointCount: 30, distanceM: 406 });
    // The next batch overlaps the last one by five points.
    const next = await sent(member.token, patrolId, walk(NOW + 260, 350, 15));
    expect(next).toMatchObject({ stored: 10, duplicates: 5, pointCount: 40, distanceM: 546 });
  });

  it('refuses points before the start or more than 5 minutes ahead, and drops jumps over 200 km/h', async () => {
    clock.now = NOW + 600;
    const result = await sent(member.token, patrolId, [
      fix(NOW - 60, 0),
      fix(NOW + 600 + 301, 700),
      fix(NOW + 410, 560),
      // 2 km in 10 s: 720 km/h.
      fix(NOW + 420, 2_560),
      fix(NOW + 430, 588),
      // Two fixes in the same second: one point.
      fix(NOW + 440, 602),
      fix(NOW + 440.5, 603),
    ]);
    expect(result).toMatchObject({ received: 7, stored: 3, refused: 2, noise: 1, duplicates: 1, pointCount: 43 });
    expect(result.distanceM).toBe(546 + 14 + 28 + 14);
  });

  it('fits a late batch into the gap it fills and measures the whole track again', async () => {
    // A detour north between NOW+100 (126 m) and NOW+110 (140 m): 50 m up and back instead of the 14 m step.
    const north = { t: (NOW + 105) * 1000, lon: 116.42 + 133 * METRE_LON, lat: 39.92 + 50 / 111_195 };
    const result = await sent(member.token, patrolId, [north]);
    expect(result).toMatchObject({ stored: 1, pointCount: 44 });
    const a = { lon: 116.42 + 126 * METRE_LON, lat: 39.92 };
    const b = { lon: 116.42 + 140 * METRE_LON, lat: 39.92 };
    const expected = 602 - 14 + haversineMeters(a, north) + haversineMeters(north, b);
    expect(result.distanceM).toBe(Math.round(expected));
  });

  it('shows the active patrol to its owner for resuming', async () => {
    const current = dataOf<{ patrol: PatrolRow; lastPointAt: number } | null>(
      await get(member.token, '/adm/patrol/current'),
    );
    expect(current?.patrol.patrolId).toBe(patrolId);
    expect(current?.lastPointAt).toBe((NOW + 440) * 1000);
    expect(dataOf(await get(shanghai.token, '/adm/patrol/current'))).toBeNull();
  });

  it('takes points only from the owner of an active patrol', async () => {
    const other = await send(managerB.token, patrolId, walk(NOW + 500, 0, 2));
    expect(other.statusCode).toBe(404);
    expect((await send(office.token, patrolId, walk(NOW + 500, 0, 2))).statusCode).toBe(403);
    expect((await send(member.token, '999999', walk(NOW + 500, 0, 2))).statusCode).toBe(404);
  });

  it('lists the events reported during the patrol in its detail', async () => {
    const reported = await reportDuring(member.token, {
      title: '裸土未苫盖',
      eventClassification: 'bareSoil',
      longitude: '116.421',
      latitude: '39.921',
      address: '甲一社区东侧空地',
      patrolId,
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const eventId = reported.json().data.eventId as string;
    // Someone else's patrol, or one that does not exist, cannot be named: 400 and no event.
    for (const [token, id] of [
      [managerB.token, patrolId],
      [member.token, '999999'],
    ] as const) {
      const refused = await reportDuring(token, {
        title: '冒名',
        eventClassification: 'dust',
        longitude: '116.421',
        latitude: '39.921',
        patrolId: id,
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().msg).toContain('巡查不存在、已结束或不是您本人的巡查');
    }
    const seen = await detail(office.token, patrolId);
    expect(seen.events).toEqual([
      {
        eventId,
        title: '裸土未苫盖',
        eventClassification: 'bareSoil',
        eventState: 'reported',
        stateName: expect.any(String),
        address: '甲一社区东侧空地',
        longitude: 116.421,
        latitude: 39.921,
        reportedAt: '2026-11-25 12:10:00',
      },
    ]);
    expect(seen.eventCount).toBe(1);
    expect(seen.track).toHaveLength(44);
    expect(seen.track[0]).toEqual([expect.closeTo(116.42, 9), 39.92, (NOW + 10) * 1000]);
    expect(seen.trackSimplified).toBe(false);
    expect(seen.durationSeconds).toBe(600);
  });

  it('finishes the patrol (owner only, once), audited; then no more points, and a new one may start', async () => {
    clock.now = NOW + 900;
    expect((await finish(managerB.token, patrolId)).statusCode).toBe(404);
    const done = dataOf<PatrolRow>(await finish(member.token, patrolId, '巡查完毕，发现一处裸土'));
    expect(done).toMatchObject({
      status: 'finished',
      statusName: '已结束',
      endedAt: '2026-11-25 12:15:00',
      durationSeconds: 900,
      pointCount: 44,
      note: '巡查完毕，发现一处裸土',
    });
    expect((await finish(member.token, patrolId)).statusCode).toBe(409);
    const late = await send(member.token, patrolId, walk(NOW + 800, 0, 2));
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toMatch(/巡查已结束/);
    const audit = dataOf<{ list: AuditRow[] }>(
      await get(admin, '/sys/audit/list', { action: 'patrol.finish', pageSize: '100' }),
    ).list;
    expect(audit[0]).toMatchObject({ action: 'patrol.finish', targetId: patrolId });
    expect(dataOf(await get(member.token, '/adm/patrol/current'))).toBeNull();
    clock.now = NOW + 1000;
    expect((await started(member.token, { tool: 'bike' })).patrolId).not.toBe(patrolId);
  });
});

describe('who sees which patrols', () => {
  beforeAll(async () => {
    clock.now = NOW + 2000;
    await started(walker.token, { tool: 'ebike' });
    await started(managerB.token, { tool: 'car' });
    await started(shanghai.token, { tool: 'drone' });
  });

  it('scopes the list by area and grid role', async () => {
    const owners = async (token: string, query: Record<string, string> = {}) =>
      (await list(token, query)).list.map((p) => p.operatorName).sort();
    // No grid role: the whole county; its patrols only.
    expect(await owners(office.token)).toEqual([
      'managerb单位人员',
      'member单位人员',
      'member单位人员',
      'walker单位人员',
    ]);
    // A grid member: their own.
    expect(await owners(member.token)).toEqual(['member单位人员', 'member单位人员']);
    // A grid manager: the patrols of their grid's subtree.
    expect(await owners(managerB.token)).toEqual(['managerb单位人员']);
    expect(await owners(shanghai.token)).toEqual(['shanghai单位人员']);
    // Walker holds grid:report only: patrols, but no records.
    expect((await get(walker.token, '/adm/patrol/volist')).statusCode).toBe(403);
    expect((await get(airOnly.token, '/adm/patrol/volist')).statusCode).toBe(403);
  });

  it('filters by status, grid, tool, keyword and start time', async () => {
    const count = async (query: Record<string, string>) => (await list(office.token, query)).total;
    expect(await count({ status: 'finished' })).toBe(1);
    expect(await count({ status: 'active' })).toBe(3);
    expect(await count({ gridCode: '110105001' })).toBe(3);
    expect(await count({ gridCode: '110105001002' })).toBe(1);
    expect(await count({ patrolTools: 'bike' })).toBe(1);
    expect(await count({ keyword: 'WALKER' })).toBe(1);
    expect(await count({ keyword: '裸土' })).toBe(1);
    expect(await count({ startTime: '2026-11-25 12:20:00' })).toBe(2);
    expect(await count({ endTime: '2026-11-25 12:10:00' })).toBe(1);
    const page = await list(office.token, { pageSize: '2', pageNum: '2' });
    expect(page.list).toHaveLength(2);
    expect(page.total).toBe(4);
  });

  it('answers 404 for a patrol outside the reader’s scope', async () => {
    const theirs = (await list(shanghai.token)).list[0]?.patrolId ?? '';
    expect((await get(office.token, '/adm/patrol/vodetail', { patrolId: theirs })).statusCode).toBe(404);
    expect((await get(shanghai.token, '/adm/patrol/vodetail', { patrolId: theirs })).statusCode).toBe(200);
  });
});

describe('a long track', () => {
  it('is simplified for display beyond 5,000 points', async () => {
    clock.now = NOW + 20_000;
    const current = dataOf<{ patrol: PatrolRow } | null>(await get(shanghai.token, '/adm/patrol/current'));
    if (current !== null) dataOf(await finish(shanghai.token, current.patrol.patrolId));
    const row = await started(shanghai.token, { tool: 'walk' });
    const t0 = NOW + 20_000;
    clock.now = t0 + 6_000;
    for (let batch = 0; batch < 12; batch++) {
      const points = Array.from({ length: 500 }, (_, i) => {
        const k = batch * 500 + i;
        return { t: (t0 + k) * 1000, lon: 121.47 + k * 1e-5, lat: 31.23 + Math.sin(k / 50) * 1e-4 };
      });
      expect((await sent(shanghai.token, row.patrolId, points)).stored).toBe(500);
    }
    const seen = await detail(shanghai.token, row.patrolId);
    expect(seen.pointCount).toBe(6000);
    expect(seen.track).toHaveLength(5000);
    expect(seen.trackSimplified).toBe(true);
    expect(seen.track[0]?.[2]).toBe(t0 * 1000);
    expect(seen.track.at(-1)?.[2]).toBe((t0 + 5999) * 1000);
  });
});

describe('junk input', () => {
  it('answers 400 with a Chinese message, never 5xx', async () => {
    const active = dataOf<{ patrol: PatrolRow } | null>(await get(member.token, '/adm/patrol/current'));
    const id = active?.patrol.patrolId ?? '1';
    const cases: Array<[string, unknown]> = [
      ['/adm/patrol/start', {}],
      ['/adm/patrol/start', { tool: '<script>' }],
      ['/adm/patrol/start', { tool: 'walk', note: 'x'.repeat(501) }],
      ['/adm/patrol/points', { patrolId: id }],
      ['/adm/patrol/points', { patrolId: id, points: [] }],
      ['/adm/patrol/points', { patrolId: id, points: 'abc' }],
      ['/adm/patrol/points', { patrolId: id, points: [{ t: NOW, lon: 116.42, lat: 39.92 }] }],
      ['/adm/patrol/points', { patrolId: id, points: [{ t: NOW * 1000, lon: 0, lat: 0 }] }],
      ['/adm/patrol/points', { patrolId: id, points: [{ t: NOW * 1000, lon: '116.4', lat: 39.9 }] }],
      ['/adm/patrol/points', { patrolId: id, points: [{ t: NOW * 1000, lon: 116.4, lat: 39.9, accuracy: -1 }] }],
      ['/adm/patrol/points', { patrolId: id, points: walk(NOW, 0, 501) }],
      ['/adm/patrol/points', { patrolId: 'abc', points: walk(NOW, 0, 1) }],
      ['/adm/patrol/points', { patrolId: -1, points: walk(NOW, 0, 1) }],
      ['/adm/patrol/finish', { patrolId: '1e9' }],
      ['/adm/patrol/finish', {}],
    ];
    for (const [url, body] of cases) {
      const res = await post(member.token, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.json().code).toBe(ErrorCode.VALIDATION);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const listQueries: Array<Record<string, string>> = [
      { pageSize: '1000' },
      { pageNum: '0' },
      { status: 'lost' },
      { gridCode: 'abc' },
      { startTime: '2026-11-25' },
      { startTime: '2026-11-25 12:00:00', endTime: '2026-11-24 12:00:00' },
      { keyword: 'x'.repeat(41) },
    ];
    for (const query of listQueries) {
      const res = await get(office.token, '/adm/patrol/volist', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const detailQueries: Array<Record<string, string>> = [
      {},
      { patrolId: '0' },
      { patrolId: 'x' },
      { patrolId: '1'.repeat(20) },
    ];
    for (const query of detailQueries) {
      expect((await get(office.token, '/adm/patrol/vodetail', query)).statusCode, JSON.stringify(query)).toBe(400);
    }
    const raw = await app.server.inject({
      method: 'POST',
      url: '/adm/patrol/points',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      payload: '{"patrolId": "1", "points": [',
    });
    expect(raw.statusCode).toBe(400);
  });
});
