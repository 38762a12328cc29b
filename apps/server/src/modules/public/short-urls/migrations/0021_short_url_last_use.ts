import { type Kysely, sql } from 'kysely';

/**
 * When a short link was last used (followed, or asked for again), so that links nobody uses are
 * swept after SHORT_URL_RETENTION_DAYS. Existing links count as used when they were made.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('short_urls')
    .addColumn('last_used_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable('short_urls').set({ last_used_at: sql`created_at` }).execute();
  await db.schema.createIndex('short_urls_last_used').on('short_urls').column('last_used_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('short_urls_last_used').execute();
  await db.schema.alterTable('short_urls').dropColumn('last_used_at').execute();
}
