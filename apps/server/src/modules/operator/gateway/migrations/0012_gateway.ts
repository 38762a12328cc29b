import type { Kysely } from 'kysely';
import { autoId } from '../../../../platform/db/schema';

/** The HJ 212 gateway's raw packet log and its list of unregistered devices seen. */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  await db.schema
    .createTable('hj212_packets')
    .addColumn('id', id.type, id.build)
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .addColumn('mn', 'varchar(24)', (col) => col.notNull())
    .addColumn('cn', 'varchar(8)', (col) => col.notNull())
    .addColumn('qn', 'varchar(20)')
    .addColumn('peer', 'varchar(64)', (col) => col.notNull())
    .addColumn('raw', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('hj212_packets_received').on('hj212_packets').columns(['received_at']).execute();
  await db.schema.createIndex('hj212_packets_mn').on('hj212_packets').columns(['mn', 'received_at']).execute();

  await db.schema
    .createTable('gateway_unregistered')
    .addColumn('mn', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('first_seen', 'bigint', (col) => col.notNull())
    .addColumn('last_seen', 'bigint', (col) => col.notNull())
    .addColumn('packets', 'integer', (col) => col.notNull())
    .addColumn('last_ip', 'varchar(64)', (col) => col.notNull())
    .addColumn('last_cn', 'varchar(8)')
    .addColumn('st', 'varchar(4)')
    .addColumn('factors_json', 'text', (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gateway_unregistered').execute();
  await db.schema.dropTable('hj212_packets').execute();
}
