import type { Insertable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { AccountsTables, UserVisitsTable } from './accounts.tables';

/** user_configs (per-user key/value settings) and user_visits (visit records). */
export class UserDataRepository {
  constructor(private readonly database: Database<AccountsTables>) {}

  async configOf(userId: string): Promise<Array<{ key: string; value: string }>> {
    return this.database.db
      .selectFrom('user_configs')
      .select(['key', 'value'])
      .where('user_id', '=', userId)
      .orderBy('key')
      .execute();
  }

  /** Inserts or replaces the given settings in one transaction. */
  async saveConfig(userId: string, entries: ReadonlyArray<readonly [string, string]>, now: number): Promise<void> {
    if (entries.length === 0) return;
    await this.database.db.transaction().execute(async (trx) => {
      for (const [key, value] of entries) {
        await trx
          .insertInto('user_configs')
          .values({ user_id: userId, key, value, updated_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value, updated_at: now }))
          .execute();
      }
    });
  }

  /** Deletes one setting, or all of a user's when `key` is undefined; returns how many. */
  async deleteConfig(userId: string, key?: string): Promise<number> {
    let query = this.database.db.deleteFrom('user_configs').where('user_id', '=', userId);
    if (key !== undefined) query = query.where('key', '=', key);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async insertVisit(visit: Insertable<UserVisitsTable>): Promise<void> {
    await this.database.db.insertInto('user_visits').values(visit).execute();
  }

  /** Deletes visit records made before `cutoff` (epoch seconds), a batch per statement; answers how many. */
  async deleteVisitsBefore(cutoff: number, batch = 1000): Promise<number> {
    let deleted = 0;
    for (;;) {
      const result = await this.database.db
        .deleteFrom('user_visits')
        .where('id', 'in', (eb) =>
          eb.selectFrom('user_visits').select('id').where('created_at', '<', cutoff).limit(batch),
        )
        .executeTakeFirst();
      const n = Number(result.numDeletedRows);
      deleted += n;
      if (n < batch) return deleted;
    }
  }

  async visitsOf(filter: { userId?: string; uniqueId?: string }) {
    let query = this.database.db.selectFrom('user_visits').selectAll().orderBy('created_at');
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.uniqueId !== undefined) query = query.where('unique_id', '=', filter.uniqueId);
    return query.execute();
  }
}
