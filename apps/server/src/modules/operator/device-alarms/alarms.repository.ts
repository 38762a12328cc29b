import type { Insertable, Selectable, Updateable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { AlarmEventsTable, AlarmRulesTable, AlarmsTable, DeviceAlarmsTables } from './device-alarms.tables';

export type RuleRecord = Selectable<AlarmRulesTable>;
export type AlarmRecord = Selectable<AlarmsTable>;
export type AlarmEventRecord = Selectable<AlarmEventsTable>;

export interface AlarmFilter {
  status?: string | undefined;
  kind?: string | undefined;
  level?: number | undefined;
  deviceId?: number | undefined;
  deviceIds?: readonly number[] | undefined;
  from?: number | undefined;
  to?: number | undefined;
  open?: boolean | undefined;
  ruleId?: number | undefined;
  /** Raised at or after (analysis counts alarms raised in a period; `from` finds those overlapping it). */
  raisedFrom?: number | undefined;
}

/**
 * Rules (installation-wide: a rule for a device type applies in every area) and alarms (scoped by
 * the device's area). Reads for operators take the scope; the engine's reads are the system's own.
 */
export class AlarmsRepository {
  constructor(private readonly database: Database<DeviceAlarmsTables>) {}

  private get db() {
    return this.database.db;
  }

  // --- Rules ---

  async rules(): Promise<RuleRecord[]> {
    return this.db.selectFrom('alarm_rules').selectAll().orderBy('id').execute();
  }

  async rule(id: number): Promise<RuleRecord | undefined> {
    return this.db.selectFrom('alarm_rules').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertRule(row: Insertable<AlarmRulesTable>): Promise<number> {
    const inserted = await this.db.insertInto('alarm_rules').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async updateRule(id: number, change: Updateable<AlarmRulesTable>): Promise<void> {
    await this.db.updateTable('alarm_rules').set(change).where('id', '=', id).execute();
  }

  async deleteRule(id: number): Promise<void> {
    await this.db.deleteFrom('alarm_rules').where('id', '=', id).execute();
  }

  // --- Alarms ---

  /** Every alarm not cleared (the engine's memory at start). */
  async open(): Promise<AlarmRecord[]> {
    return this.db.selectFrom('alarms').selectAll().where('status', '<>', 'cleared').execute();
  }

  async openFor(ruleId: number, deviceId: number): Promise<AlarmRecord | undefined> {
    return this.db
      .selectFrom('alarms')
      .selectAll()
      .where('rule_id', '=', ruleId)
      .where('device_id', '=', deviceId)
      .where('status', '<>', 'cleared')
      .executeTakeFirst();
  }

  /** Inserts an alarm with its first event; undefined when one is already open (another instance won). */
  async raise(
    row: Insertable<AlarmsTable>,
    event: Omit<Insertable<AlarmEventsTable>, 'alarm_id'>,
  ): Promise<number | undefined> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const inserted = await trx.insertInto('alarms').values(row).returning('id').executeTakeFirstOrThrow();
        const id = Number(inserted.id);
        await trx
          .insertInto('alarm_events')
          .values({ ...event, alarm_id: id })
          .execute();
        return id;
      });
    } catch (err) {
      if ((await this.openFor(row.rule_id, row.device_id)) !== undefined) return undefined;
      throw err;
    }
  }

  async update(
    id: number,
    change: Updateable<AlarmsTable>,
    event?: Omit<Insertable<AlarmEventsTable>, 'alarm_id'>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('alarms').set(change).where('id', '=', id).execute();
      if (event !== undefined)
        await trx
          .insertInto('alarm_events')
          .values({ ...event, alarm_id: id })
          .execute();
    });
  }

  async get(id: number, scope: AreaScope): Promise<AlarmRecord | undefined> {
    return this.db
      .selectFrom('alarms')
      .selectAll()
      .where('id', '=', id)
      .where(inAreaScope('area_code', scope))
      .executeTakeFirst();
  }

  async events(alarmId: number): Promise<AlarmEventRecord[]> {
    return this.db.selectFrom('alarm_events').selectAll().where('alarm_id', '=', alarmId).orderBy('id').execute();
  }

  private filtered(filter: AlarmFilter, scope: AreaScope) {
    let query = this.db.selectFrom('alarms').where(inAreaScope('area_code', scope));
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.open === true) query = query.where('status', '<>', 'cleared');
    if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
    if (filter.ruleId !== undefined) query = query.where('rule_id', '=', filter.ruleId);
    if (filter.level !== undefined) query = query.where('level', '=', filter.level);
    if (filter.deviceId !== undefined) query = query.where('device_id', '=', filter.deviceId);
    if (filter.deviceIds !== undefined) {
      query =
        filter.deviceIds.length === 0
          ? query.where('id', '<', 0)
          : query.where('device_id', 'in', [...filter.deviceIds]);
    }
    // Alarms overlapping the period; one not yet cleared lasts until now (a device offline since
    // yesterday is today's alarm too, though it was raised once and never repeats).
    const { from } = filter;
    if (from !== undefined)
      query = query.where((eb) => eb.or([eb('status', '<>', 'cleared'), eb('last_at', '>=', from)]));
    if (filter.to !== undefined) query = query.where('first_at', '<=', filter.to);
    if (filter.raisedFrom !== undefined) query = query.where('first_at', '>=', filter.raisedFrom);
    return query;
  }

  async list(filter: AlarmFilter, scope: AreaScope, page: { offset: number; limit: number }) {
    const query = this.filtered(filter, scope);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const list = await query
      .selectAll()
      .orderBy('last_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { list, total: Number(total.n) };
  }

  async count(filter: AlarmFilter, scope: AreaScope): Promise<number> {
    const row = await this.filtered(filter, scope)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Counts grouped by a column (analysis). */
  async countBy(column: 'level' | 'kind' | 'device_id' | 'status', filter: AlarmFilter, scope: AreaScope) {
    const rows = await this.filtered(filter, scope)
      .select([column, (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(column)
      .execute();
    return rows.map((r) => ({ key: String(r[column]), count: Number(r.n) }));
  }

  async firstTimes(filter: AlarmFilter, scope: AreaScope): Promise<number[]> {
    return (await this.filtered(filter, scope).select('first_at').execute()).map((r) => r.first_at);
  }

  /** Open alarms per device (count and highest level), for the registry and the map. */
  async openByDevice(deviceIds: readonly number[]): Promise<Array<{ device_id: number; n: number; level: number }>> {
    if (deviceIds.length === 0) return [];
    const out: Array<{ device_id: number; n: number; level: number }> = [];
    for (let i = 0; i < deviceIds.length; i += 500) {
      const rows = await this.db
        .selectFrom('alarms')
        .select(['device_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min<number>('level').as('level')])
        .where('status', '<>', 'cleared')
        .where('device_id', 'in', deviceIds.slice(i, i + 500))
        .groupBy('device_id')
        .execute();
      out.push(...rows.map((r) => ({ device_id: r.device_id, n: Number(r.n), level: Number(r.level) })));
    }
    return out;
  }
}
