import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type {
  DevicesTables,
  TelemetryDayTable,
  TelemetryHourTable,
  TelemetryLatestTable,
  TelemetryMinuteTable,
} from './devices.tables';

/** Rows as written: `invalid` is an operator's mark, never overwritten by a (re)sent value. */
export type MinuteRow = Omit<TelemetryMinuteTable, 'invalid'>;
export type HourRow = Omit<TelemetryHourTable, 'invalid'>;
export type DayRow = TelemetryDayTable;
export type LatestRow = Selectable<TelemetryLatestTable>;

/** The key of every value table: a value sent twice lands on the same row. */
const VALUE_KEY = ['device_id', 'factor', 't'] as const;

/** Devices per statement of the status update: 500 × 3 parameters. */
const CHUNK = 500;

/** What one committed batch changes besides the values: each device's newest packet and data time. */
export interface SeenUpdate {
  deviceId: number;
  lastSeen: number;
  lastDataTime: number | null;
}

export type Resolution = 'minute' | 'hour' | 'day';

const TABLES = { minute: 'telemetry_minute', hour: 'telemetry_hour', day: 'telemetry_day' } as const;

/**
 * The telemetry tables. Writes of one gateway batch go in ONE transaction (`commitBatch`): the
 * gateway answers a device (9014) only after it returns, so an acknowledged packet is on disk and a
 * packet that was not acknowledged is sent again — and a value sent twice lands on the same key
 * (device, factor, time) instead of doubling. Unscoped: callers check the device is the operator's
 * (RegistryRepository) before reading its values.
 */
export class TelemetryRepository {
  constructor(private readonly database: Database<DevicesTables>) {}

  private get db() {
    return this.database.db;
  }

  async commitBatch(batch: {
    minutes: MinuteRow[];
    hours: HourRow[];
    days: DayRow[];
    latest: LatestRow[];
    seen: SeenUpdate[];
  }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // What the device sent replaces what is there, computed or sent before.
      await this.database.upsertMany(trx, 'telemetry_minute', batch.minutes, { conflict: VALUE_KEY });
      await this.database.upsertMany(trx, 'telemetry_hour', batch.hours, { conflict: VALUE_KEY });
      await this.database.upsertMany(trx, 'telemetry_day', batch.days, { conflict: VALUE_KEY });
      // Newer values replace older ones; an old packet arriving late does not.
      await this.database.upsertMany(trx, 'telemetry_latest', batch.latest, {
        conflict: ['device_id', 'factor'],
        guard: 'excluded."t" >= "telemetry_latest"."t"',
      });
      await this.updateSeen(trx, batch.seen);
    });
  }

  /**
   * Each device's newest packet and data time, never moved back: one UPDATE … FROM (VALUES …) per 500
   * devices rather than one statement each (a busy gateway's batch names about every device). VALUES
   * columns are column1… on both databases; the casts give PostgreSQL their types.
   */
  private async updateSeen(trx: Kysely<DevicesTables>, rows: readonly SeenUpdate[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const tuples = rows
        .slice(i, i + CHUNK)
        .map(
          (r) => sql`(cast(${r.deviceId} as bigint), cast(${r.lastSeen} as bigint), cast(${r.lastDataTime} as bigint))`,
        );
      await sql`update device_status set
          last_seen = case when device_status.last_seen is null or device_status.last_seen < v.column2
            then v.column2 else device_status.last_seen end,
          last_data_time = case when v.column3 is not null
            and (device_status.last_data_time is null or device_status.last_data_time < v.column3)
            then v.column3 else device_status.last_data_time end
        from (values ${sql.join(tuples)}) as v
        where device_status.device_id = v.column1`.execute(trx);
    }
  }

  async latest(deviceIds: readonly number[]): Promise<LatestRow[]> {
    if (deviceIds.length === 0) return [];
    const rows: LatestRow[] = [];
    // Chunked: a map of thousands of devices stays under the bound-parameter limits.
    for (let i = 0; i < deviceIds.length; i += 500) {
      rows.push(
        ...(await this.db
          .selectFrom('telemetry_latest')
          .selectAll()
          .where('device_id', 'in', deviceIds.slice(i, i + 500))
          .execute()),
      );
    }
    return rows;
  }

  /** One device's values in (from, to], by factor then time. */
  async series(
    resolution: Resolution,
    deviceId: number,
    factors: readonly string[] | null,
    from: number,
    to: number,
  ): Promise<
    Array<{ factor: string; t: number; value: number | null; flag: string | null; invalid: number; valid: number }>
  > {
    if (resolution === 'minute') {
      let query = this.db
        .selectFrom('telemetry_minute')
        .select(['factor', 't', 'value', 'flag', 'invalid', sql<number>`1`.as('valid')])
        .where('device_id', '=', deviceId)
        .where('t', '>', from)
        .where('t', '<=', to);
      if (factors !== null) query = query.where('factor', 'in', [...factors]);
      return query.orderBy('factor').orderBy('t').execute();
    }
    const table = TABLES[resolution];
    let query = this.db
      .selectFrom(table)
      .select([
        'factor',
        't',
        'value',
        resolution === 'hour' ? 'flag' : sql<string | null>`null`.as('flag'),
        resolution === 'hour' ? 'invalid' : sql<number>`0`.as('invalid'),
        'valid',
      ])
      .where('device_id', '=', deviceId)
      .where('t', '>', from)
      .where('t', '<=', to);
    if (factors !== null) query = query.where('factor', 'in', [...factors]);
    return query.orderBy('factor').orderBy('t').execute() as Promise<
      Array<{ factor: string; t: number; value: number | null; flag: string | null; invalid: number; valid: number }>
    >;
  }

  /** Minute values of a device in (from, to], every factor: what an hour roll-up reads. */
  async minutesIn(
    deviceId: number,
    from: number,
    to: number,
  ): Promise<Array<{ factor: string; t: number; value: number | null; flag: string | null; invalid: number }>> {
    return this.db
      .selectFrom('telemetry_minute')
      .select(['factor', 't', 'value', 'flag', 'invalid'])
      .where('device_id', '=', deviceId)
      .where('t', '>', from)
      .where('t', '<=', to)
      .execute();
  }

  async hoursIn(
    deviceId: number,
    from: number,
    to: number,
  ): Promise<Array<{ factor: string; t: number; value: number | null; valid: number; invalid: number }>> {
    return this.db
      .selectFrom('telemetry_hour')
      .select(['factor', 't', 'value', 'valid', 'invalid'])
      .where('device_id', '=', deviceId)
      .where('t', '>', from)
      .where('t', '<=', to)
      .execute();
  }

  /** Computed hours replace computed ones; an hour the device sent itself (2061) is kept. */
  async upsertComputedHours(rows: HourRow[]): Promise<void> {
    await this.upsertComputed('telemetry_hour', rows);
  }

  async upsertComputedDays(rows: DayRow[]): Promise<void> {
    await this.upsertComputed('telemetry_day', rows);
  }

  private async upsertComputed(table: 'telemetry_hour' | 'telemetry_day', rows: HourRow[] | DayRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .transaction()
      .execute((trx) =>
        this.database.upsertMany(trx, table, rows, { conflict: VALUE_KEY, guard: `"${table}"."source" <> 'device'` }),
      );
  }

  /** Marks values invalid (ops): minutes in (from, to] and the hours they make up. Returns the minutes marked. */
  async markInvalid(deviceIds: readonly number[], factor: string | null, from: number, to: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let minutes = trx
        .updateTable('telemetry_minute')
        .set({ invalid: 1 })
        .where('device_id', 'in', [...deviceIds])
        .where('t', '>', from)
        .where('t', '<=', to);
      if (factor !== null) minutes = minutes.where('factor', '=', factor);
      const result = await minutes.executeTakeFirst();
      let hours = trx
        .updateTable('telemetry_hour')
        .set({ invalid: 1, valid: 0 })
        .where('device_id', 'in', [...deviceIds])
        .where('source', '=', 'device')
        .where('t', '>', from)
        .where('t', '<=', to);
      if (factor !== null) hours = hours.where('factor', '=', factor);
      await hours.execute();
      return Number(result.numUpdatedRows);
    });
  }

  /** Deletes values older than the retention of their resolution; returns the rows removed. */
  async deleteBefore(resolution: Resolution, before: number): Promise<number> {
    const result = await this.db.deleteFrom(TABLES[resolution]).where('t', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Hour rows (device × factor × hour) per device in (from, to], and how many met the validity rule. */
  async hourCounts(
    deviceIds: readonly number[],
    from: number,
    to: number,
  ): Promise<Array<{ device_id: number; rows: number; valid_rows: number }>> {
    if (deviceIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('telemetry_hour')
      .select([
        'device_id',
        (eb) => eb.fn.countAll<number>().as('rows'),
        (eb) => eb.fn.sum<number>(eb.case().when('valid', '=', 1).then(1).else(0).end()).as('valid_rows'),
      ])
      .where('device_id', 'in', [...deviceIds])
      .where('t', '>', from)
      .where('t', '<=', to)
      .groupBy('device_id')
      .execute();
    return rows.map((r) => ({ device_id: r.device_id, rows: Number(r.rows), valid_rows: Number(r.valid_rows ?? 0) }));
  }
}
