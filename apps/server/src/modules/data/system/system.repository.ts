import type { Database } from '../../../platform/db/database';
import type { SystemTables } from './system.tables';

/** app_meta: facts about this installation, one row per key. */
export class SystemRepository {
  constructor(private readonly database: Database<SystemTables>) {}

  async getMeta(key: string): Promise<string | undefined> {
    const row = await this.database.db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  async setMeta(key: string, value: string, nowSeconds: number): Promise<void> {
    await this.database.db
      .insertInto('app_meta')
      .values({ key, value, updated_at: nowSeconds })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: nowSeconds }))
      .execute();
  }

  /** Records the first start once and the latest start every time. */
  async recordStart(nowSeconds: number): Promise<{ firstStartedAt: number }> {
    await this.database.db
      .insertInto('app_meta')
      .values({ key: 'first_started_at', value: String(nowSeconds), updated_at: nowSeconds })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    await this.setMeta('last_started_at', String(nowSeconds), nowSeconds);
    return { firstStartedAt: Number(await this.getMeta('first_started_at')) };
  }
}
