import type { Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialects } from '../../testing/databases';
import { type Database, openDatabase } from './database';
import { MigrationFailedError, migrateToLatest } from './migrate';

/**
 * The database layer on its own, with a schema of its own (modules bring theirs): migrations,
 * restarts, bulk inserts and how epoch seconds come back, on SQLite and PostgreSQL.
 */

interface ProbeTables {
  probe: { key: string; value: string | null; updated_at: number };
}

const MIGRATIONS: Record<string, Migration> = {
  '0001_probe': {
    up: async (db) => {
      await db.schema
        .createTable('probe')
        .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('value', 'text')
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  },
};

describe.each(testDialects())('database on %s', (dialect) => {
  let target: TestDatabase;
  const open: Database<ProbeTables>[] = [];
  const connect = () => {
    const database = openDatabase<ProbeTables>(target.config);
    open.push(database);
    return database;
  };
  const value = async (database: Database<ProbeTables>, key: string) =>
    (await database.db.selectFrom('probe').selectAll().where('key', '=', key).executeTakeFirst())?.value;

  afterEach(async () => {
    for (const d of open.splice(0)) await d.close();
    await target.drop();
  });

  it('applies the migrations once, then finds nothing to do', async () => {
    target = await createTestDatabase(dialect);
    const database = connect();
    expect(database.dialect).toBe(dialect);
    const first = await migrateToLatest(database.db, MIGRATIONS);
    expect(first).toEqual({ applied: ['0001_probe'], total: 1 });
    const second = await migrateToLatest(database.db, MIGRATIONS);
    expect(second.applied).toEqual([]);
    await database.ping();
  });

  it('reads epoch seconds (BIGINT) back as numbers', async () => {
    target = await createTestDatabase(dialect);
    const database = connect();
    await migrateToLatest(database.db, MIGRATIONS);
    await database.db.insertInto('probe').values({ key: 't', value: '蓝天', updated_at: 1_700_000_100 }).execute();
    const row = await database.db.selectFrom('probe').selectAll().where('key', '=', 't').executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(1_700_000_100);
    expect(typeof row.updated_at).toBe('number');
  });

  it('keeps what was written across a restart (close and reopen)', async () => {
    target = await createTestDatabase(dialect);
    const before = connect();
    await migrateToLatest(before.db, MIGRATIONS);
    await before.db.insertInto('probe').values({ key: 'first', value: '1', updated_at: 1_000 }).execute();
    await before.close();
    open.splice(open.indexOf(before), 1);

    const after = connect();
    expect((await migrateToLatest(after.db, MIGRATIONS)).applied).toEqual([]);
    expect(await value(after, 'first')).toBe('1');
  });

  it('reports a failing migration by name and leaves earlier ones applied', async () => {
    target = await createTestDatabase(dialect);
    const database = connect();
    // Applied by an earlier run: PostgreSQL runs one run's migrations in one transaction, so a failure
    // takes back everything of that run, but never what an earlier run applied.
    await migrateToLatest(database.db, MIGRATIONS);
    const broken: Record<string, Migration> = {
      ...MIGRATIONS,
      '9999_broken': {
        up: async () => {
          throw new Error('boom');
        },
      },
    };
    await expect(migrateToLatest(database.db, broken)).rejects.toThrow(MigrationFailedError);
    await expect(migrateToLatest(database.db, broken)).rejects.toThrow(/9999_broken/);
    expect(await value(database, 'x')).toBeUndefined();
  });
});

describe.each(testDialects())('bulk insert on %s', (dialect) => {
  it('writes many rows in one go, missing values as NULL', async () => {
    const target = await createTestDatabase(dialect);
    const database = openDatabase<ProbeTables>(target.config);
    try {
      await migrateToLatest(database.db, MIGRATIONS);
      const rows = Array.from({ length: 2_500 }, (_, i) => ({
        key: `k${i}`,
        value: i % 3 === 0 ? null : i % 2 ? '单' : '双',
        updated_at: i,
      }));
      expect(await database.bulkInsert('probe', rows)).toBe(2_500);
      const count = await database.db
        .selectFrom('probe')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(2_500);
      const seven = await database.db.selectFrom('probe').selectAll().where('key', '=', 'k7').executeTakeFirstOrThrow();
      expect(seven).toEqual({ key: 'k7', value: '单', updated_at: 7 });
      const nine = await database.db.selectFrom('probe').selectAll().where('key', '=', 'k9').executeTakeFirstOrThrow();
      expect(nine.value).toBeNull();
      expect(await database.bulkInsert('probe', [])).toBe(0);
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
