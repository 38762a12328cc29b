import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../../config';
import type { Tables } from './schema';

export type Dialect = DatabaseConfig['kind'];

/**
 * One Kysely instance over SQLite (embedded default) or PostgreSQL (production). Repositories
 * write portable Kysely queries; where the dialects must differ they branch on `dialect`.
 */
export interface Database {
  readonly db: Kysely<Tables>;
  readonly dialect: Dialect;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

function openSqlite(file: string): Kysely<Tables> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run beside the single writer and survives a crash without losing committed rows.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
}

function openPostgres(url: string): Kysely<Tables> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Epoch seconds are stored as BIGINT; they fit a JS number exactly, so read them as numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
}

export function openDatabase(config: DatabaseConfig): Database {
  const db = config.kind === 'sqlite' ? openSqlite(config.path) : openPostgres(config.url);
  return {
    db,
    dialect: config.kind,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
