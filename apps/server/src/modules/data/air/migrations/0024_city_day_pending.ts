import type { Kysely } from 'kysely';

/**
 * The China days whose city values are stale: an import writes a batch's city hours and marks their
 * days here in one transaction, and computes each marked day (then its month and year) once at the
 * end instead of after every batch. A crash in between leaves the marks, and the next import's end
 * computes what the interrupted one could not.
 */

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('city_day_pending')
    .addColumn('day', 'integer', (c) => c.primaryKey())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('city_day_pending').execute();
}
