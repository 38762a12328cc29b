import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { ShortUrlsTable, ShortUrlsTables } from './short-urls.tables';

export type ShortUrlRow = Selectable<ShortUrlsTable>;
export type NewShortUrl = Omit<Insertable<ShortUrlsTable>, 'hits'>;

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
      .values({ ...row, hits: 0 })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async countHit(id: string): Promise<void> {
    await this.database.db
      .updateTable('short_urls')
      .set((eb) => ({ hits: eb('hits', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }
}
