import type { Kysely } from 'kysely';

/**
 * Indexes for the statistics and the hot map (issue 15: a hot map of 100,000 events in ≤ 200 ms).
 * Every statistics query is "the reader's area over a period", so both lead with area_code and
 * reported_at; the hot map's carries the columns it groups and averages, so SQLite and PostgreSQL
 * answer it from the index alone without visiting the table's rows.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('events_area_time_map')
    .on('events')
    .columns(['area_code', 'reported_at', 'lon', 'lat', 'catalog'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_area_time_map').execute();
}
