import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { AccountsTables, UserSessionsTable, UsersTable } from './accounts.tables';

export type SessionRow = Selectable<UserSessionsTable>;
export type NewSession = Insertable<UserSessionsTable>;

/** A live session with the user fields every authenticated request needs. */
export type SessionWithUser = SessionRow &
  Pick<Selectable<UsersTable>, 'phone' | 'user_type' | 'user_type_aqidata' | 'lidar_permission' | 'unique_id'>;

/** user_sessions: one row per login, keyed by the SHA-256 of its token. */
export class SessionsRepository {
  constructor(private readonly database: Database<AccountsTables>) {}

  async insert(session: NewSession): Promise<void> {
    await this.database.db.insertInto('user_sessions').values(session).execute();
  }

  async byTokenHash(tokenHash: string): Promise<SessionWithUser | undefined> {
    return this.database.db
      .selectFrom('user_sessions')
      .innerJoin('users', 'users.id', 'user_sessions.user_id')
      .selectAll('user_sessions')
      .select([
        'users.phone',
        'users.user_type',
        'users.user_type_aqidata',
        'users.lidar_permission',
        'users.unique_id',
      ])
      .where('user_sessions.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async touch(tokenHash: string, now: number): Promise<void> {
    await this.database.db
      .updateTable('user_sessions')
      .set({ last_seen_at: now })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  async delete(tokenHash: string): Promise<void> {
    await this.database.db.deleteFrom('user_sessions').where('token_hash', '=', tokenHash).execute();
  }

  /** Ends every session of a user, or every one but `keepTokenHash`; returns how many ended. */
  async deleteForUser(userId: string, keepTokenHash?: string): Promise<number> {
    let query = this.database.db.deleteFrom('user_sessions').where('user_id', '=', userId);
    if (keepTokenHash !== undefined) query = query.where('token_hash', '!=', keepTokenHash);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Removes sessions past their absolute or idle end; returns how many. */
  async deleteExpired(now: number): Promise<number> {
    const result = await this.database.db
      .deleteFrom('user_sessions')
      .where((eb) =>
        eb.or([eb('expires_at', '<=', now), eb(eb('last_seen_at', '+', eb.ref('idle_seconds')), '<=', now)]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async countForUser(userId: string): Promise<number> {
    const row = await this.database.db
      .selectFrom('user_sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
