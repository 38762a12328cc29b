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

type ValueTable = 'telemetry_minute' | 'telemetry_hour' | 'telemetry_day';

/** Rows per statement: 500 × ~12 columns stays under both databases' bound-parameter limits. */
const CHUNK = 500;

/**
 * INSERT … ON CONFLICT (device_id, factor, t) DO UPDATE the given columns, in chunks; with
 * `keepDeviceRows`, a row the device sent itself (source 'device') is not replaced.
 */
async function upsertValues(
  db: Kysely<DevicesTables>,
  table: ValueTable,
  rows: ReadonlyArray<MinuteRow | HourRow | DayRow>,
  keepDeviceRows = false,
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const columns = Object.keys(first);
  const updates = sql.join(
    columns
      .filter((c) => c !== 'device_id' && c !== 'factor' && c !== 't')
      .map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`),
  );
  const guard = keepDeviceRows ? sql` where ${sql.ref(`${table}.source`)} <> 'device'` : sql``;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const tuples = rows
      .slice(i, i + CHUNK)
      .map((row) => sql`(${sql.join(columns.map((c) => (row as unknown as Record<string, unknown>)[c] ?? null))})`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(tuples)}
      on conflict (device_id, factor, t) do update set ${updates}${guard}`.execute(db);
  }
}

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
      await upsertValues(trx, 'telemetry_minute', batch.minutes);
      await upsertValues(trx, 'telemetry_hour', batch.hours);
      await upsertValues(trx, 'telemetry_day', batch.days);
      await this.upsertLatest(trx, batch.latest);
      for (const seen of batch.seen) {
        await trx
          .updateTable('device_status')
          .set((eb) => ({
            last_seen: eb
              .case()
              .when('last_seen', 'is', null)
              .then(seen.lastSeen)
              .when('last_seen', '<', seen.lastSeen)
              .then(seen.lastSeen)
              .else(eb.ref('last_seen'))
              .end(),
            ...(seen.lastDataTime === null
              ? {}
              : {
                  last_data_time: eb
                    .case()
                    .when('last_data_time', 'is', null)
                    .then(seen.lastDataTime)
                    .when('last_data_time', '<', seen.lastDataTime)
                    .then(seen.lastDataTime)
                    .else(eb.ref('last_data_time'))
                    .end(),
                }),
          }))
          .where('device_id', '=', seen.deviceId)
          .execute();
      }
    });
  }

  /** Newer values replace older ones; an old packet arriving late does not. */
  private async upsertLatest(trx: Kysely<DevicesTables>, rows: LatestRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      const tuples = rows
        .slice(i, i + 500)
        .map((r) => sql`(${r.device_id}, ${r.factor}, ${r.t}, ${r.value}, ${r.flag})`);
      await sql`insert into telemetry_latest (device_id, factor, t, value, flag) values ${sql.join(tuples)}
        on conflict (device_id, factor) do update set t = excluded.t, value = excluded.value, flag = excluded.flag
        where excluded.t >= telemetry_latest.t`.execute(trx);
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
    await upsertValues(this.db, 'telemetry_hour', rows, true);
  }

  async upsertComputedDays(rows: DayRow[]): Promise<void> {
    await upsertValues(this.db, 'telemetry_day', rows, true);
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
