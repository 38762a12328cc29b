import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type AreaScope, NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { AlarmsRepository } from './alarms.repository';

const NOW = 1_760_000_000;
const BEIJING: AreaScope = { areaCode: '110000' };
const CHAOYANG: AreaScope = { areaCode: '110105' };
const SHANGHAI: AreaScope = { areaCode: '310000' };
const HUANGPU: AreaScope = { areaCode: '310101' };
const ALL = { offset: 0, limit: 100 };

const ruleRow = (name: string, over: Partial<Record<string, unknown>> = {}) => ({
  name,
  kind: 'over_limit',
  device_type: 'A01',
  device_id: null,
  factor: 'a34004',
  level: 2,
  threshold: 75.5,
  low: null,
  high: null,
  duration_seconds: 600,
  window_seconds: null,
  count: null,
  enabled: 1,
  created_at: NOW,
  updated_at: NOW,
  ...over,
});

const alarmRow = (
  ruleId: number,
  deviceId: number,
  over: Partial<{
    area_code: string;
    kind: string;
    level: number;
    status: string;
    first_at: number;
    last_at: number;
    value: number | null;
    count: number;
  }> = {},
) => ({
  rule_id: ruleId,
  device_id: deviceId,
  area_code: '110105',
  kind: 'over_limit',
  level: 2,
  factor: 'a34004',
  status: 'active',
  message: 'PM2.5 超过限值 75 μg/m³，当前 132.5',
  value: 132.5,
  first_at: NOW,
  last_at: NOW,
  count: 1,
  ack_by: null,
  ack_at: null,
  ack_note: null,
  cleared_by: null,
  cleared_at: null,
  clear_mode: null,
  clear_note: null,
  ...over,
});

const raiseEvent = (at = NOW) => ({ at, action: 'raise', actor: 'system', note: '产生' });

describe.each(testDialects())('alarms repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  async function setup() {
    const { database } = await fresh();
    return { database, repo: new AlarmsRepository(database) };
  }

  /** Raises an alarm that must be new. */
  async function raised(repo: AlarmsRepository, row: ReturnType<typeof alarmRow>) {
    const id = await repo.raise(row, raiseEvent(row.first_at));
    if (id === undefined) throw new Error('expected a new alarm');
    return id;
  }

  it('starts with the default rules and keeps rules: insert, read, update, delete, ordered by id', async () => {
    const { repo } = await setup();
    const defaults = await repo.rules();
    // Migration 0014's seven, and the smoke module's fume_over and purifier_off (0050).
    expect(defaults).toHaveLength(9);
    expect(defaults.map((r) => r.id)).toEqual([...defaults.map((r) => r.id)].sort((a, b) => a - b));
    expect(defaults.find((r) => r.kind === 'offline')).toMatchObject({
      device_type: null,
      factor: null,
      level: 3,
      enabled: 1,
    });
    expect(defaults.find((r) => r.device_type === 'N01')).toMatchObject({ threshold: 70, duration_seconds: 600 });

    const id = await repo.insertRule(ruleRow('PM2.5 超 75.5'));
    expect(typeof id).toBe('number');
    const rule = await repo.rule(id);
    // Numbers come back as numbers (PostgreSQL's bigint and double precision included).
    expect(rule).toEqual({ id, ...ruleRow('PM2.5 超 75.5') });
    const second = await repo.insertRule(
      ruleRow('PM2.5 范围', { kind: 'out_of_range', low: -0.5, high: 1000, threshold: null, duration_seconds: null }),
    );
    expect(second).toBeGreaterThan(id);
    expect((await repo.rules()).map((r) => r.id).slice(-2)).toEqual([id, second]);

    await repo.updateRule(id, { threshold: 80, enabled: 0, device_id: 42, updated_at: NOW + 5 });
    expect(await repo.rule(id)).toMatchObject({ threshold: 80, enabled: 0, device_id: 42, updated_at: NOW + 5 });
    expect(await repo.rule(second)).toMatchObject({ low: -0.5, high: 1000, enabled: 1 });

    await repo.deleteRule(id);
    expect(await repo.rule(id)).toBeUndefined();
    expect(await repo.rules()).toHaveLength(defaults.length + 1);
    await repo.deleteRule(id);
    expect(await repo.rules()).toHaveLength(defaults.length + 1);
  });

  it('holds one open alarm per device and rule (the partial unique index), any number of cleared ones', async () => {
    const { database, repo } = await setup();
    const first = await raised(repo, alarmRow(1, 10));
    // Another instance raising the same alarm: no second row, no second event, no error.
    expect(
      await repo.raise(alarmRow(1, 10, { first_at: NOW + 1, last_at: NOW + 1 }), raiseEvent(NOW + 1)),
    ).toBeUndefined();
    expect(await repo.count({}, NATIONWIDE)).toBe(1);
    expect(await repo.events(first)).toHaveLength(1);
    // Acknowledged is still open.
    await repo.update(first, { status: 'acknowledged', ack_by: 'admin', ack_at: NOW + 2, ack_note: '收到' });
    expect(await repo.raise(alarmRow(1, 10), raiseEvent())).toBeUndefined();
    // Other rules and devices are other alarms.
    const otherDevice = await raised(repo, alarmRow(1, 11));
    const otherRule = await raised(repo, alarmRow(2, 10));
    expect(new Set([first, otherDevice, otherRule]).size).toBe(3);

    // Once cleared, the next occurrence is a new alarm; cleared ones pile up.
    await repo.update(first, { status: 'cleared', cleared_at: NOW + 3, cleared_by: 'system', clear_mode: 'auto' });
    const again = await raised(repo, alarmRow(1, 10, { first_at: NOW + 4, last_at: NOW + 4 }));
    await repo.update(again, { status: 'cleared' });
    const third = await raised(repo, alarmRow(1, 10, { first_at: NOW + 5, last_at: NOW + 5 }));
    expect(await repo.count({ ruleId: 1, deviceId: 10 }, NATIONWIDE)).toBe(3);
    expect(await repo.count({ ruleId: 1, deviceId: 10, open: true }, NATIONWIDE)).toBe(1);
    expect((await repo.openFor(1, 10))?.id).toBe(third);

    // The index holds even against a plain insert or an update that would reopen a cleared alarm.
    await expect(database.db.insertInto('alarms').values(alarmRow(1, 10)).execute()).rejects.toThrow();
    await expect(repo.update(again, { status: 'active' })).rejects.toThrow();
    expect((await repo.get(again, NATIONWIDE))?.status).toBe('cleared');
  });

  it('rolls a raise back whole when its event cannot be written, and rethrows errors that are not a duplicate', async () => {
    const { repo } = await setup();
    await expect(
      repo.raise(alarmRow(1, 10), { at: NOW, action: 'raise', actor: null as unknown as string, note: null }),
    ).rejects.toThrow();
    expect(await repo.count({}, NATIONWIDE)).toBe(0);
    expect(await repo.openFor(1, 10)).toBeUndefined();
    await expect(
      repo.raise({ ...alarmRow(1, 10), message: null as unknown as string }, raiseEvent()),
    ).rejects.toThrow();
    expect(await repo.count({}, NATIONWIDE)).toBe(0);
    // An update whose event fails leaves the alarm as it was.
    const id = await raised(repo, alarmRow(1, 10));
    await expect(
      repo.update(
        id,
        { status: 'cleared' },
        { at: NOW, action: 'clear', actor: null as unknown as string, note: null },
      ),
    ).rejects.toThrow();
    expect((await repo.get(id, NATIONWIDE))?.status).toBe('active');
    expect(await repo.events(id)).toHaveLength(1);
  });

  it('updates alarms with and without an event, and reads the events in order', async () => {
    const { repo } = await setup();
    const id = await raised(repo, alarmRow(1, 10));
    await repo.update(id, { count: 5, last_at: NOW + 240, value: 140.25, message: '又超了' });
    await repo.update(
      id,
      { status: 'acknowledged', ack_by: 'admin', ack_at: NOW + 300, ack_note: '已派人' },
      { at: NOW + 300, action: 'acknowledge', actor: 'admin', note: '已派人' },
    );
    await repo.update(
      id,
      { status: 'cleared', cleared_by: 'admin', cleared_at: NOW + 360, clear_mode: 'manual', clear_note: '已处理' },
      { at: NOW + 360, action: 'clear', actor: 'admin', note: '已处理' },
    );
    expect(await repo.get(id, NATIONWIDE)).toEqual({
      id,
      ...alarmRow(1, 10),
      count: 5,
      last_at: NOW + 240,
      value: 140.25,
      message: '又超了',
      status: 'cleared',
      ack_by: 'admin',
      ack_at: NOW + 300,
      ack_note: '已派人',
      cleared_by: 'admin',
      cleared_at: NOW + 360,
      clear_mode: 'manual',
      clear_note: '已处理',
    });
    const events = await repo.events(id);
    expect(events.map((e) => [e.alarm_id, e.at, e.action, e.actor, e.note])).toEqual([
      [id, NOW, 'raise', 'system', '产生'],
      [id, NOW + 300, 'acknowledge', 'admin', '已派人'],
      [id, NOW + 360, 'clear', 'admin', '已处理'],
    ]);
    expect(await repo.events(id + 100)).toEqual([]);
    expect(await repo.open()).toEqual([]);
    expect(await repo.openFor(1, 10)).toBeUndefined();
  });

  /** Alarms in three districts and two levels over three days, some cleared. */
  async function scenario(repo: AlarmsRepository) {
    const a = await raised(repo, alarmRow(1, 10, { first_at: NOW - 2 * 86_400, last_at: NOW - 2 * 86_400 + 600 }));
    await repo.update(a, { status: 'cleared' });
    const b = await raised(repo, alarmRow(1, 10, { first_at: NOW - 3600, last_at: NOW - 1800, count: 4 }));
    const c = await raised(
      repo,
      alarmRow(2, 10, { kind: 'out_of_range', level: 4, first_at: NOW - 1200, last_at: NOW - 1200, value: -3 }),
    );
    const d = await raised(repo, alarmRow(1, 20, { area_code: '110108', first_at: NOW - 600, last_at: NOW - 600 }));
    await repo.update(d, { status: 'acknowledged' });
    const e = await raised(
      repo,
      alarmRow(3, 30, {
        area_code: '310101',
        kind: 'offline',
        level: 1,
        first_at: NOW - 86_400,
        last_at: NOW - 86_400,
        value: null,
      }),
    );
    return { a, b, c, d, e };
  }

  it('lists with every filter, scoped by area, newest first (ties by id), paged, with the total', async () => {
    const { repo } = await setup();
    const { a, b, c, d, e } = await scenario(repo);
    const ids = async (filter: Parameters<AlarmsRepository['list']>[0], scope = NATIONWIDE, page = ALL) => {
      const result = await repo.list(filter, scope, page);
      return { ids: result.list.map((r) => r.id), total: result.total };
    };
    expect(await ids({})).toEqual({ ids: [d, c, b, e, a], total: 5 });
    expect(await ids({}, BEIJING)).toEqual({ ids: [d, c, b, a], total: 4 });
    expect(await ids({}, CHAOYANG)).toEqual({ ids: [c, b, a], total: 3 });
    expect(await ids({}, SHANGHAI)).toEqual({ ids: [e], total: 1 });
    expect(await ids({}, HUANGPU)).toEqual({ ids: [e], total: 1 });
    expect(await ids({}, { areaCode: '440300' })).toEqual({ ids: [], total: 0 });

    expect((await ids({ status: 'active' })).ids).toEqual([c, b, e]);
    expect((await ids({ status: 'acknowledged' })).ids).toEqual([d]);
    expect((await ids({ status: 'cleared' })).ids).toEqual([a]);
    expect((await ids({ open: true })).ids).toEqual([d, c, b, e]);
    expect((await ids({ kind: 'offline' })).ids).toEqual([e]);
    expect((await ids({ level: 2 })).ids).toEqual([d, b, a]);
    expect((await ids({ ruleId: 1 })).ids).toEqual([d, b, a]);
    expect((await ids({ deviceId: 10 })).ids).toEqual([c, b, a]);
    expect((await ids({ deviceIds: [20, 30] })).ids).toEqual([d, e]);
    expect((await ids({ deviceIds: [] })).ids).toEqual([]);
    expect((await ids({ deviceIds: [20, 30] }, CHAOYANG)).ids).toEqual([]);
    // A period finds the alarms whose span overlaps it: [first_at, last_at] when cleared, and from
    // first_at until now while open (b, c, d, e are open: any start finds them).
    expect((await ids({ from: NOW - 2 * 86_400 + 600 })).ids).toEqual([d, c, b, e, a]);
    expect((await ids({ from: NOW - 2 * 86_400 + 601 })).ids).toEqual([d, c, b, e]);
    expect((await ids({ from: NOW })).ids).toEqual([d, c, b, e]);
    expect((await ids({ to: NOW - 3600 })).ids).toEqual([b, e, a]);
    expect((await ids({ to: NOW - 3601 })).ids).toEqual([e, a]);
    expect((await ids({ from: NOW - 2 * 86_400 + 600, to: NOW - 86_400 })).ids).toEqual([e, a]);
    expect((await ids({ status: 'active', level: 2, kind: 'over_limit', deviceId: 10, open: true })).ids).toEqual([b]);

    // Ties on last_at order by id, newest first.
    const f = await raised(repo, alarmRow(4, 10, { first_at: NOW - 600, last_at: NOW - 600 }));
    expect((await ids({})).ids.slice(0, 2)).toEqual([f, d]);
    // Analysis counts the alarms raised within a period.
    expect((await ids({ raisedFrom: NOW - 600 })).ids).toEqual([f, d]);

    expect(await ids({}, NATIONWIDE, { offset: 0, limit: 2 })).toEqual({ ids: [f, d], total: 6 });
    expect(await ids({}, NATIONWIDE, { offset: 2, limit: 2 })).toEqual({ ids: [c, b], total: 6 });
    expect(await ids({}, NATIONWIDE, { offset: 6, limit: 2 })).toEqual({ ids: [], total: 6 });
    expect(await ids({ level: 2 }, BEIJING, { offset: 1, limit: 1 })).toEqual({ ids: [d], total: 4 });
  });

  it('counts, groups, collects first times and reads open alarms, all within the scope', async () => {
    const { repo } = await setup();
    const { b, c, d, e } = await scenario(repo);
    expect(await repo.count({}, NATIONWIDE)).toBe(5);
    expect(await repo.count({ status: 'active' }, NATIONWIDE)).toBe(3);
    expect(await repo.count({ status: 'active' }, BEIJING)).toBe(2);
    expect(await repo.count({ open: true, ruleId: 1 }, NATIONWIDE)).toBe(2);
    expect(await repo.count({ deviceIds: [] }, NATIONWIDE)).toBe(0);

    const grouped = async (column: 'level' | 'kind' | 'device_id' | 'status', filter = {}, scope = NATIONWIDE) =>
      (await repo.countBy(column, filter, scope)).sort((x, y) => x.key.localeCompare(y.key));
    expect(await grouped('level')).toEqual([
      { key: '1', count: 1 },
      { key: '2', count: 3 },
      { key: '4', count: 1 },
    ]);
    expect(await grouped('kind')).toEqual([
      { key: 'offline', count: 1 },
      { key: 'out_of_range', count: 1 },
      { key: 'over_limit', count: 3 },
    ]);
    expect(await grouped('device_id')).toEqual([
      { key: '10', count: 3 },
      { key: '20', count: 1 },
      { key: '30', count: 1 },
    ]);
    expect(await grouped('status')).toEqual([
      { key: 'acknowledged', count: 1 },
      { key: 'active', count: 3 },
      { key: 'cleared', count: 1 },
    ]);
    expect(await grouped('level', { from: NOW - 86_400, to: NOW }, CHAOYANG)).toEqual([
      { key: '2', count: 1 },
      { key: '4', count: 1 },
    ]);
    expect(await grouped('device_id', { deviceIds: [20] })).toEqual([{ key: '20', count: 1 }]);
    expect(await repo.countBy('level', {}, { areaCode: '440300' })).toEqual([]);

    expect((await repo.firstTimes({}, NATIONWIDE)).sort((x, y) => x - y)).toEqual([
      NOW - 2 * 86_400,
      NOW - 86_400,
      NOW - 3600,
      NOW - 1200,
      NOW - 600,
    ]);
    expect((await repo.firstTimes({ from: NOW - 3600 }, BEIJING)).sort((x, y) => x - y)).toEqual([
      NOW - 3600,
      NOW - 1200,
      NOW - 600,
    ]);
    expect((await repo.firstTimes({}, HUANGPU)).every((t) => typeof t === 'number')).toBe(true);

    expect((await repo.open()).map((r) => r.id).sort((x, y) => x - y)).toEqual([b, c, d, e]);
    expect((await repo.openFor(1, 10))?.id).toBe(b);
    expect((await repo.openFor(1, 20))?.id).toBe(d);
    expect(await repo.openFor(2, 20)).toBeUndefined();
    expect(await repo.get(e, CHAOYANG)).toBeUndefined();
    expect((await repo.get(e, SHANGHAI))?.id).toBe(e);
    expect(await repo.get(e + 100, NATIONWIDE)).toBeUndefined();
  });

  it('sums the open alarms per device (count and highest level), over any number of devices', async () => {
    const { repo } = await setup();
    await scenario(repo);
    // Device 1200 among 1300 ids: the query runs in chunks of 500.
    await raised(repo, alarmRow(1, 1200, { level: 3 }));
    await raised(repo, alarmRow(2, 1200, { level: 1 }));
    await raised(repo, alarmRow(3, 1200, { level: 4 }));
    const ids = Array.from({ length: 1300 }, (_, i) => i + 1);
    const rows = (await repo.openByDevice(ids)).sort((x, y) => x.device_id - y.device_id);
    expect(rows).toEqual([
      { device_id: 10, n: 2, level: 2 },
      { device_id: 20, n: 1, level: 2 },
      { device_id: 30, n: 1, level: 1 },
      { device_id: 1200, n: 3, level: 1 },
    ]);
    expect(await repo.openByDevice([10])).toEqual([{ device_id: 10, n: 2, level: 2 }]);
    expect(await repo.openByDevice([999])).toEqual([]);
    expect(await repo.openByDevice([])).toEqual([]);
  });

  it('keeps the columns’ types: epoch seconds past 2038 and fractional values survive', async () => {
    const { database, repo } = await setup();
    const late = 4_102_444_800; // 2100-01-01
    const id = await raised(repo, alarmRow(1, 10, { first_at: late, last_at: late, value: 0.125 }));
    const row = await repo.get(id, NATIONWIDE);
    expect(row).toMatchObject({ first_at: late, last_at: late, value: 0.125, level: 2, count: 1 });
    expect(await repo.firstTimes({ from: late }, NATIONWIDE)).toEqual([late]);
    // The partial index exists under its name on both databases.
    const indexes =
      database.dialect === 'sqlite'
        ? (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'index' and tbl_name = 'alarms'`.execute(database.db)
          ).rows
        : (
            await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'alarms'`.execute(
              database.db,
            )
          ).rows;
    expect(indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['alarms_open_unique', 'alarms_area', 'alarms_device']),
    );
  });
});
