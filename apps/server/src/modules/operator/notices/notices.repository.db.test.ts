import { describe, expect, it } from 'vitest';
import { type AreaScope, NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { NoticesRepository } from './notices.repository';

const NOW = 1_760_000_000;
const BEIJING: AreaScope = { areaCode: '110000' };
const CHAOYANG: AreaScope = { areaCode: '110105' };
const HUANGPU: AreaScope = { areaCode: '310101' };
const ALL = { offset: 0, limit: 100 };
/** Operator ids are text (uuids in practice). */
const ADMIN = 'op-admin';
const ZHANG = 'op-zhang';
const LI = 'op-li';

const notice = (
  areaCode: string,
  createdAt: number,
  over: Partial<{ type: string; title: string; level: number | null; link: string | null }> = {},
) => ({
  type: 'alarm',
  title: `通知 ${createdAt}`,
  content: '内容：PM2.5 超过限值 75 μg/m³',
  level: 2,
  link: '/platform/alarms?alarmId=1',
  area_code: areaCode,
  created_at: createdAt,
  ...over,
});

describe.each(testDialects())('notices repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  async function setup() {
    const { database } = await fresh();
    const repo = new NoticesRepository(database);
    // Chaoyang ×3 (one system, one device), Haidian ×1, Huangpu ×1, over four days.
    const ids = {
      cy1: await repo.insert(notice('110105', NOW - 3 * 86_400, { type: 'system', level: null, link: null })),
      cy2: await repo.insert(notice('110105', NOW - 2 * 86_400, { type: 'device', level: null })),
      hd: await repo.insert(notice('110108', NOW - 86_400)),
      hp: await repo.insert(notice('310101', NOW - 3600, { level: 1 })),
      cy3: await repo.insert(notice('110105', NOW - 60)),
    };
    return { database, repo, ids };
  }

  it('inserts notices and reads one within the scope, with the reader’s own read mark', async () => {
    const { repo, ids } = await setup();
    expect(Object.values(ids).every((id) => typeof id === 'number')).toBe(true);
    expect(new Set(Object.values(ids)).size).toBe(5);
    expect(await repo.get(ids.cy1, ZHANG, CHAOYANG)).toEqual({
      id: ids.cy1,
      ...notice('110105', NOW - 3 * 86_400, { type: 'system', level: null, link: null }),
      read_at: null,
    });
    expect(await repo.get(ids.hp, ZHANG, CHAOYANG)).toBeUndefined();
    expect((await repo.get(ids.hp, ZHANG, NATIONWIDE))?.id).toBe(ids.hp);
    expect(await repo.get(9999, ZHANG, NATIONWIDE)).toBeUndefined();

    expect(await repo.markRead([ids.cy1], ZHANG, CHAOYANG, NOW + 5)).toBe(1);
    expect((await repo.get(ids.cy1, ZHANG, CHAOYANG))?.read_at).toBe(NOW + 5);
    // Another reader of the same notice has not read it.
    expect((await repo.get(ids.cy1, LI, CHAOYANG))?.read_at).toBeNull();
  });

  it('lists within the scope, newest first (ties by id), with every filter and paging', async () => {
    const { repo, ids } = await setup();
    const tie = await repo.insert(notice('110105', NOW - 60, { type: 'system' }));
    const list = async (scope: AreaScope, filter = {}, page = ALL, reader = ZHANG) => {
      const result = await repo.list(reader, scope, filter, page);
      return { ids: result.list.map((r) => r.id), total: result.total };
    };
    expect(await list(NATIONWIDE)).toEqual({ ids: [tie, ids.cy3, ids.hp, ids.hd, ids.cy2, ids.cy1], total: 6 });
    expect(await list(BEIJING)).toEqual({ ids: [tie, ids.cy3, ids.hd, ids.cy2, ids.cy1], total: 5 });
    expect(await list(CHAOYANG)).toEqual({ ids: [tie, ids.cy3, ids.cy2, ids.cy1], total: 4 });
    expect(await list(HUANGPU)).toEqual({ ids: [ids.hp], total: 1 });
    expect(await list({ areaCode: '440300' })).toEqual({ ids: [], total: 0 });

    expect((await list(CHAOYANG, { type: 'alarm' })).ids).toEqual([ids.cy3]);
    expect((await list(CHAOYANG, { type: 'system' })).ids).toEqual([tie, ids.cy1]);
    expect((await list(NATIONWIDE, { from: NOW - 86_400 })).ids).toEqual([tie, ids.cy3, ids.hp, ids.hd]);
    expect((await list(NATIONWIDE, { to: NOW - 86_400 })).ids).toEqual([ids.hd, ids.cy2, ids.cy1]);
    expect((await list(NATIONWIDE, { from: NOW - 86_400, to: NOW - 3600 })).ids).toEqual([ids.hp, ids.hd]);
    expect((await list(NATIONWIDE, { from: NOW })).ids).toEqual([]);

    expect(await repo.markRead([ids.cy2, ids.hp], ZHANG, NATIONWIDE, NOW)).toBe(2);
    expect((await list(NATIONWIDE, { isRead: true })).ids).toEqual([ids.hp, ids.cy2]);
    expect((await list(NATIONWIDE, { isRead: false })).ids).toEqual([tie, ids.cy3, ids.hd, ids.cy1]);
    expect((await list(CHAOYANG, { isRead: true, type: 'device' })).ids).toEqual([ids.cy2]);
    expect((await list(CHAOYANG, { isRead: false, type: 'device' })).ids).toEqual([]);
    // Someone else's reads are not the reader's.
    expect((await list(NATIONWIDE, { isRead: true }, ALL, LI)).ids).toEqual([]);
    expect((await list(NATIONWIDE, { isRead: false }, ALL, LI)).total).toBe(6);

    const rows = (await repo.list(ZHANG, NATIONWIDE, {}, ALL)).list;
    expect(rows.find((r) => r.id === ids.cy2)?.read_at).toBe(NOW);
    expect(rows.find((r) => r.id === ids.cy1)).toEqual({
      id: ids.cy1,
      ...notice('110105', NOW - 3 * 86_400, { type: 'system', level: null, link: null }),
      read_at: null,
    });

    expect(await list(NATIONWIDE, {}, { offset: 0, limit: 4 })).toEqual({
      ids: [tie, ids.cy3, ids.hp, ids.hd],
      total: 6,
    });
    expect(await list(NATIONWIDE, {}, { offset: 4, limit: 4 })).toEqual({ ids: [ids.cy2, ids.cy1], total: 6 });
    expect(await list(NATIONWIDE, { isRead: false }, { offset: 1, limit: 2 })).toEqual({
      ids: [ids.cy3, ids.hd],
      total: 4,
    });
  });

  it('counts unread notices per reader and scope', async () => {
    const { repo, ids } = await setup();
    expect(await repo.unread(ZHANG, NATIONWIDE)).toBe(5);
    expect(await repo.unread(ZHANG, BEIJING)).toBe(4);
    expect(await repo.unread(ZHANG, CHAOYANG)).toBe(3);
    expect(await repo.unread(ZHANG, HUANGPU)).toBe(1);
    await repo.markRead([ids.cy3], ZHANG, CHAOYANG, NOW);
    expect(await repo.unread(ZHANG, CHAOYANG)).toBe(2);
    expect(await repo.unread(ZHANG, NATIONWIDE)).toBe(4);
    expect(await repo.unread(LI, CHAOYANG)).toBe(3);
    expect(await repo.unread(ADMIN, { areaCode: '440300' })).toBe(0);
  });

  it('marks read: given ids within the scope, or every unread one; only the newly marked count', async () => {
    const { repo, ids } = await setup();
    expect(await repo.markRead([], ZHANG, NATIONWIDE, NOW)).toBe(0);
    // Out of scope or unknown: nothing.
    expect(await repo.markRead([ids.hp, 9999], ZHANG, CHAOYANG, NOW)).toBe(0);
    expect(await repo.unread(ZHANG, NATIONWIDE)).toBe(5);

    expect(await repo.markRead([ids.cy1, ids.cy2, ids.hp], ZHANG, CHAOYANG, NOW)).toBe(2);
    expect(await repo.markRead([ids.cy1, ids.cy2], ZHANG, CHAOYANG, NOW + 10)).toBe(0);
    // The first read time stays.
    expect((await repo.get(ids.cy1, ZHANG, CHAOYANG))?.read_at).toBe(NOW);

    expect(await repo.markRead(null, ZHANG, BEIJING, NOW + 20)).toBe(2);
    expect(await repo.unread(ZHANG, BEIJING)).toBe(0);
    expect(await repo.unread(ZHANG, NATIONWIDE)).toBe(1);
    expect((await repo.get(ids.hd, ZHANG, BEIJING))?.read_at).toBe(NOW + 20);
    expect(await repo.markRead(null, ZHANG, BEIJING, NOW + 30)).toBe(0);
    expect(await repo.markRead(null, ZHANG, NATIONWIDE, NOW + 30)).toBe(1);
    expect(await repo.unread(ZHANG, NATIONWIDE)).toBe(0);

    // Others' marks untouched.
    expect(await repo.unread(LI, NATIONWIDE)).toBe(5);
    expect(await repo.unread(ADMIN, NATIONWIDE)).toBe(5);
  });

  it('marks more than 500 notices at once, and two readers or two calls at the same time do not collide', async () => {
    const { database, repo } = await setup();
    const many = Array.from({ length: 1203 }, (_, i) => notice('110105', NOW - 10 * 86_400 + i, { type: 'device' }));
    for (let i = 0; i < many.length; i += 200) {
      await database.db
        .insertInto('notices')
        .values(many.slice(i, i + 200))
        .execute();
    }
    expect(await repo.unread(ZHANG, CHAOYANG)).toBe(1206);
    expect(await repo.markRead(null, ZHANG, CHAOYANG, NOW)).toBe(1206);
    expect(await repo.unread(ZHANG, CHAOYANG)).toBe(0);

    // The same reader marking everything twice at once: no error, everything marked once.
    const [x, y] = await Promise.all([
      repo.markRead(null, LI, NATIONWIDE, NOW),
      repo.markRead(null, LI, NATIONWIDE, NOW + 1),
    ]);
    expect(x + y).toBeGreaterThanOrEqual(1208);
    expect(await repo.unread(LI, NATIONWIDE)).toBe(0);
    const reads = await database.db
      .selectFrom('notice_reads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('operator_id', '=', LI)
      .executeTakeFirstOrThrow();
    expect(Number(reads.n)).toBe(1208);
    const page = await repo.list(LI, CHAOYANG, { isRead: true }, { offset: 1200, limit: 100 });
    expect(page.total).toBe(1206);
    expect(page.list).toHaveLength(6);
  });
});
