import type SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, SqliteDriver } from 'kysely';

/**
 * SQLite transactions that take the write lock when they begin (`BEGIN IMMEDIATE`), not at their
 * first write. A deferred transaction that reads and then writes fails at once with SQLITE_BUSY
 * (no busy wait: its snapshot is stale) when another process — an import from the command line
 * beside the running server — committed in between. Taken up front, the lock is waited for under
 * `busy_timeout` like any other write, so the server and an import simply take turns.
 *
 * Every transaction here writes (reads need none: WAL gives each statement a consistent view), so
 * there is no read-only transaction to keep deferred.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly database: SqliteDatabase.Database) {
    super({ database });
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.database });
  }
}
