import type { Database } from '../../../platform/db/database';
import type { OpenApiTables, OpenAppTokensTable } from './open-api.tables';
import type { OpenApp } from './open-apps.repository';

/** A token with its application, as every open call reads them. */
export interface TokenWithApp {
  token_hash: string;
  token_expires_at: number;
  app: OpenApp;
}

/**
 * open_app_tokens: by hash (the key) on every open call, joined with its application so that a
 * revoked, expired or narrowed application is seen at once; by application (its index) to end them.
 */
export class OpenAppTokensRepository {
  constructor(private readonly database: Database<OpenApiTables>) {}

  async insert(row: OpenAppTokensTable): Promise<void> {
    await this.database.db.insertInto('open_app_tokens').values(row).execute();
  }

  async withApp(tokenHash: string): Promise<TokenWithApp | undefined> {
    const row = await this.database.db
      .selectFrom('open_app_tokens as t')
      .innerJoin('open_apps as a', 'a.id', 't.app_id')
      .selectAll('a')
      .select(['t.token_hash as token_hash', 't.expires_at as token_expires_at'])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const { token_hash, token_expires_at, ...app } = row;
    return { token_hash, token_expires_at, app };
  }

  async delete(tokenHash: string): Promise<void> {
    await this.database.db.deleteFrom('open_app_tokens').where('token_hash', '=', tokenHash).execute();
  }

  /** Keeps an application's newest `keep` tokens and deletes the rest. */
  async trim(appId: string, keep: number): Promise<number> {
    const newest = this.database.db
      .selectFrom('open_app_tokens')
      .select('token_hash')
      .where('app_id', '=', appId)
      .orderBy('created_at', 'desc')
      .orderBy('token_hash', 'desc')
      .limit(keep);
    const result = await this.database.db
      .deleteFrom('open_app_tokens')
      .where('app_id', '=', appId)
      .where('token_hash', 'not in', newest)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async countFor(appId: string): Promise<number> {
    const row = await this.database.db
      .selectFrom('open_app_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('app_id', '=', appId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async deleteExpired(now: number): Promise<number> {
    const result = await this.database.db
      .deleteFrom('open_app_tokens')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
