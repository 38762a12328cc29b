import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { AccountsTables, UsersTable } from './accounts.tables';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

/** users: found by phone (unique) at login, registration and reset; by id from a session. */
export class UsersRepository {
  constructor(private readonly database: Database<AccountsTables>) {}

  async byPhone(phone: string): Promise<UserRow | undefined> {
    return this.database.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  async byId(id: string): Promise<UserRow | undefined> {
    return this.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Adds a user unless the phone is taken (atomic on both dialects); true when this row was written. */
  async insertIfPhoneFree(user: NewUser): Promise<boolean> {
    const result = await this.database.db
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.column('phone').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async setPassword(id: string, passwordHash: string, now: number): Promise<void> {
    await this.database.db
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now })
      .where('id', '=', id)
      .execute();
  }

  async recordLogin(id: string, now: number): Promise<void> {
    await this.database.db.updateTable('users').set({ last_login_at: now }).where('id', '=', id).execute();
  }
}
