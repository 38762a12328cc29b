import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, type PostgresPool, sql } from 'kysely';
import { type DatabaseConfig, DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from '../config';
import { Outage } from '../outages';
import { openPostgresPool } from './postgres-pool';
import { columnsOf, columnValues } from './rows';
import { ImmediateSqliteDialect } from './sqlite-dialect';

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
  /**
   * INSERT … ON CONFLICT (`conflict`) DO UPDATE SET every other column = excluded's [WHERE `guard`],
   * for many rows, inside the caller's transaction `trx`. On SQLite one cached prepared statement run
   * per row (the connection is the transaction's: better-sqlite3 has one); on PostgreSQL multi-row
   * statements. For hot write paths (the HJ 212 gateway's batches): the same work through Kysely's
   * query builder spent most of its time building and preparing 4,000-parameter statements.
   * `guard` is trusted SQL written by the caller, never user input.
   */
  upsertMany<T extends keyof Tables & string>(
    trx: Kysely<Tables>,
    table: T,
    /** Rows with the same keys; columns left out are neither inserted nor updated (defaults apply). */
    rows: readonly Partial<Tables[T]>[],
    options: { conflict: readonly string[]; guard?: string },
  ): Promise<void>;
  /**
   * The driver under Kysely, for the few bulk paths Kysely cannot serve: SQLite's prepared
   * statements run synchronously inside a Kysely transaction (same connection), PostgreSQL's COPY on
   * a client of the same pool. Only repositories use it, and only for bulk writes.
   */
  readonly native: NativeDatabase;
}

export type NativeDatabase =
  | { kind: 'sqlite'; sqlite: SqliteDatabase.Database }
  | { kind: 'postgres'; pool: PostgresPool };

/** A database whatever its tables: what health checks and shutdown need, and what modules are handed. */
export interface AnyDatabase {
  readonly dialect: Dialect;
  /** The database's outages, logged once each (PostgreSQL; SQLite is a file and has none). */
  readonly outage: Outage;
  ping(): Promise<void>;
  close(): Promise<void>;
}

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
  // An hour of ~1,500 stations touches ~1,500 leaves of station_hourly's primary key: with SQLite's
  // 2 MB default cache every hour re-read them, and every 1,000 pages of WAL a checkpoint copied
  // them back and synced. 64 MB holds a year's working set of leaves; checkpoints every ~40 MB.
  // Together they made bulk inserts about 1.5× faster (docs/PERFORMANCE.md, "Import").
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('wal_autocheckpoint = 10000');
  return { db: new Kysely<Tables>({ dialect: new ImmediateSqliteDialect(sqlite) }), sqlite };
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

function openPostgres<Tables>(
  url: string,
  timeouts: PostgresTimeouts,
  outage: Outage,
): { db: Kysely<Tables>; pool: PostgresPool } {
  const pool = openPostgresPool(url, timeouts, outage);
  return { db: new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) }), pool };
}

/** Rows per multi-row upsert on PostgreSQL: ~12 columns × 500 stays far under its parameter limit. */
const PG_UPSERT_CHUNK = 500;

function upsertSql(table: string, columns: readonly string[], conflict: readonly string[], guard?: string) {
  const quoted = (c: string) => `"${c}"`;
  const updates = columns.filter((c) => !conflict.includes(c)).map((c) => `${quoted(c)} = excluded.${quoted(c)}`);
  return {
    head: `insert into "${table}" (${columns.map(quoted).join(', ')}) values `,
    tail: ` on conflict (${conflict.map(quoted).join(', ')}) do update set ${updates.join(', ')}${guard === undefined ? '' : ` where ${guard}`}`,
  };
}

export function openDatabase<Tables>(config: DatabaseConfig): Database<Tables> {
  const sqlite = config.kind === 'sqlite' ? openSqlite<Tables>(config.path) : undefined;
  const outage = new Outage('database');
  const postgres =
    sqlite === undefined
      ? openPostgres<Tables>(
          config.kind === 'postgres' ? config.url : '',
          (config.kind === 'postgres' ? config.timeouts : undefined) ?? DEFAULT_POSTGRES_TIMEOUTS,
          outage,
        )
      : undefined;
  let db: Kysely<Tables>;
  let native: NativeDatabase;
  if (sqlite !== undefined) {
    db = sqlite.db;
    native = { kind: 'sqlite', sqlite: sqlite.sqlite };
  } else if (postgres !== undefined) {
    db = postgres.db;
    native = { kind: 'postgres', pool: postgres.pool };
  } else {
    throw new Error('no database opened');
  }
  const prepared = new Map<string, SqliteDatabase.Statement>();
  return {
    db,
    dialect: config.kind,
    outage,
    native,
    async upsertMany(trx, table, rows, options) {
      const first = rows[0];
      if (first === undefined) return;
      const columns = columnsOf(first);
      const { head, tail } = upsertSql(table, columns, options.conflict, options.guard);
      if (sqlite !== undefined) {
        const key = `${head}|${tail}`;
        let statement = prepared.get(key);
        if (statement === undefined) {
          statement = sqlite.sqlite.prepare(`${head}(${columns.map(() => '?').join(', ')})${tail}`);
          prepared.set(key, statement);
        }
        for (const row of rows) {
          const record = row as Record<string, unknown>;
          statement.run(columns.map((c) => record[c] ?? null));
        }
        return;
      }
      for (let i = 0; i < rows.length; i += PG_UPSERT_CHUNK) {
        const tuples = rows.slice(i, i + PG_UPSERT_CHUNK).map((row) => {
          const record = row as Record<string, unknown>;
          return sql`(${sql.join(columns.map((c) => record[c] ?? null))})`;
        });
        await sql`${sql.raw(head)}${sql.join(tuples)}${sql.raw(tail)}`.execute(trx);
      }
    },
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
