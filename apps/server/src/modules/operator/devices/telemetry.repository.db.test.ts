import { dayBucketOf } from '@lantian/domain';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { OperationsRepository } from './operations.repository';
import { RegistryRepository } from './registry.repository';
import { type DayRow, type HourRow, type MinuteRow, TelemetryRepository } from './telemetry.repository';
import { type IngestPacket, type IngestValue, TelemetryService } from './telemetry.service';

const HOUR = 3600;
const DAY = 86_400;
/** 2026-11-25 12:00 China time: the end of the hour (11:00, 12:00]. */
const H = Math.floor(Date.UTC(2026, 10, 25, 4, 0, 0) / 1000);
/** 2026-11-25 00:00 China time: the day H belongs to. */
const DAY0 = dayBucketOf(H);

const silent = pino({ level: 'silent' });

const packet = (
  deviceId: number,
  cn: string,
  dataTime: number | null,
  values: IngestValue[],
  receivedAt = (dataTime ?? H) + 5,
): IngestPacket => ({ deviceId, cn, dataTime, receivedAt, values });

const v = (factor: string, value: number | null, flag: string | null = 'N', extra: Partial<IngestValue> = {}) => ({
  factor,
  value,
  flag,
  ...extra,
});

/** The minutes (dataTimes) of the hour ending at `end`: end-3540 … end. */
const minutesOf = (end: number, count = 60) => Array.from({ length: count }, (_, i) => end - HOUR + 60 * (i + 1));

describe.each(testDialects())('device telemetry repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  async function setup() {
    const { database } = await fresh();
    const registry = new RegistryRepository(database);
    const siteId = await registry.insertSite({
      code: 'CY01',
      name: '朝阳一站',
      area_code: '110105',
      lon: 116.48,
      lat: 39.95,
      address: '',
      created_at: H,
      updated_at: H,
    });
    const deviceOf = (mn: string) =>
      registry.insertDevice(
        {
          mn,
          name: mn,
          type: 'A01',
          site_id: siteId,
          area_code: '110105',
          password_hash: '0'.repeat(64),
          install_date: null,
          status: 'active',
          factors_json: '[]',
          config_json: '{}',
          created_at: H,
          updated_at: H,
          retired_at: null,
        },
        H,
      );
    const a = await deviceOf('LT110105A0001');
    const b = await deviceOf('LT110105A0002');
    const repo = new TelemetryRepository(database);
    const clock = { now: H + 60 };
    const service = new TelemetryService(
      repo,
      () => ({ type: 'A01', intervalSeconds: 60 }),
      () => clock.now,
      silent,
    );
    return { database, registry, repo, service, clock, a, b };
  }

  /** Every column of the hour rows of a device, in key order (what the series does not show). */
  const hourRows = (database: AppDatabase, deviceId: number) =>
    database.db
      .selectFrom('telemetry_hour')
      .selectAll()
      .where('device_id', '=', deviceId)
      .orderBy('factor')
      .orderBy('t')
      .execute();
  const dayRows = (database: AppDatabase, deviceId: number) =>
    database.db
      .selectFrom('telemetry_day')
      .selectAll()
      .where('device_id', '=', deviceId)
      .orderBy('factor')
      .orderBy('t')
      .execute();
  const minuteCount = async (database: AppDatabase) =>
    Number(
      (
        await database.db
          .selectFrom('telemetry_minute')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores a minute packet once however often it is sent, the last sending winning, an invalid mark kept', async () => {
    const { database, repo, service, a } = await setup();
    const t = H - 3540;
    const sent = packet(a, '2051', t, [v('a34004', 35.2), v('a34002', 50, null, { min: 41.5, max: 58 })]);

    const batch = await service.ingest([sent]);
    expect(batch.samples).toHaveLength(2);
    await service.ingest([sent]);
    await service.ingest([sent, sent]);
    expect(await minuteCount(database)).toBe(2);
    const rows = await repo.series('minute', a, null, t - 1, t);
    expect(rows).toEqual([
      { factor: 'a34002', t, value: 50, flag: null, invalid: 0, valid: 1 },
      { factor: 'a34004', t, value: 35.2, flag: 'N', invalid: 0, valid: 1 },
    ]);
    expect(rows.every((r) => typeof r.t === 'number' && typeof r.invalid === 'number')).toBe(true);
    const stored = await database.db
      .selectFrom('telemetry_minute')
      .selectAll()
      .where('factor', '=', 'a34002')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      device_id: a,
      factor: 'a34002',
      t,
      value: 50,
      vmin: 41.5,
      vmax: 58,
      flag: null,
      invalid: 0,
    });

    // Re-sent with other values: replaced. Marked invalid, then re-sent: still invalid.
    await service.ingest([packet(a, '2011', t, [v('a34004', 36.1, 'D')])]);
    expect(await repo.markInvalid([a], 'a34004', t - 60, t)).toBe(1);
    await service.ingest([packet(a, '2011', t, [v('a34004', 36.4)])]);
    expect(await repo.series('minute', a, ['a34004'], t - 1, t)).toEqual([
      { factor: 'a34004', t, value: 36.4, flag: 'N', invalid: 1, valid: 1 },
    ]);
    // A null value (and a packet with no values at all) is stored and accepted.
    await service.ingest([packet(a, '2011', t + 60, [v('a34004', null, 'B')]), packet(a, '2011', t + 120, [])]);
    expect(await repo.series('minute', a, ['a34004'], t, t + 120)).toEqual([
      { factor: 'a34004', t: t + 60, value: null, flag: 'B', invalid: 0, valid: 1 },
    ]);
  });

  it('commits a batch of more rows than one statement takes, in one transaction', async () => {
    const { database, registry, repo, service, a, b } = await setup();
    const start = H - 10 * HOUR;
    const packets: IngestPacket[] = [];
    for (const device of [a, b]) {
      for (let i = 1; i <= 300; i += 1) {
        packets.push(packet(device, '2051', start + 60 * i, [v('a34004', i), v('a34002', i / 10)], start + 60 * i + 1));
      }
    }
    const batch = await service.ingest(packets);
    expect(batch.samples).toHaveLength(1200);
    expect(batch.seen).toEqual([
      { deviceId: a, at: start + 18_001 },
      { deviceId: b, at: start + 18_001 },
    ]);
    expect(await minuteCount(database)).toBe(1200);
    const series = await repo.series('minute', b, ['a34002'], start, start + 300 * 60);
    expect(series).toHaveLength(300);
    expect(series[299]).toEqual({ factor: 'a34002', t: start + 18_000, value: 30, flag: 'N', invalid: 0, valid: 1 });
    expect(service.totals).toEqual({ packets: 600, values: 1200 });
    expect(await registry.device(a, NATIONWIDE)).toMatchObject({
      last_seen: start + 18_001,
      last_data_time: start + 18_000,
    });

    // A batch that fails part-way (here: a latest value without a time) leaves nothing behind.
    const row: MinuteRow = { device_id: a, factor: 'x', t: H, value: 1, vmin: null, vmax: null, flag: null };
    await repo.commitBatch({ minutes: [row], hours: [], days: [], latest: [], seen: [] });
    await expect(
      repo.commitBatch({
        minutes: [{ ...row, factor: 'y' }],
        hours: [],
        days: [],
        latest: [{ device_id: a, factor: 'y', t: null as unknown as number, value: 1, flag: null }],
        seen: [{ deviceId: a, lastSeen: H + DAY, lastDataTime: H + DAY }],
      }),
    ).rejects.toThrow();
    expect((await registry.device(a, NATIONWIDE))?.last_seen).toBe(start + 18_001);
    expect(await repo.series('minute', a, ['y'], H - 1, H)).toEqual([]);
    expect(await minuteCount(database)).toBe(1201);
  });

  it('keeps the newest value per device and factor: a late older packet does not replace it', async () => {
    const { repo, service, a, b } = await setup();
    await service.ingest([
      packet(a, '2011', H - 120, [v('a34004', 10), v('a34002', 20)]),
      packet(b, '2011', H - 120, [v('a34004', 11)]),
    ]);
    await service.ingest([packet(a, '2011', H - 60, [v('a34004', 12, 'M')])]);
    await service.ingest([packet(a, '2011', H - 180, [v('a34004', 9), v('a34002', 19)])]);
    // The same time again replaces (a corrected resend).
    await service.ingest([packet(a, '2011', H - 120, [v('a34002', 21)])]);
    // An hour packet (stamped with its start) counts for the latest value; a day packet does not.
    await service.ingest([packet(b, '2061', H, [v('a34004', 13)])]);
    await service.ingest([packet(b, '2031', DAY0 + DAY, [v('a34004', 99)])]);

    const sort = (rows: Array<{ device_id: number; factor: string }>) =>
      [...rows].sort((x, y) => x.device_id - y.device_id || x.factor.localeCompare(y.factor));
    expect(sort(await repo.latest([a, b]))).toEqual([
      { device_id: a, factor: 'a34002', t: H - 120, value: 21, flag: 'N' },
      { device_id: a, factor: 'a34004', t: H - 60, value: 12, flag: 'M' },
      { device_id: b, factor: 'a34004', t: H, value: 13, flag: 'N' },
    ]);
    expect(await repo.latest([])).toEqual([]);
    // More ids than one statement takes.
    const many = [...Array.from({ length: 1200 }, (_, i) => 10_000 + i), b];
    expect((await repo.latest(many)).map((r) => r.device_id)).toEqual([b]);
    const byDevice = await service.latest([a, b, 9999]);
    expect(byDevice.get(a)).toHaveLength(2);
    expect(byDevice.get(b)?.[0]?.value).toBe(13);
    expect(byDevice.has(9999)).toBe(false);
  });

  it("moves a device's last packet and data time forward only, heartbeats counting as packets", async () => {
    const { registry, service, a, b } = await setup();
    const status = async (id: number) => {
      const view = await registry.device(id, NATIONWIDE);
      return { last_seen: view?.last_seen, last_data_time: view?.last_data_time };
    };
    await service.ingest([packet(a, '2011', H - 60, [v('a34004', 1)], H)]);
    expect(await status(a)).toEqual({ last_seen: H, last_data_time: H - 60 });
    // A heartbeat: seen, no data time.
    await service.ingest([packet(a, '9013', null, [], H + 30)]);
    expect(await status(a)).toEqual({ last_seen: H + 30, last_data_time: H - 60 });
    // A late packet of older data received later: data time stays, last seen moves.
    await service.ingest([packet(a, '2011', H - 600, [v('a34004', 1)], H + 40)]);
    expect(await status(a)).toEqual({ last_seen: H + 40, last_data_time: H - 60 });
    // A batch committed after a newer one (received earlier): neither moves back.
    await service.ingest([packet(a, '2011', H - 120, [v('a34004', 1)], H + 10)]);
    expect(await status(a)).toEqual({ last_seen: H + 40, last_data_time: H - 60 });
    expect(await status(b)).toEqual({ last_seen: null, last_data_time: null });
    const view = await registry.device(a, NATIONWIDE);
    expect(typeof view?.last_seen).toBe('number');
    expect(typeof view?.last_data_time).toBe('number');
  });

  it('rolls minutes up into hours with the validity rule and hours into days, once the hour has ended', async () => {
    const { database, repo, service, clock, a } = await setup();
    // A full hour of a34004 (1 … 60), a third of one of a34002.
    await service.ingest(
      minutesOf(H).map((t, i) =>
        packet(a, '2051', t, i < 20 ? [v('a34004', i + 1), v('a34002', 2)] : [v('a34004', i + 1)]),
      ),
    );
    clock.now = H - 30;
    expect(await service.rollUp()).toBe(0);
    expect(await hourRows(database, a)).toEqual([]);
    clock.now = H + 30;
    expect(await service.rollUp()).toBe(1);
    expect(await service.rollUp()).toBe(0);

    const base = { device_id: a, t: H, flag: null, invalid: 0, source: 'computed' };
    expect(await hourRows(database, a)).toEqual([
      { ...base, factor: 'a34002', value: 2, vmin: 2, vmax: 2, valid_count: 20, sample_count: 20, valid: 0 },
      { ...base, factor: 'a34004', value: 30.5, vmin: 1, vmax: 60, valid_count: 60, sample_count: 60, valid: 1 },
    ]);
    expect(await repo.series('hour', a, null, H - HOUR, H)).toEqual([
      { factor: 'a34002', t: H, value: 2, flag: null, invalid: 0, valid: 0 },
      { factor: 'a34004', t: H, value: 30.5, flag: null, invalid: 0, valid: 1 },
    ]);
    const dayBase = { device_id: a, t: DAY0, valid_count: 0, sample_count: 1, valid: 0, source: 'computed' };
    expect(await dayRows(database, a)).toEqual([
      { ...dayBase, factor: 'a34002', value: null, vmin: null, vmax: null },
      { ...dayBase, factor: 'a34004', value: 30.5, vmin: 30.5, vmax: 30.5, valid_count: 1 },
    ]);
    expect(await repo.series('day', a, ['a34004'], DAY0 - DAY, DAY0)).toEqual([
      { factor: 'a34004', t: DAY0, value: 30.5, flag: null, invalid: 0, valid: 0 },
    ]);

    // A minute arriving later for a rolled-up hour rolls it up again.
    await service.ingest([packet(a, '2051', H - 3600 + 30, [v('a34002', 8)])]);
    expect(await service.rollUp()).toBe(1);
    expect((await hourRows(database, a))[0]).toMatchObject({ factor: 'a34002', value: 2.2857142857142856 });

    // The running hour waits for its end unless asked.
    await service.ingest([packet(a, '2051', H + 60, [v('a34004', 7)])]);
    expect(await service.rollUp()).toBe(0);
    expect(await service.rollUp({ includeRunningHour: true })).toBe(1);
    expect(await repo.hoursIn(a, H, H + HOUR)).toEqual([
      { factor: 'a34004', t: H + HOUR, value: 7, valid: 0, invalid: 0 },
    ]);
  });

  it("keeps an hour or a day the device sent itself: a computed one never replaces it, the device's replaces a computed one", async () => {
    const { database, service, clock, a } = await setup();
    await service.ingest(minutesOf(H).map((t) => packet(a, '2051', t, [v('a34004', 10)])));
    clock.now = H + 60;
    await service.rollUp();
    expect((await hourRows(database, a))[0]).toMatchObject({ value: 10, source: 'computed' });

    // 2061 stamps the hour with its start: 11:00 is the hour labelled 12:00.
    await service.ingest([packet(a, '2061', H - HOUR, [v('a34004', 12, 'N', { min: 8, max: 16 })])]);
    const device = { device_id: a, factor: 'a34004', t: H, flag: 'N', valid_count: 1, sample_count: 1, invalid: 0 };
    expect(await hourRows(database, a)).toEqual([
      { ...device, value: 12, vmin: 8, vmax: 16, valid: 1, source: 'device' },
    ]);
    service.touch(a, H - HOUR, H);
    expect(await service.rollUp()).toBe(1);
    expect((await hourRows(database, a))[0]).toMatchObject({ value: 12, source: 'device' });
    // The day is made of the device's hour.
    expect((await dayRows(database, a))[0]).toMatchObject({ t: DAY0, value: 12, source: 'computed' });

    // A device hour flagged D is stored as not valid.
    await service.ingest([packet(a, '2061', H, [v('a34004', 14, 'D')])]);
    expect((await hourRows(database, a))[1]).toMatchObject({ t: H + HOUR, value: 14, flag: 'D', valid: 0 });

    // 2031: the device's own day, stamped with the day's start; a roll-up leaves it alone.
    await service.ingest([packet(a, '2031', DAY0, [v('a34004', 11.5, 'N', { min: 1, max: 30 })])]);
    expect(await dayRows(database, a)).toEqual([
      {
        device_id: a,
        factor: 'a34004',
        t: DAY0,
        value: 11.5,
        vmin: 1,
        vmax: 30,
        valid_count: 1,
        sample_count: 1,
        valid: 1,
        source: 'device',
      },
    ]);
    await service.ingest([packet(a, '2051', H - 60, [v('a34004', 40)])]);
    expect(await service.rollUp()).toBe(1);
    expect((await dayRows(database, a))[0]).toMatchObject({ value: 11.5, source: 'device' });
  });

  it('reads series of each resolution over (from, to], by factor then time, one device only', async () => {
    const { repo, a, b } = await setup();
    const minutes: MinuteRow[] = [];
    for (const device of [a, b]) {
      for (const factor of ['a34004', 'a34002', 'a01001']) {
        for (let i = 0; i < 5; i += 1) {
          minutes.push({ device_id: device, factor, t: H + 60 * i, value: i, vmin: null, vmax: null, flag: 'N' });
        }
      }
    }
    const hour = (t: number, factor: string, value: number, valid = 1): HourRow => ({
      device_id: a,
      factor,
      t,
      value,
      vmin: value,
      vmax: value,
      flag: null,
      valid_count: 45,
      sample_count: 60,
      valid,
      source: 'computed',
    });
    await repo.commitBatch({
      minutes,
      hours: [
        hour(H, 'a34004', 1),
        hour(H + HOUR, 'a34004', 2, 0),
        hour(H + 2 * HOUR, 'a34004', 3),
        hour(H, 'a34002', 4),
      ],
      days: [DAY0, DAY0 + DAY, DAY0 + 2 * DAY].map((t, i) => ({
        device_id: a,
        factor: 'a34004',
        t,
        value: i * 1.5,
        vmin: null,
        vmax: null,
        valid_count: 24,
        sample_count: 24,
        valid: 1,
        source: 'computed',
      })),
      latest: [],
      seen: [],
    });

    const points = (rows: Array<{ factor: string; t: number }>) => rows.map((r) => [r.factor, r.t - H]);
    expect(points(await repo.series('minute', a, ['a34004', 'a01001'], H, H + 180))).toEqual([
      ['a01001', 60],
      ['a01001', 120],
      ['a01001', 180],
      ['a34004', 60],
      ['a34004', 120],
      ['a34004', 180],
    ]);
    expect(await repo.series('minute', a, null, H + 180, H + 600)).toHaveLength(3);
    expect(await repo.series('minute', a, ['nope'], H - 60, H + 600)).toEqual([]);
    expect(await repo.series('minute', 9999, null, H - 60, H + 600)).toEqual([]);

    expect(await repo.series('hour', a, ['a34004'], H, H + 2 * HOUR)).toEqual([
      { factor: 'a34004', t: H + HOUR, value: 2, flag: null, invalid: 0, valid: 0 },
      { factor: 'a34004', t: H + 2 * HOUR, value: 3, flag: null, invalid: 0, valid: 1 },
    ]);
    expect(points(await repo.series('hour', a, null, H - 1, H + 5 * HOUR))).toEqual([
      ['a34002', 0],
      ['a34004', 0],
      ['a34004', HOUR],
      ['a34004', 2 * HOUR],
    ]);
    expect(await repo.series('hour', b, null, H - 1, H + 5 * HOUR)).toEqual([]);

    const days = await repo.series('day', a, ['a34004'], DAY0, DAY0 + 2 * DAY);
    expect(days).toEqual([
      { factor: 'a34004', t: DAY0 + DAY, value: 1.5, flag: null, invalid: 0, valid: 1 },
      { factor: 'a34004', t: DAY0 + 2 * DAY, value: 3, flag: null, invalid: 0, valid: 1 },
    ]);
    expect(days.every((d) => typeof d.invalid === 'number' && typeof d.valid === 'number')).toBe(true);

    // What the roll-ups read.
    expect((await repo.minutesIn(a, H + 180, H + 240)).map((r) => r.factor).sort()).toEqual([
      'a01001',
      'a34002',
      'a34004',
    ]);
    expect(await repo.minutesIn(a, H + 180, H + 240)).toContainEqual({
      factor: 'a34004',
      t: H + 240,
      value: 4,
      flag: 'N',
      invalid: 0,
    });
    expect((await repo.hoursIn(a, H, H + 2 * HOUR)).map((r) => [r.t - H, r.valid])).toEqual(
      expect.arrayContaining([
        [HOUR, 0],
        [2 * HOUR, 1],
      ]),
    );
    expect(await repo.hoursIn(a, H, H + 2 * HOUR)).toHaveLength(2);
  });

  it('marks values invalid: the minutes of the range and factor, the hours the device sent, and rolls the rest up again', async () => {
    const { database, repo, service, clock, a, b } = await setup();
    await service.ingest(
      minutesOf(H).flatMap((t) => [
        packet(a, '2051', t, [v('a34004', 10), v('a34002', 20)]),
        packet(b, '2051', t, [v('a34004', 30), v('a34002', 40)]),
      ]),
    );
    await service.ingest([
      packet(a, '2061', H, [v('a34004', 11), v('a34002', 21)]),
      packet(b, '2061', H, [v('a34004', 31)]),
    ]);
    clock.now = H + 2 * HOUR + 60;
    await service.rollUp();
    expect((await hourRows(database, a)).map((r) => [r.factor, r.t - H, r.valid, r.source])).toEqual([
      ['a34002', 0, 1, 'computed'],
      ['a34002', HOUR, 1, 'device'],
      ['a34004', 0, 1, 'computed'],
      ['a34004', HOUR, 1, 'device'],
    ]);

    // (11:30, 13:00] of a34004: 30 minutes, the computed 12:00 hour and the device's 13:00 hour.
    expect(await service.markInvalid([a], 'a34004', H - 1800, H + HOUR)).toBe(30);
    const minutes = await repo.series('minute', a, ['a34004'], H - HOUR, H);
    expect(minutes.filter((m) => m.invalid === 1).map((m) => m.t)).toEqual(minutesOf(H).slice(30));
    expect((await repo.series('minute', a, ['a34002'], H - HOUR, H)).every((m) => m.invalid === 0)).toBe(true);
    expect((await repo.series('minute', b, null, H - HOUR, H)).every((m) => m.invalid === 0)).toBe(true);
    expect((await hourRows(database, a)).map((r) => [r.factor, r.t - H, r.valid, r.invalid, r.valid_count])).toEqual([
      ['a34002', 0, 1, 0, 60],
      ['a34002', HOUR, 1, 0, 1],
      // 30 valid minutes left of the 45 needed.
      ['a34004', 0, 0, 0, 30],
      ['a34004', HOUR, 0, 1, 1],
    ]);
    expect(await repo.series('hour', a, ['a34004'], H - 1, H + HOUR)).toEqual([
      { factor: 'a34004', t: H, value: 10, flag: null, invalid: 0, valid: 0 },
      { factor: 'a34004', t: H + HOUR, value: 11, flag: 'N', invalid: 1, valid: 0 },
    ]);
    // The day excludes both hours now.
    expect((await dayRows(database, a)).map((r) => [r.factor, r.valid_count, r.sample_count])).toEqual([
      ['a34002', 2, 2],
      ['a34004', 0, 2],
    ]);

    // Every factor of several devices; a range holding nothing marks nothing.
    expect(await service.markInvalid([a, b], null, H - HOUR, H)).toBe(4 * 60);
    expect((await repo.series('minute', b, null, H - HOUR, H)).every((m) => m.invalid === 1)).toBe(true);
    expect((await hourRows(database, b)).map((r) => [r.factor, r.t - H, r.valid, r.invalid])).toEqual([
      ['a34002', 0, 0, 0],
      ['a34004', 0, 0, 0],
      ['a34004', HOUR, 1, 0],
    ]);
    expect(await repo.markInvalid([a, b], null, H + 5 * HOUR, H + 6 * HOUR)).toBe(0);
  });

  it('deletes values older than the retention of each resolution, and counts them', async () => {
    const { repo, service, clock, a, b } = await setup();
    const minute = (device: number, t: number): MinuteRow => ({
      device_id: device,
      factor: 'a34004',
      t,
      value: 1,
      vmin: null,
      vmax: null,
      flag: null,
    });
    const hour = (t: number): HourRow => ({
      ...minute(a, t),
      valid_count: 1,
      sample_count: 1,
      valid: 1,
      source: 'computed',
    });
    const day = (t: number): DayRow => ({
      device_id: a,
      factor: 'a34004',
      t,
      value: 1,
      vmin: null,
      vmax: null,
      valid_count: 1,
      sample_count: 1,
      valid: 1,
      source: 'computed',
    });
    clock.now = H;
    const minuteCut = H - 7 * DAY;
    const hourCut = H - 30 * DAY;
    await repo.commitBatch({
      minutes: [minute(a, minuteCut - 60), minute(b, minuteCut - 1), minute(a, minuteCut), minute(b, H - 60)],
      hours: [hour(hourCut - HOUR), hour(hourCut), hour(H)],
      days: [],
      latest: [],
      seen: [],
    });
    await repo.upsertComputedDays([day(DAY0 - 400 * DAY), day(DAY0)]);

    const removed = await service.applyRetention({ minute: 7, hour: 30, day: 0 });
    expect(removed).toEqual({ minute: 2, hour: 1, day: 0 });
    expect((await repo.series('minute', a, null, 0, H)).map((r) => r.t)).toEqual([minuteCut]);
    expect((await repo.series('minute', b, null, 0, H)).map((r) => r.t)).toEqual([H - 60]);
    expect((await repo.series('hour', a, null, 0, H)).map((r) => r.t)).toEqual([hourCut, H]);
    expect(await service.applyRetention({ minute: 7, hour: 30, day: 0 })).toEqual({ minute: 0, hour: 0, day: 0 });

    expect(await repo.deleteBefore('day', DAY0 - 366 * DAY)).toBe(1);
    expect((await repo.series('day', a, null, 0, H)).map((r) => r.t)).toEqual([DAY0]);
    expect(await repo.deleteBefore('minute', H + 1)).toBe(2);
  });

  it('counts hour rows and valid ones per device over a range', async () => {
    const { repo, a, b } = await setup();
    const hour = (device: number, factor: string, t: number, valid: number): HourRow => ({
      device_id: device,
      factor,
      t,
      value: valid === 1 ? 5 : null,
      vmin: null,
      vmax: null,
      flag: null,
      valid_count: valid * 45,
      sample_count: 60,
      valid,
      source: 'computed',
    });
    await repo.upsertComputedHours([
      hour(a, 'a34004', H, 1),
      hour(a, 'a34002', H, 0),
      hour(a, 'a34004', H + HOUR, 1),
      hour(a, 'a34004', H + 2 * HOUR, 1),
      hour(b, 'a34004', H, 0),
    ]);
    expect(await repo.hourCounts([], H - HOUR, H)).toEqual([]);
    const counts = await repo.hourCounts([a, b, 9999], H - 1, H + HOUR);
    expect([...counts].sort((x, y) => x.device_id - y.device_id)).toEqual([
      { device_id: a, rows: 3, valid_rows: 2 },
      { device_id: b, rows: 1, valid_rows: 0 },
    ]);
    expect(counts.every((c) => typeof c.device_id === 'number')).toBe(true);
    expect(await repo.hourCounts([a], H + HOUR, H + 2 * HOUR)).toEqual([{ device_id: a, rows: 1, valid_rows: 1 }]);
  });

  it('records operations and lists them in scope, by status, device, overlapping time, newest first', async () => {
    const { database } = await setup();
    const ops = new OperationsRepository(database);
    const op = (deviceIds: string, areaCode: string, createdAt: number, over: Record<string, unknown> = {}) => ({
      device_ids: deviceIds,
      area_code: areaCode,
      operation_status: 'maintenance',
      valid_status: 'valid',
      start_t: H,
      end_t: H + HOUR,
      factor: null,
      note: '例行维护',
      operator: '张三',
      created_at: createdAt,
      ...over,
    });
    const first = await ops.insert(op('1,12', '110105', H));
    const second = await ops.insert(
      op('12', '110108', H + 1, {
        operation_status: 'invalidated',
        valid_status: 'invalid',
        factor: 'a34004',
        start_t: H + 2 * HOUR,
        end_t: H + 3 * HOUR,
      }),
    );
    const third = await ops.insert(op('2,1', '440305', H + 1, { operation_status: 'calibration' }));
    const fourth = await ops.insert(op('21,3,112', '110000', H + 2, { start_t: H - 2 * DAY, end_t: H - DAY }));
    expect(typeof first).toBe('number');
    expect([second, third, fourth].every((id) => id > first)).toBe(true);

    const page = { offset: 0, limit: 20 };
    const ids = async (filter: Parameters<OperationsRepository['list']>[0], scope = NATIONWIDE) => {
      const result = await ops.list(filter, scope, page);
      expect(result.total).toBe(result.list.length);
      return result.list.map((r) => r.id);
    };
    expect(await ids({})).toEqual([fourth, third, second, first]);
    expect((await ops.list({}, NATIONWIDE, page)).list[3]).toEqual({ id: first, ...op('1,12', '110105', H) });
    expect(await ids({}, { areaCode: '110000' })).toEqual([fourth, second, first]);
    expect(await ids({}, { areaCode: '110105' })).toEqual([first]);
    expect(await ids({ operationStatus: 'calibration' })).toEqual([third]);
    expect(await ids({ validStatus: 'invalid' })).toEqual([second]);
    // The device id as a whole item of the list: 1 is not 12, 21 or 112.
    expect(await ids({ deviceId: '1' })).toEqual([third, first]);
    expect(await ids({ deviceId: '12' })).toEqual([second, first]);
    expect(await ids({ deviceId: '3' })).toEqual([fourth]);
    expect(await ids({ deviceId: '112' })).toEqual([fourth]);
    expect(await ids({ deviceId: '11' })).toEqual([]);
    // Records overlapping [from, to].
    expect(await ids({ from: H + HOUR, to: H + 2 * HOUR })).toEqual([third, second, first]);
    expect(await ids({ from: H + HOUR + 1 })).toEqual([second]);
    expect(await ids({ to: H - 1 })).toEqual([fourth]);

    const paged = await ops.list({}, NATIONWIDE, { offset: 1, limit: 2 });
    expect(paged.list.map((r) => r.id)).toEqual([third, second]);
    expect(paged.total).toBe(4);
    expect(typeof paged.total).toBe('number');
  });
});
