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
  /**
   * Inserts many new rows fast, in one transaction: prepared statements on SQLite (~10× Kysely's
   * multi-row INSERT there), multi-row INSERTs on PostgreSQL. For seeding and bulk loads of rows
   * known to be new; the rows must all have the same keys. Returns the number of rows written.
   */
  bulkInsert<T extends keyof Tables & string>(table: T, rows: readonly Tables[T][]): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Rows per multi-row INSERT on PostgreSQL: ~30 columns × 1,000 stays under its 65,535 parameters. */
const PG_BULK_CHUNK = 1_000;

function openSqlite(file: string): { db: Kysely<Tables>; sqlite: SqliteDatabase.Database } {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run beside the single writer and survives a crash without losing committed rows.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) }), sqlite };
}

function sqliteBulkInsert(sqlite: SqliteDatabase.Database, table: string, rows: readonly object[]): number {
  const first = rows[0];
  if (first === undefined) return 0;
  const columns = Object.keys(first);
  const statement = sqlite.prepare(
    `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
  );
  const insertAll = sqlite.transaction((all: readonly object[]) => {
    for (const row of all) {
      const values = new Map<string, unknown>(Object.entries(row));
      statement.run(columns.map((c) => values.get(c) ?? null));
    }
  });
  insertAll(rows);
  return rows.length;
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
  const sqlite = config.kind === 'sqlite' ? openSqlite(config.path) : undefined;
  const db = sqlite?.db ?? openPostgres(config.kind === 'postgres' ? config.url : '');
  return {
    db,
    dialect: config.kind,
    async bulkInsert(table, rows) {
      if (sqlite !== undefined) return sqliteBulkInsert(sqlite.sqlite, table, rows);
      const first = rows[0];
      if (first === undefined) return 0;
      const columns = Object.keys(first);
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += PG_BULK_CHUNK) {
          const tuples = rows.slice(i, i + PG_BULK_CHUNK).map((row) => {
            const values = new Map<string, unknown>(Object.entries(row));
            return sql`(${sql.join(columns.map((c) => values.get(c) ?? null))})`;
          });
          await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(tuples)}`.execute(
            trx,
          );
        }
      });
      return rows.length;
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
