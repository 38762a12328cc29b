import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type AreaScope, NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { type EventScope, EventsRepository } from './events.repository';
import type { EventsTable } from './events.tables';

const NOW = 1_790_000_000;
const HOUR = 3600;
const CHAOYANG: AreaScope = { areaCode: '110105' };
const BEIJING: AreaScope = { areaCode: '110000' };
const HUANGPU: AreaScope = { areaCode: '310101' };
const ALL = { offset: 0, limit: 100 };
const MEMBER = 'op-member';
const OTHER = 'op-other';

const event = (over: Partial<Insertable<EventsTable>> = {}): Insertable<EventsTable> => ({
  title: '工地扬尘',
  catalog: 'siteDust',
  source: 'manual',
  state: 'reported',
  priority: 3,
  description: '渣土未苫盖',
  address: '朝阳路 1 号',
  lon: 116.42,
  lat: 39.92,
  grid_code: '110105001001',
  area_code: '110105',
  org_id: null,
  assignee_id: null,
  reporter_id: OTHER,
  reporter_name: '王五',
  alarm_id: null,
  complaint_id: null,
  patrol_id: null,
  deadline: NOW + 24 * HOUR,
  overdue_at: null,
  reported_at: NOW,
  dispatched_at: null,
  handled_at: null,
  closed_at: null,
  updated_at: NOW,
  ...over,
});

describe.each(testDialects())('events repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  /**
   * 朝阳区: a1 (community A1, reported by the member), a (street A, dispatched to the member),
   * a10 (street 110105010, a sibling of street A),
   * b1 (community B1, handled, late), none (no grid); 黄浦区: hp.
   */
  async function setup() {
    const { database } = await fresh();
    const repo = new EventsRepository(database);
    const insert = (row: Insertable<EventsTable>) => repo.transaction((trx) => repo.insertEvent(trx, row));
    const ids = {
      a1: await insert(event({ reporter_id: MEMBER, title: '甲一扬尘', reported_at: NOW - 5 * HOUR })),
      a: await insert(
        event({
          grid_code: '110105001',
          state: 'dispatched',
          assignee_id: MEMBER,
          catalog: 'roadDust',
          priority: 1,
          title: '甲街道遗撒',
          deadline: NOW - HOUR,
          reported_at: NOW - 4 * HOUR,
        }),
      ),
      a10: await insert(
        event({ grid_code: '110105010', title: '第十网格噪声', catalog: 'noise', reported_at: NOW - 3 * HOUR }),
      ),
      b1: await insert(
        event({
          grid_code: '110105002001',
          state: 'handled',
          title: '乙一油烟',
          catalog: 'cateringFume',
          source: 'alarm',
          alarm_id: 7,
          deadline: NOW - HOUR,
          reported_at: NOW - 2 * HOUR,
        }),
      ),
      none: await insert(event({ grid_code: null, title: '无网格', source: 'openApi', reported_at: NOW - HOUR })),
      hp: await insert(event({ area_code: '310101', grid_code: '310101001', title: '黄浦事件', reported_at: NOW })),
    };
    return { database, repo, ids };
  }
  const titlesOf = async (repo: EventsRepository, scope: EventScope, filter = {}) =>
    (await repo.list(scope, filter, ALL)).list.map((r) => r.title);

  it('reads one event within the scope, with its names and photo count', async () => {
    const { repo, ids } = await setup();
    const row = await repo.get(ids.a1, { area: CHAOYANG });
    expect(row).toMatchObject({
      id: ids.a1,
      title: '甲一扬尘',
      grid_code: '110105001001',
      org_name: null,
      assignee_name: null,
      photo_count: 0,
    });
    expect(Number(row?.reported_at)).toBe(NOW - 5 * HOUR);
    expect(await repo.get(ids.a1, { area: HUANGPU })).toBeUndefined();
    expect((await repo.get(ids.a1, { area: BEIJING }))?.id).toBe(ids.a1);
    expect((await repo.get(ids.hp, { area: NATIONWIDE }))?.id).toBe(ids.hp);
    expect(await repo.get(99_999, { area: NATIONWIDE })).toBeUndefined();
    expect(await repo.byAlarm(7)).toEqual({ id: ids.b1 });
    expect(await repo.byAlarm(8)).toBeUndefined();
  });

  it('scopes: the area, a manager’s grid subtree, a member’s own events', async () => {
    const { repo, ids } = await setup();
    expect(await titlesOf(repo, { area: CHAOYANG })).toEqual([
      '无网格',
      '乙一油烟',
      '第十网格噪声',
      '甲街道遗撒',
      '甲一扬尘',
    ]);
    expect(await titlesOf(repo, { area: NATIONWIDE })).toHaveLength(6);
    expect(await titlesOf(repo, { area: HUANGPU })).toEqual(['黄浦事件']);
    expect(await titlesOf(repo, { area: { areaCode: '440300' } })).toEqual([]);
    // Street A's manager: the street and the community below, not the sibling street 010.
    expect(await titlesOf(repo, { area: CHAOYANG, gridPrefix: '110105001' })).toEqual(['甲街道遗撒', '甲一扬尘']);
    expect(await titlesOf(repo, { area: CHAOYANG, gridPrefix: '110105001001' })).toEqual(['甲一扬尘']);
    expect(await titlesOf(repo, { area: CHAOYANG, gridPrefix: '110105002' })).toEqual(['乙一油烟']);
    // The area still applies under a grid role.
    expect(await titlesOf(repo, { area: HUANGPU, gridPrefix: '110105001' })).toEqual([]);
    // A member: assigned to them, or reported by them.
    expect(await titlesOf(repo, { area: CHAOYANG, memberId: MEMBER })).toEqual(['甲街道遗撒', '甲一扬尘']);
    expect(await titlesOf(repo, { area: CHAOYANG, memberId: 'op-nobody' })).toEqual([]);
    expect(await repo.get(ids.b1, { area: CHAOYANG, memberId: MEMBER })).toBeUndefined();
    expect(await repo.get(ids.b1, { area: CHAOYANG, gridPrefix: '110105001' })).toBeUndefined();
    expect((await repo.get(ids.a, { area: CHAOYANG, memberId: MEMBER }))?.id).toBe(ids.a);
  });

  it('filters and pages the list, newest first', async () => {
    const { repo } = await setup();
    const area: EventScope = { area: CHAOYANG };
    expect(await titlesOf(repo, area, { state: 'handled' })).toEqual(['乙一油烟']);
    expect(await titlesOf(repo, area, { catalogs: ['siteDust', 'roadDust'] })).toEqual([
      '无网格',
      '甲街道遗撒',
      '甲一扬尘',
    ]);
    expect(await titlesOf(repo, area, { source: 'alarm' })).toEqual(['乙一油烟']);
    expect(await titlesOf(repo, area, { gridPrefix: '110105002' })).toEqual(['乙一油烟']);
    expect(await titlesOf(repo, area, { priority: 1 })).toEqual(['甲街道遗撒']);
    // Overdue: open and past the deadline (a handled one is not, whatever its deadline).
    expect(await titlesOf(repo, area, { overdueAt: NOW })).toEqual(['甲街道遗撒']);
    expect(await titlesOf(repo, area, { overdueAt: NOW - 2 * HOUR })).toEqual([]);
    expect(await titlesOf(repo, area, { mineId: MEMBER })).toEqual(['甲街道遗撒', '甲一扬尘']);
    expect(await titlesOf(repo, area, { keyword: '油烟' })).toEqual(['乙一油烟']);
    expect(await titlesOf(repo, area, { keyword: '朝阳路' })).toHaveLength(5);
    expect(await titlesOf(repo, area, { keyword: '100%_' })).toEqual([]);
    expect(await titlesOf(repo, area, { from: NOW - 3 * HOUR, to: NOW - 2 * HOUR })).toEqual([
      '乙一油烟',
      '第十网格噪声',
    ]);
    const page = await repo.list(area, {}, { offset: 1, limit: 2 });
    expect(page.total).toBe(5);
    expect(page.list.map((r) => r.title)).toEqual(['乙一油烟', '第十网格噪声']);
  });

  it('counts by state with the late ones', async () => {
    const { repo } = await setup();
    const counts = await repo.stateCounts({ area: CHAOYANG }, {}, NOW);
    const byState = Object.fromEntries(counts.map((c) => [c.state, [c.count, c.overdue]]));
    expect(byState).toEqual({ reported: [3, 0], dispatched: [1, 1], handled: [1, 0] });
    const member = await repo.stateCounts({ area: CHAOYANG, memberId: MEMBER }, {}, NOW);
    expect(member.map((c) => [c.state, c.count]).sort()).toEqual([
      ['dispatched', 1],
      ['reported', 1],
    ]);
    // Later, the reported ones are late too.
    const later = await repo.stateCounts({ area: CHAOYANG }, { source: 'manual' }, NOW + 25 * HOUR);
    expect(Object.fromEntries(later.map((c) => [c.state, c.overdue]))).toEqual({ reported: 2, dispatched: 1 });
    expect(await repo.stateCounts({ area: { areaCode: '440300' } }, {}, NOW)).toEqual([]);
  });

  it('moves an event only from the state the caller saw', async () => {
    const { repo, ids } = await setup();
    const moved = await repo.transaction((trx) =>
      repo.move(trx, ids.a1, 'reported', { state: 'accepted', updated_at: NOW + 1 }),
    );
    expect(moved).toBe(true);
    // Someone else moved it first: nothing happens.
    const stale = await repo.transaction((trx) =>
      repo.move(trx, ids.a1, 'reported', { state: 'rejected', updated_at: NOW + 2, closed_at: NOW + 2 }),
    );
    expect(stale).toBe(false);
    const row = await repo.get(ids.a1, { area: NATIONWIDE });
    expect(row?.state).toBe('accepted');
    expect(row?.closed_at).toBeNull();
    expect(Number(row?.updated_at)).toBe(NOW + 1);
    expect(await repo.transaction((trx) => repo.move(trx, 99_999, 'reported', { state: 'accepted' }))).toBe(false);
  });

  it('writes logs and photos in a transaction that rolls back as one', async () => {
    const { repo, ids } = await setup();
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 1, 2, 255]);
    await repo.transaction(async (trx) => {
      const logId = await repo.insertLog(trx, {
        event_id: ids.a1,
        action: 'attach',
        from_state: 'reported',
        to_state: 'reported',
        actor_id: MEMBER,
        actor_name: '张三',
        note: null,
        target: null,
        at: NOW,
      });
      await repo.insertAttachments(trx, [
        {
          event_id: ids.a1,
          log_id: logId,
          name: '现场.jpg',
          mime: 'image/jpeg',
          bytes: jpeg.length,
          width: 1,
          height: 1,
          lon: 116.42,
          lat: 39.92,
          taken_at: NOW - 60,
          sha256: 'a'.repeat(64),
          data: jpeg,
          created_by: MEMBER,
          created_by_name: '张三',
          created_at: NOW,
        },
      ]);
    });
    await expect(
      repo.transaction(async (trx) => {
        await repo.insertLog(trx, {
          event_id: ids.a1,
          action: 'accept',
          from_state: 'reported',
          to_state: 'accepted',
          actor_id: null,
          actor_name: 'x',
          note: null,
          target: null,
          at: NOW,
        });
        throw new Error('photo failed');
      }),
    ).rejects.toThrow('photo failed');
    expect((await repo.logs(ids.a1)).map((l) => l.action)).toEqual(['attach']);
    const [photo] = await repo.attachments(ids.a1);
    expect(photo).toMatchObject({ name: '现场.jpg', step: 'attach', lon: 116.42 });
    expect((await repo.get(ids.a1, { area: CHAOYANG }))?.photo_count).toBe(1);
    const data = await repo.attachmentData(Number(photo?.id), { area: CHAOYANG });
    expect(Buffer.from(data?.data ?? []).equals(jpeg)).toBe(true);
    expect(await repo.attachmentData(Number(photo?.id), { area: HUANGPU })).toBeUndefined();
    expect(await repo.attachmentData(Number(photo?.id), { area: CHAOYANG, gridPrefix: '110105002' })).toBeUndefined();
    // A second event of the same alarm is refused by the database.
    await expect(repo.transaction((trx) => repo.insertEvent(trx, event({ alarm_id: 7 })))).rejects.toThrow();
  });

  it('finds late open events once, and marks each once', async () => {
    const { repo, ids } = await setup();
    const late = await repo.lateUnmarked(NOW, 100);
    expect(late.map((r) => Number(r.id))).toEqual([ids.a]);
    expect(await repo.transaction((trx) => repo.markOverdue(trx, ids.a, NOW))).toBe(true);
    expect(await repo.transaction((trx) => repo.markOverdue(trx, ids.a, NOW + 1))).toBe(false);
    expect(await repo.lateUnmarked(NOW, 100)).toEqual([]);
    expect((await repo.lateUnmarked(NOW + 25 * HOUR, 100)).map((r) => Number(r.id)).sort((x, y) => x - y)).toEqual(
      [ids.a1, ids.a10, ids.none, ids.hp].sort((x, y) => x - y),
    );
    expect(await repo.lateUnmarked(NOW + 25 * HOUR, 2)).toHaveLength(2);
  });
});
