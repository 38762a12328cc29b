import type { Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { OperatorSessionsTable, OperatorsTables } from './operators.tables';

export type OperatorSession = Selectable<OperatorSessionsTable>;

/** operator_sessions: by token hash (the key) on every request; by operator (its index) to end them all. */
export class OperatorSessionsRepository {
  constructor(private readonly database: Database<OperatorsTables>) {}

  async insert(row: OperatorSessionsTable): Promise<void> {
    await this.database.db.insertInto('operator_sessions').values(row).execute();
  }

  async byTokenHash(tokenHash: string): Promise<OperatorSession | undefined> {
    return this.database.db
      .selectFrom('operator_sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async touch(tokenHash: string, now: number): Promise<void> {
    await this.database.db
      .updateTable('operator_sessions')
      .set({ last_seen_at: now })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  async delete(tokenHash: string): Promise<void> {
    await this.database.db.deleteFrom('operator_sessions').where('token_hash', '=', tokenHash).execute();
  }

  /** Ends every session of an operator (disabled, password changed or reset); `except` keeps the caller's own. */
  async deleteForOperator(operatorId: string, except?: string): Promise<number> {
    let query = this.database.db.deleteFrom('operator_sessions').where('operator_id', '=', operatorId);
    if (except !== undefined) query = query.where('token_hash', '!=', except);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteExpired(now: number, idleSeconds: number): Promise<number> {
    const result = await this.database.db
      .deleteFrom('operator_sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleSeconds)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
