import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { autoId } from '../../../../platform/db/schema';

/** The app_meta key of the secret the public form's client addresses are hashed with. */
export const COMPLAINT_IP_SALT_META = 'complaint_ip_salt';

/** Complaints (issue 15). */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  await db.schema
    .createTable('complaints')
    .addColumn('id', id.type, id.build)
    .addColumn('type', 'varchar(40)', (col) => col.notNull())
    .addColumn('status', 'varchar(12)', (col) => col.notNull())
    .addColumn('title', 'varchar(80)', (col) => col.notNull())
    .addColumn('content', 'varchar(2000)', (col) => col.notNull())
    .addColumn('contact_name', 'varchar(32)')
    .addColumn('phone', 'varchar(11)')
    .addColumn('lon', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('address', 'varchar(200)', (col) => col.notNull())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('source', 'varchar(12)', (col) => col.notNull())
    .addColumn('event_id', 'integer', (col) => col.unique())
    .addColumn('reply', 'varchar(1000)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('handled_at', 'bigint')
    .addColumn('handled_by', 'varchar(40)')
    .addColumn('ip_hash', 'varchar(64)')
    .execute();
  await db.schema.createIndex('complaints_area_time').on('complaints').columns(['area_code', 'created_at']).execute();
  await db.schema.createIndex('complaints_status_area').on('complaints').columns(['status', 'area_code']).execute();
  // The secret is made once, here, so that every instance hashes the same address the same way.
  await db
    .insertInto('app_meta')
    .values({
      key: COMPLAINT_IP_SALT_META,
      value: randomBytes(32).toString('base64url'),
      updated_at: Math.floor(Date.now() / 1000),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('complaints').execute();
  await db.deleteFrom('app_meta').where('key', '=', COMPLAINT_IP_SALT_META).execute();
}
