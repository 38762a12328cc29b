import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { columnsOf, columnValues } from './rows';

export type Dialect = DatabaseConfig['kind'];

/**
 * One Kysely instance over SQLite (embedded default) or PostgreSQL (production). Repositories
 * write portable Kysely queries; where the dialects must differ they branch on `dialect`.
 *
 * `Tables` is the schema as the holder sees it: the whole application opens it with every
 * module's tables (modules/registry.ts), and a module's repository declares only the tables it
 * reads and writes (`Database<AirTables & StationsTables>`), so a query on another module's table
 * does not type-check there.
 */
export interface Database<Tables> extends AnyDatabase {
  readonly db: Kysely<Tables>;
  /**
   * Inserts many new rows fast, in one transaction: prepared statements on SQLite (~10× Kysely's
   * multi-row INSERT there), multi-row INSERTs on PostgreSQL. For seeding and bulk loads of rows
   * known to be new; the rows must all have the same keys. Returns the number of rows written.
   */
  bulkInsert<T extends keyof Tables & string>(table: T, rows: readonly Tables[T][]): Promise<number>;
}

/** A database whatever its tables: what health checks and shutdown need, and what modules are handed. */
export interface AnyDatabase {
  readonly dialect: Dialect;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Rows per multi-row INSERT on PostgreSQL: ~30 columns × 1,000 stays under its 65,535 parameters. */
const PG_BULK_CHUNK = 1_000;

function openSqlite<Tables>(file: string): { db: Kysely<Tables>; sqlite: SqliteDatabase.Database } {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run beside the single writer and survives a crash without losing committed rows.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) }), sqlite };
}

function sqliteBulkInsert(sqlite: SqliteDatabase.Database, table: string, rows: readonly unknown[]): number {
  const first = rows[0];
  if (first === undefined) return 0;
  const columns = columnsOf(first);
  const statement = sqlite.prepare(
    `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
  );
  const insertAll = sqlite.transaction((all: readonly unknown[]) => {
    for (const row of all) {
      const values = columnValues(row);
      statement.run(columns.map((c) => values.get(c) ?? null));
    }
  });
  insertAll(rows);
  return rows.length;
}

function openPostgres<Tables>(url: string): Kysely<Tables> {
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

export function openDatabase<Tables>(config: DatabaseConfig): Database<Tables> {
  const sqlite = config.kind === 'sqlite' ? openSqlite<Tables>(config.path) : undefined;
  const db = sqlite?.db ?? openPostgres<Tables>(config.kind === 'postgres' ? config.url : '');
  return {
    db,
    dialect: config.kind,
    async bulkInsert(table, rows) {
      if (sqlite !== undefined) return sqliteBulkInsert(sqlite.sqlite, table, rows);
      const first = rows[0];
      if (first === undefined) return 0;
      const columns = columnsOf(first);
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += PG_BULK_CHUNK) {
          const tuples = rows.slice(i, i + PG_BULK_CHUNK).map((row) => {
            const values = columnValues(row);
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
