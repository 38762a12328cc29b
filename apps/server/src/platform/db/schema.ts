import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

/**
 * Portable pieces of schema that the two dialects spell differently. Most tables use server-made
 * text ids; tables whose ids are referenced by millions of time-series rows use integers that the
 * database hands out (`serial` on PostgreSQL, `integer primary key autoincrement` on SQLite).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run on the untyped schema
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The type and constraints of an auto-numbered integer primary key, for `addColumn('id', …)`. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on the untyped schema
export function autoId(db: Kysely<any>): {
  type: 'serial' | 'integer';
  build: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
} {
  return isPostgres(db)
    ? { type: 'serial', build: (col) => col.primaryKey() }
    : { type: 'integer', build: (col) => col.primaryKey().autoIncrement() };
}
