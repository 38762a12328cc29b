import type { Kysely } from 'kysely';

/**
 * Short links of the public site (POST /api/getShortUrl, GET /s/:id). The target path is unique
 * through a SHA-256 hex of it rather than the text itself: a PostgreSQL B-tree entry is capped at
 * ~2.7 kB, and 2,000 characters of percent-encoded path could approach it.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('short_urls')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('url_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('short_urls').execute();
}
