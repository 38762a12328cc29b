import type { Kysely } from 'kysely';

/** Organisations, operators, roles and their permissions, and operator sessions (see operators.tables.ts). */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orgs')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('parent_id', 'varchar(40)', (col) => col.references('orgs.id'))
    .addColumn('name', 'varchar(64)', (col) => col.notNull())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  // Scoped reads filter on the area code's prefix.
  await db.schema.createIndex('orgs_area').on('orgs').columns(['area_code']).execute();
  await db.schema.createIndex('orgs_parent').on('orgs').columns(['parent_id']).execute();

  await db.schema
    .createTable('operators')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('username', 'varchar(32)', (col) => col.notNull())
    .addColumn('username_key', 'varchar(32)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(32)', (col) => col.notNull())
    .addColumn('phone', 'varchar(11)')
    .addColumn('password_hash', 'varchar(255)', (col) => col.notNull())
    .addColumn('org_id', 'varchar(40)', (col) => col.notNull().references('orgs.id'))
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('must_change_password', 'smallint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('password_changed_at', 'bigint', (col) => col.notNull())
    .addColumn('last_login_at', 'bigint')
    .execute();
  await db.schema.createIndex('operators_org').on('operators').columns(['org_id']).execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(32)', (col) => col.notNull().unique())
    .addColumn('description', 'varchar(200)', (col) => col.notNull())
    .addColumn('builtin', 'smallint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'varchar(40)', (col) => col.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission', 'varchar(64)', (col) => col.notNull())
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
    .execute();

  await db.schema
    .createTable('operator_roles')
    .addColumn('operator_id', 'varchar(40)', (col) => col.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('role_id', 'varchar(40)', (col) => col.notNull().references('roles.id'))
    .addPrimaryKeyConstraint('operator_roles_pk', ['operator_id', 'role_id'])
    .execute();
  await db.schema.createIndex('operator_roles_role').on('operator_roles').columns(['role_id']).execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('operator_id', 'varchar(40)', (col) => col.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('operator_sessions_operator').on('operator_sessions').columns(['operator_id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['operator_sessions', 'operator_roles', 'role_permissions', 'roles', 'operators', 'orgs']) {
    await db.schema.dropTable(table).execute();
  }
}
