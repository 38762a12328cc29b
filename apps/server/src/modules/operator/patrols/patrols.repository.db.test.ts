import { describe, expect, it } from 'vitest';
import { type AreaScope, NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { PatrolsRepository } from './patrols.repository';

const NOW = 1_760_000_000;
const CHAOYANG: AreaScope = { areaCode: '110105' };
const BEIJING: AreaScope = { areaCode: '110000' };
const HUANGPU: AreaScope = { areaCode: '310101' };
const ALL = { offset: 0, limit: 100 };

const patrol = (operator: string, gridCode: string | null, areaCode: string, startedAt: number, status = 'active') => ({
  operator_id: operator,
  operator_name: `巡查员${operator}`,
  grid_code: gridCode,
  area_code: areaCode,
  tool: 'walk',
  started_at: startedAt,
  ended_at: status === 'active' ? null : startedAt + 600,
  status,
  distance_m: 0,
  point_count: 0,
  note: '',
});

const point = (patrolId: number, t: number) => ({
  patrol_id: patrolId,
  t,
  lon: 116.42 + (t - NOW) * 1e-5,
  lat: 39.92,
  accuracy: 5,
  speed: null,
});

describe.each(testDialects())('patrols repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  async function setup() {
    const { database } = await fresh();
    const repo = new PatrolsRepository(database);
    const ids = {
      // 甲一社区's member, twice (one finished); 甲二社区's member; 乙街道's manager; an office worker; 黄浦.
      a1: await repo.insert(patrol('op-a1', '110105001001', '110105', NOW - 7200, 'finished')),
      a1b: await repo.insert(patrol('op-a1', '110105001001', '110105', NOW - 600)),
      a2: await repo.insert(patrol('op-a2', '110105001002', '110105', NOW - 500)),
      b: await repo.insert(patrol('op-b', '110105002', '110105', NOW - 400)),
      office: await repo.insert(patrol('op-office', null, '110105', NOW - 300)),
      hp: await repo.insert(patrol('op-hp', null, '310101', NOW - 200)),
    };
    return { database, repo, ids };
  }

  it('stores a point once per second: a batch sent again inserts nothing twice', async () => {
    const { repo, ids } = await setup();
    const batch = [point(ids.a1b, NOW), point(ids.a1b, NOW + 1), point(ids.a1b, NOW + 2)];
    expect(await repo.transaction((trx) => repo.appendPoints(trx, batch))).toBe(3);
    expect(await repo.transaction((trx) => repo.appendPoints(trx, batch))).toBe(0);
    // Overlapping: two old, one new.
    const overlap = [point(ids.a1b, NOW + 1), point(ids.a1b, NOW + 2), point(ids.a1b, NOW + 3)];
    expect(await repo.transaction((trx) => repo.appendPoints(trx, overlap))).toBe(1);
    // The same second of another patrol is another point.
    expect(await repo.transaction((trx) => repo.appendPoints(trx, [point(ids.a2, NOW)]))).toBe(1);
    const stored = await repo.points(ids.a1b);
    expect(stored.map((p) => p.t)).toEqual([NOW, NOW + 1, NOW + 2, NOW + 3]);
    expect(stored[0]).toEqual({ patrol_id: ids.a1b, t: NOW, lon: 116.42, lat: 39.92, accuracy: 5, speed: null });
    expect((await repo.lastPoint(ids.a1b))?.t).toBe(NOW + 3);
    expect([...(await repo.timesBetween(ids.a1b, NOW + 1, NOW + 2))].sort()).toEqual([NOW + 1, NOW + 2]);
    // More than one multi-row statement's worth (100 rows each), with duplicates spread through it.
    const big = Array.from({ length: 450 }, (_, i) => point(ids.b, NOW + i));
    expect(
      await repo.transaction((trx) =>
        repo.appendPoints(
          trx,
          big.filter((_, i) => i % 3 === 0),
        ),
      ),
    ).toBe(150);
    expect(await repo.transaction((trx) => repo.appendPoints(trx, big))).toBe(300);
    expect(await repo.points(ids.b)).toHaveLength(450);
  });

  it('sets the totals only from the count the caller measured from, and only while active', async () => {
    const { repo, ids } = await setup();
    expect(
      await repo.transaction((trx) => repo.updateTrack(trx, ids.a1b, 0, { distance_m: 12.5, point_count: 3 })),
    ).toBe(true);
    // Another batch measured from 0 too: refused.
    expect(await repo.transaction((trx) => repo.updateTrack(trx, ids.a1b, 0, { distance_m: 99, point_count: 9 }))).toBe(
      false,
    );
    expect(await repo.get(ids.a1b, { area: NATIONWIDE })).toMatchObject({ distance_m: 12.5, point_count: 3 });
    expect(await repo.transaction((trx) => repo.updateTrack(trx, ids.a1, 0, { distance_m: 1, point_count: 1 }))).toBe(
      false,
    );
    // A refused measurement rolls its points back with it.
    await expect(
      repo.transaction(async (trx) => {
        await repo.appendPoints(trx, [point(ids.a1b, NOW + 50)]);
        if (!(await repo.updateTrack(trx, ids.a1b, 0, { distance_m: 1, point_count: 1 }))) throw new Error('moved');
      }),
    ).rejects.toThrow('moved');
    expect(await repo.lastPoint(ids.a1b)).toBeUndefined();
  });

  it('keeps one active patrol per operator, and finishes a patrol once', async () => {
    const { repo, ids } = await setup();
    await expect(repo.insert(patrol('op-a1', null, '110105', NOW))).rejects.toThrow();
    expect((await repo.active('op-a1'))?.id).toBe(ids.a1b);
    expect(await repo.finish(ids.a1b, 'op-other', NOW, '')).toBe(false);
    expect(await repo.finish(ids.a1b, 'op-a1', NOW, '完毕')).toBe(true);
    expect(await repo.finish(ids.a1b, 'op-a1', NOW + 1, '又一次')).toBe(false);
    expect(await repo.own(ids.a1b, 'op-a1')).toMatchObject({ status: 'finished', ended_at: NOW, note: '完毕' });
    expect(await repo.active('op-a1')).toBeUndefined();
    expect(await repo.insert(patrol('op-a1', null, '110105', NOW + 10))).toBeGreaterThan(ids.hp);
  });

  it('scopes reads by area and grid role', async () => {
    const { repo, ids } = await setup();
    const seen = async (scope: Parameters<PatrolsRepository['list']>[0], filter = {}) =>
      (await repo.list(scope, filter, ALL)).list.map((p) => p.id);
    expect(await seen({ area: NATIONWIDE })).toEqual([ids.hp, ids.office, ids.b, ids.a2, ids.a1b, ids.a1]);
    expect(await seen({ area: BEIJING })).toEqual([ids.office, ids.b, ids.a2, ids.a1b, ids.a1]);
    expect(await seen({ area: HUANGPU })).toEqual([ids.hp]);
    // A manager of 甲街道 sees its communities; of 乙街道, that street.
    expect(await seen({ area: CHAOYANG, gridPrefix: '110105001' })).toEqual([ids.a2, ids.a1b, ids.a1]);
    expect(await seen({ area: CHAOYANG, gridPrefix: '110105002' })).toEqual([ids.b]);
    // A member: their own.
    expect(await seen({ area: CHAOYANG, memberId: 'op-a1' })).toEqual([ids.a1b, ids.a1]);
    // The area still bounds a member or manager.
    expect(await seen({ area: HUANGPU, memberId: 'op-a1' })).toEqual([]);
    expect(await repo.get(ids.hp, { area: CHAOYANG })).toBeUndefined();
    expect(await repo.get(ids.a2, { area: CHAOYANG, memberId: 'op-a1' })).toBeUndefined();
    expect((await repo.get(ids.a2, { area: CHAOYANG, gridPrefix: '110105001' }))?.id).toBe(ids.a2);
    // Filters.
    expect(await seen({ area: CHAOYANG }, { status: 'finished' })).toEqual([ids.a1]);
    expect(await seen({ area: CHAOYANG }, { gridPrefix: '110105001002' })).toEqual([ids.a2]);
    expect(await seen({ area: CHAOYANG }, { keyword: 'OP-OFF' })).toEqual([ids.office]);
    expect(await seen({ area: CHAOYANG }, { from: NOW - 500, to: NOW - 400 })).toEqual([ids.b, ids.a2]);
    const page = await repo.list({ area: CHAOYANG }, {}, { offset: 1, limit: 2 });
    expect(page).toMatchObject({ total: 5 });
    expect(page.list.map((p) => p.id)).toEqual([ids.b, ids.a2]);
  });

  it('counts and lists the events reported during a patrol, read-only', async () => {
    const { database, repo, ids } = await setup();
    const event = (patrolId: number | null, reportedAt: number) => ({
      title: '裸土未苫盖',
      catalog: 'bareSoil',
      source: 'patrol',
      state: 'reported',
      priority: 3,
      description: '',
      address: '甲一社区',
      lon: 116.42,
      lat: 39.92,
      grid_code: '110105001001',
      area_code: '110105',
      org_id: null,
      assignee_id: null,
      reporter_id: 'op-a1',
      reporter_name: '巡查员',
      alarm_id: null,
      complaint_id: null,
      patrol_id: patrolId,
      deadline: null,
      overdue_at: null,
      reported_at: reportedAt,
      dispatched_at: null,
      handled_at: null,
      closed_at: null,
      updated_at: reportedAt,
    });
    await database.db
      .insertInto('events')
      .values([event(ids.a1b, NOW - 100), event(ids.a1b, NOW - 200), event(null, NOW)])
      .execute();
    expect((await repo.get(ids.a1b, { area: NATIONWIDE }))?.event_count).toBe(2);
    expect((await repo.get(ids.a2, { area: NATIONWIDE }))?.event_count).toBe(0);
    const events = await repo.events(ids.a1b);
    expect(events.map((e) => e.reported_at)).toEqual([NOW - 200, NOW - 100]);
    expect(events[0]).toMatchObject({ title: '裸土未苫盖', catalog: 'bareSoil', state: 'reported', lon: 116.42 });
  });
});
