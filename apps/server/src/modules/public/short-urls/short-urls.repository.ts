import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { ShortUrlsTable, ShortUrlsTables } from './short-urls.tables';

export type ShortUrlRow = Selectable<ShortUrlsTable>;
export type NewShortUrl = Omit<Insertable<ShortUrlsTable>, 'hits' | 'last_used_at'>;

/** Uses of one link gathered in memory since the last flush. */
export interface LinkUse {
  id: string;
  /** Redirects served. */
  hits: number;
  /** The latest use, epoch seconds. */
  lastUsedAt: number;
}

/** Rows one statement of the sweep deletes, so that a large backlog never holds the write lock long. */
const SWEEP_BATCH = 1000;

/**
 * short_urls. Looked up by id (the primary key) when a link is followed, and by url_hash (unique
 * index) when a path is shortened again.
 */
export class ShortUrlsRepository {
  constructor(private readonly database: Database<ShortUrlsTables>) {}

  async byId(id: string): Promise<ShortUrlRow | undefined> {
    return this.database.db.selectFrom('short_urls').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async byHash(urlHash: string): Promise<ShortUrlRow | undefined> {
    return this.database.db.selectFrom('short_urls').selectAll().where('url_hash', '=', urlHash).executeTakeFirst();
  }

  /**
   * Stores a link unless its id or its url is already taken (ON CONFLICT DO NOTHING, atomic on both
   * dialects, so two requests racing for the same url cannot both win). True when this row was written.
   */
  async insertIfAbsent(row: NewShortUrl): Promise<boolean> {
    const result = await this.database.db
      .insertInto('short_urls')
      .values({ ...row, hits: 0, last_used_at: row.created_at })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Adds gathered uses in one transaction: hits add up, the last use only moves forward (other instances flush too). */
  async recordUses(uses: readonly LinkUse[]): Promise<void> {
    if (uses.length === 0) return;
    await this.database.db.transaction().execute(async (trx) => {
      for (const use of uses) {
        await trx
          .updateTable('short_urls')
          .set((eb) => ({
            hits: eb('hits', '+', use.hits),
            last_used_at: eb
              .case()
              .when('last_used_at', '<', use.lastUsedAt)
              .then(use.lastUsedAt)
              .else(eb.ref('last_used_at'))
              .end(),
          }))
          .where('id', '=', use.id)
          .execute();
      }
    });
  }

  /** Deletes links last used before `cutoff` (epoch seconds), in batches; answers how many. */
  async deleteUnusedSince(cutoff: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      const result = await this.database.db
        .deleteFrom('short_urls')
        .where('id', 'in', (eb) =>
          eb.selectFrom('short_urls').select('id').where('last_used_at', '<', cutoff).limit(SWEEP_BATCH),
        )
        .executeTakeFirst();
      const n = Number(result.numDeletedRows);
      deleted += n;
      if (n < SWEEP_BATCH) return deleted;
    }
  }
}
