import { type Insertable, type Selectable, sql } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { GatewayTables, GatewayUnregisteredTable, Hj212PacketsTable } from './gateway.tables';

export type PacketRecord = Selectable<Hj212PacketsTable>;
export type UnregisteredRecord = Selectable<GatewayUnregisteredTable>;

/** Most MNs kept in the unregistered list: a device fleet misconfigured at once must not fill the disk. */
export const MAX_UNREGISTERED = 10_000;

/**
 * The raw packet log and the unregistered list. Packets are the system's own record: operators read
 * them by MN, and the console offers them only to those who may see every device of the MN (the
 * routes look the MN up in the operator's scope first).
 */
export class PacketsRepository {
  constructor(private readonly database: Database<GatewayTables>) {}

  /** One transaction of prepared inserts (a busy gateway writes thousands a second). */
  async insertPackets(rows: ReadonlyArray<Insertable<Hj212PacketsTable>>): Promise<void> {
    await this.database.bulkInsert('hj212_packets', rows as ReadonlyArray<GatewayTables['hj212_packets']>);
  }

  async listPackets(
    filter: { mns: readonly string[] | null; mn?: string | undefined },
    page: { offset: number; limit: number },
  ): Promise<{ list: PacketRecord[]; total: number }> {
    let query = this.database.db.selectFrom('hj212_packets');
    if (filter.mns !== null) {
      if (filter.mns.length === 0) return { list: [], total: 0 };
      query = query.where('mn', 'in', [...filter.mns]);
    }
    if (filter.mn !== undefined) query = query.where('mn', '=', filter.mn);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const list = await query.selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute();
    return { list, total: Number(total.n) };
  }

  async packetsBetween(from: number, to: number, mn: string | null): Promise<PacketRecord[]> {
    let query = this.database.db
      .selectFrom('hj212_packets')
      .selectAll()
      .where('received_at', '>=', from)
      .where('received_at', '<=', to);
    if (mn !== null) query = query.where('mn', '=', mn);
    return query.orderBy('id').execute();
  }

  async deletePacketsBefore(before: number): Promise<number> {
    const result = await this.database.db
      .deleteFrom('hj212_packets')
      .where('received_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Adds what was seen of unregistered MNs (counts add up; factor lists merge). */
  async recordUnregistered(seen: ReadonlyArray<GatewayUnregisteredTable>): Promise<void> {
    if (seen.length === 0) return;
    await this.database.db.transaction().execute(async (trx) => {
      const count = await trx
        .selectFrom('gateway_unregistered')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      let room = MAX_UNREGISTERED - Number(count.n);
      for (const row of seen) {
        const prior = await trx
          .selectFrom('gateway_unregistered')
          .selectAll()
          .where('mn', '=', row.mn)
          .executeTakeFirst();
        if (prior === undefined) {
          if (room <= 0) continue;
          room -= 1;
          await trx.insertInto('gateway_unregistered').values(row).execute();
          continue;
        }
        const factors = [
          ...new Set([...(JSON.parse(prior.factors_json) as string[]), ...(JSON.parse(row.factors_json) as string[])]),
        ];
        await trx
          .updateTable('gateway_unregistered')
          .set({
            last_seen: Math.max(prior.last_seen, row.last_seen),
            packets: sql`packets + ${row.packets}`,
            last_ip: row.last_ip,
            last_cn: row.last_cn,
            st: row.st,
            factors_json: JSON.stringify(factors.slice(0, 64)),
          })
          .where('mn', '=', row.mn)
          .execute();
      }
    });
  }

  async listUnregistered(page: {
    offset: number;
    limit: number;
  }): Promise<{ list: UnregisteredRecord[]; total: number }> {
    const total = await this.database.db
      .selectFrom('gateway_unregistered')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const list = await this.database.db
      .selectFrom('gateway_unregistered')
      .selectAll()
      .orderBy('last_seen', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { list, total: Number(total.n) };
  }

  async forgetUnregistered(mns: readonly string[]): Promise<void> {
    if (mns.length === 0) return;
    await this.database.db
      .deleteFrom('gateway_unregistered')
      .where('mn', 'in', [...mns])
      .execute();
  }
}
