import { describe, expect, it } from 'vitest';
import { type AreaScope, NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { ComplaintsRepository } from './complaints.repository';

const NOW = 1_760_000_000;
const CHAOYANG: AreaScope = { areaCode: '110105' };
const BEIJING: AreaScope = { areaCode: '110000' };
const HUANGPU: AreaScope = { areaCode: '310101' };
const ALL = { offset: 0, limit: 100 };

const complaint = (
  areaCode: string,
  createdAt: number,
  over: Partial<{ type: string; status: string; title: string; source: string }> = {},
) => ({
  type: 'siteDust',
  status: 'received',
  title: '工地扬尘',
  content: '夜间土方作业',
  contact_name: null,
  phone: '13812341234',
  lon: 116.45,
  lat: 39.95,
  address: '朝阳路 100 号',
  area_code: areaCode,
  source: 'public',
  event_id: null,
  reply: null,
  created_at: createdAt,
  handled_at: null,
  handled_by: null,
  ip_hash: null,
  ...over,
});

const event = (complaintId: number | null, state: string) => ({
  title: '工地扬尘',
  catalog: 'siteDust',
  source: 'complaint',
  state,
  priority: 3,
  description: '',
  address: '',
  lon: 116.45,
  lat: 39.95,
  grid_code: null,
  area_code: '110105',
  org_id: null,
  assignee_id: null,
  reporter_id: null,
  reporter_name: '系统',
  alarm_id: null,
  complaint_id: complaintId,
  patrol_id: null,
  deadline: null,
  overdue_at: null,
  reported_at: NOW,
  dispatched_at: null,
  handled_at: null,
  closed_at: state === 'closed' ? NOW + 100 : null,
  updated_at: NOW,
});

describe.each(testDialects())('complaints repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  async function setup() {
    const { database } = await fresh();
    const repo = new ComplaintsRepository(database);
    const ids = {
      cy1: await repo.insert(complaint('110105', NOW - 300)),
      cy2: await repo.insert(
        complaint('110105', NOW - 200, { type: 'noise', title: '夜间噪声', source: 'hotline', status: 'accepted' }),
      ),
      hd: await repo.insert(complaint('110108', NOW - 100)),
      hp: await repo.insert(complaint('310101', NOW)),
    };
    return { database, repo, ids };
  }

  it('reads and lists within the area scope, with filters', async () => {
    const { repo, ids } = await setup();
    const seen = async (scope: AreaScope, filter = {}) => (await repo.list(scope, filter, ALL)).list.map((c) => c.id);
    expect(await seen(NATIONWIDE)).toEqual([ids.hp, ids.hd, ids.cy2, ids.cy1]);
    expect(await seen(BEIJING)).toEqual([ids.hd, ids.cy2, ids.cy1]);
    expect(await seen(CHAOYANG)).toEqual([ids.cy2, ids.cy1]);
    expect(await seen(HUANGPU)).toEqual([ids.hp]);
    expect(await repo.get(ids.hp, CHAOYANG)).toBeUndefined();
    expect(await repo.get(ids.cy1, CHAOYANG)).toMatchObject({
      id: ids.cy1,
      phone: '13812341234',
      created_at: NOW - 300,
      event_state: null,
      handled_by_name: null,
    });
    expect(await seen(BEIJING, { types: ['noise'] })).toEqual([ids.cy2]);
    expect(await seen(BEIJING, { status: 'received' })).toEqual([ids.hd, ids.cy1]);
    expect(await seen(BEIJING, { source: 'hotline' })).toEqual([ids.cy2]);
    expect(await seen(BEIJING, { keyword: '噪声' })).toEqual([ids.cy2]);
    expect(await seen(BEIJING, { id: ids.hd })).toEqual([ids.hd]);
    expect(await seen(BEIJING, { id: ids.hp })).toEqual([]);
    expect(await seen(BEIJING, { from: NOW - 250, to: NOW - 100 })).toEqual([ids.hd, ids.cy2]);
    const page = await repo.list(BEIJING, {}, { offset: 1, limit: 1 });
    expect(page).toMatchObject({ total: 3 });
    expect(page.list.map((c) => c.id)).toEqual([ids.cy2]);
    expect(await repo.countReceived(CHAOYANG)).toBe(1);
    expect(await repo.countReceived(BEIJING)).toBe(2);
    expect(await repo.countReceived(HUANGPU)).toBe(1);
  });

  it('marks a complaint converted once, inside a transaction, and reads its event’s state', async () => {
    const { database, repo, ids } = await setup();
    const mark = (id: number, eventId: number) =>
      database.db.transaction().execute((trx) =>
        repo.markConverted(trx, id, {
          event_id: eventId,
          handled_at: NOW,
          handled_by: 'op-1',
        }),
      );
    const [first] = await database.db.insertInto('events').values(event(ids.cy1, 'reported')).returning('id').execute();
    const eventId = Number(first?.id);
    expect(await mark(ids.cy1, eventId)).toBe(true);
    expect(await mark(ids.cy1, eventId + 1)).toBe(false);
    // An answered complaint is not converted.
    expect(
      await repo.answer(ids.hd, 'received', {
        status: 'rejected',
        reply: '不属实',
        handled_at: NOW,
        handled_by: 'op-1',
      }),
    ).toBe(true);
    expect(await mark(ids.hd, eventId + 2)).toBe(false);
    expect(await repo.progress(ids.cy1)).toMatchObject({
      status: 'converted',
      event_id: eventId,
      event_state: 'reported',
    });
    await database.db
      .updateTable('events')
      .set({ state: 'closed', closed_at: NOW + 100 })
      .where('id', '=', eventId)
      .execute();
    expect(await repo.progress(ids.cy1)).toMatchObject({ event_state: 'closed', event_closed_at: NOW + 100 });
    // One event per complaint: events.complaint_id is unique.
    await expect(database.db.insertInto('events').values(event(ids.cy1, 'reported')).execute()).rejects.toThrow();
  });

  it('answers only from the state the caller saw', async () => {
    const { repo, ids } = await setup();
    const change = { status: 'closed', reply: '已整改', handled_at: NOW, handled_by: 'op-1' };
    expect(await repo.answer(ids.cy2, 'received', change)).toBe(false);
    expect(await repo.answer(ids.cy2, 'accepted', change)).toBe(true);
    expect(await repo.answer(ids.cy2, 'accepted', change)).toBe(false);
    expect(await repo.get(ids.cy2, CHAOYANG)).toMatchObject({ status: 'closed', reply: '已整改', handled_at: NOW });
    expect(await repo.progress(9999)).toBeUndefined();
  });
});
